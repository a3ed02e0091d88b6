import { sql } from "drizzle-orm";
import { accountKey, parseAccountKey } from "../../../core/chart-of-accounts";
import {
  balanceSheet,
  netProfitOf,
  profitAndLoss,
  signedBalance,
  trialBalance,
  type StatementAccount,
} from "../../../core/financial-statements";
import { add, isZero, sub, toDecimalString } from "../../../core/money";
import { queryRows, type Db, type Executor } from "../../db/client";
import { notFound } from "../../http/errors";
import { accountLines, accountLinesSummary, accountSums, type AccountSums, type BooksQuery } from "./books.repository";
import type { ChartAccount } from "../../../core/chart-of-accounts";
import { chartAccounts } from "./chart.service";

/**
 * The financial statements: trial balance, general ledger, profit and loss and
 * balance sheet, each a sum over the ledger grouped by the chart (chart.service.ts), in the base
 * currency at the booked rates unless one currency is asked for.
 */
interface Currency {
  id: number;
  code: string;
}

async function currencyOf(ex: Executor, currencyId: number | null): Promise<Currency> {
  const [row] = await queryRows<Currency>(
    ex,
    currencyId === null
      ? sql`select id, code from currency where is_base limit 1`
      : sql`select id, code from currency where id = ${currencyId}`,
  );
  // An unknown currency is a filter naming nothing: answered as absent.
  if (!row) throw notFound();
  return row;
}

const statementAccount = (a: ChartAccount): StatementAccount => ({
  account: a.id,
  code: a.code,
  name: a.name,
  name_ar: a.name_ar,
  name_ckb: a.name_ckb,
  class: a.class,
  group: a.group,
});

/** The sums per account beside the chart's account for each (every account with lines, in chart order). */
async function sumsWithChart(ex: Executor, q: BooksQuery) {
  const sums = await accountSums(ex, q);
  const chart = await chartAccounts(ex, q.branchIds, sums);
  const sumOf = new Map<string, AccountSums>(sums.map((s) => [accountKey(s.account_type, s.account_id), s]));
  return chart.flatMap((account) => {
    const s = sumOf.get(account.id);
    return s ? [{ account: statementAccount(account), sums: s }] : [];
  });
}

export async function trialBalanceReport(db: Db, q: BooksQuery) {
  const [currency, accounts] = await Promise.all([currencyOf(db, q.currencyId), sumsWithChart(db, q)]);
  const { rows, totals } = trialBalance(
    accounts.map(({ account, sums }) => ({ ...account, opening: sums.opening, debit: sums.debit, credit: sums.credit })),
  );
  return { currency, start_date: q.startDate, end_date: q.endDate, rows, totals };
}

/**
 * The closing entries of a closed year are left out: they are no income or expense, only the move of
 * the year's result into retained earnings, so a closed year's profit and loss reads as before its close
 * (they are dated on the year's last day, beside its last documents, so no cut by date could do it).
 */
export async function profitAndLossReport(db: Db, q: BooksQuery) {
  const base: BooksQuery = { ...q, currencyId: null, withoutClosing: true };
  const [currency, accounts] = await Promise.all([currencyOf(db, null), sumsWithChart(db, base)]);
  // Only the accounts the period moved: the sums also carry every account's opening.
  const moved = accounts.filter(({ sums }) => !isZero(sums.debit) || !isZero(sums.credit));
  const statement = profitAndLoss(
    moved.map(({ account, sums }) => ({
      ...account,
      net: toDecimalString(sub(sums.debit, sums.credit)),
      returns_net: account.group === "sales" ? sums.returns_net : undefined,
    })),
  );
  return { currency, start_date: q.startDate, end_date: q.endDate, ...statement };
}

/**
 * At a date: every balance up to it; equity holds the profit of the years before the date's year
 * (retained earnings, while no year is closed into an account) and of its year up to the date.
 */
export async function balanceSheetReport(db: Db, branchIds: readonly number[], date: string) {
  const q: BooksQuery = { branchIds, startDate: `${date.slice(0, 4)}-01-01`, endDate: date, currencyId: null };
  const [currency, accounts] = await Promise.all([currencyOf(db, null), sumsWithChart(db, q)]);
  const earlier = netProfitOf(accounts.map(({ account, sums }) => ({ class: account.class, net: sums.opening })));
  const year = netProfitOf(
    accounts.map(({ account, sums }) => ({ class: account.class, net: toDecimalString(sub(sums.debit, sums.credit)) })),
  );
  const sheet = balanceSheet(
    accounts.map(({ account, sums }) => ({ ...account, net: toDecimalString(sub(add(sums.opening, sums.debit), sums.credit)) })),
    earlier,
    year,
  );
  return { currency, date, ...sheet };
}

export interface GeneralLedgerQuery extends BooksQuery {
  account: string;
  page: number;
  pageSize: number;
}

/**
 * One account's lines over a period, paged, with the opening balance before it and each line's running
 * balance, read the way the account's class reads it (assets and expenses debit - credit, the others
 * credit - debit). An account outside the caller's chart is 404.
 */
export async function generalLedgerReport(db: Db, q: GeneralLedgerQuery) {
  const parsed = parseAccountKey(q.account);
  if (!parsed) throw notFound();
  const [currency, chart] = await Promise.all([currencyOf(db, q.currencyId), chartAccounts(db, q.branchIds)]);
  const account = chart.find((a) => a.id === q.account);
  if (!account) throw notFound();
  const lineQuery = { ...q, ...parsed };
  const summary = await accountLinesSummary(db, lineQuery);
  const offset = (q.page - 1) * q.pageSize;
  const page = offset < summary.count ? await accountLines(db, lineQuery, offset, q.pageSize) : [];
  const read = (debitMinusCredit: string) => signedBalance(account.class, debitMinusCredit);
  return {
    account,
    currency,
    start_date: q.startDate,
    end_date: q.endDate,
    opening_balance: read(summary.opening),
    closing_balance: read(toDecimalString(add(summary.opening, summary.total))),
    count: summary.count,
    page: q.page,
    page_size: q.pageSize,
    results: page.map(({ running, ...line }) => ({ ...line, balance: read(toDecimalString(add(summary.opening, running))) })),
  };
}
