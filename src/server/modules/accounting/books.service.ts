import { sql } from "drizzle-orm";
import { toIsoDate } from "../../../core/dates";
import { CHART_GROUPS, accountKey, parseAccountKey } from "../../../core/chart-of-accounts";
import {
  balanceSheet,
  monthPeriods,
  netProfitOf,
  yearEarlier,
  type StatementPeriod,
  profitAndLoss,
  signedBalance,
  trialBalance,
  type StatementAccount,
} from "../../../core/financial-statements";
import { journalAccountPath, journalTransaction, sameTransaction, type JournalHead, type JournalLine } from "../../../core/ledger-journal";
import { add, isZero, sub, toDecimalString } from "../../../core/money";
import { LEDGER_DOCUMENT_TITLES } from "../../../core/column-titles";
import { queryRows, type Db, type Executor } from "../../db/client";
import { columnTitle, translateText, type ExportLanguage } from "../../http/export-language";
import { notFound } from "../../http/errors";
import {
  accountLineChunks,
  accountLines,
  accountLinesSummary,
  accountSums,
  accountSumsByPeriod,
  journalRowChunks,
  openingByCurrency,
  type AccountSums,
  type BooksQuery,
} from "./books.repository";
import type { ChartAccount } from "../../../core/chart-of-accounts";
import { chartAccounts } from "./chart.service";
import { coverStatementDays } from "./statement-day-totals";

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
async function sumsWithChart(db: Db, q: BooksQuery) {
  const sums = await accountSums(db, { ...q, coveredThrough: await coverStatementDays(db) });
  const chart = await chartAccounts(db, q.branchIds, sums);
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

/** The profit and loss's columns beside the period's own: its months, or the same period a year earlier and it. */
export const PROFIT_COLUMNS = ["none", "month", "last_year"] as const;
export type ProfitColumns = (typeof PROFIT_COLUMNS)[number];

/**
 * The closing entries of a closed year are left out: they are no income or expense, only the move of
 * the year's result into retained earnings, so a closed year's profit and loss reads as before its close
 * (they are dated on the year's last day, beside its last documents, so no cut by date could do it).
 */
export async function profitAndLossReport(db: Db, q: BooksQuery, columns: ProfitColumns = "none") {
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
  const periods = columns === "none" ? [] : columnPeriods(q, columns);
  return {
    currency,
    start_date: q.startDate,
    end_date: q.endDate,
    ...statement,
    ...(columns === "none" ? {} : { columns: await profitColumns(db, q.branchIds, periods) }),
  };
}

function columnPeriods(q: BooksQuery, columns: Exclude<ProfitColumns, "none">): StatementPeriod[] {
  const end = q.endDate ?? toIsoDate(new Date());
  const start = q.startDate ?? `${end.slice(0, 4)}-01-01`;
  const period = { start, end };
  return columns === "month" ? monthPeriods(start, end) : [yearEarlier(period), period];
}

/** One profit and loss per period, from one pass over the periods' lines. */
async function profitColumns(db: Db, branchIds: readonly number[], periods: readonly StatementPeriod[]) {
  const covered = await coverStatementDays(db);
  const [sums, chart] = await Promise.all([accountSumsByPeriod(db, branchIds, periods, covered), chartAccounts(db, branchIds)]);
  const accountOf = new Map(chart.map((a) => [a.id, statementAccount(a)]));
  return periods.map((period, i) => {
    const moved = sums.filter((s) => s.period === i && (!isZero(s.debit) || !isZero(s.credit)));
    const statement = profitAndLoss(
      moved.flatMap((s) => {
        const account = accountOf.get(accountKey(s.account_type, s.account_id));
        if (!account) return [];
        return [
          {
            ...account,
            net: toDecimalString(sub(s.debit, s.credit)),
            returns_net: account.group === "sales" ? s.returns_net : undefined,
          },
        ];
      }),
    );
    return { start_date: period.start, end_date: period.end, ...statement };
  });
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
  const lineQuery = { ...q, ...parsed, coveredThrough: await coverStatementDays(db) };
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

export type JournalLanguage = "en" | "ar" | "ckb";

/**
 * The journal of the query's branches and dates as ledger/hledger text (src/core/ledger-journal.ts),
 * written as it is read. With a start date, one transaction per currency dated on it carries every
 * account's balance before it, so the tool's balances equal the trial balance's closing columns.
 */
export async function* journalText(db: Db, q: BooksQuery, language: JournalLanguage): AsyncGenerator<string> {
  const [chart, currencies, opening] = await Promise.all([
    chartAccounts(db, q.branchIds),
    queryRows<{ id: number; code: string }>(db, sql`select id, code from currency`),
    openingByCurrency(db, q),
  ]);
  const nameKey = language === "en" ? "name" : language === "ar" ? "name_ar" : "name_ckb";
  const pathOf = new Map(
    chart.map((a) => [
      a.id,
      journalAccountPath({ class: a.class, groupName: CHART_GROUPS[a.group].name[language], code: a.code, name: a[nameKey] }),
    ]),
  );
  const path = (type: string, id: number | null) => pathOf.get(accountKey(type, id)) ?? accountKey(type, id);
  const codeOf = new Map(currencies.map((c) => [c.id, c.code]));
  const currency = (id: number) => codeOf.get(id) ?? String(id);

  yield `; Journal of the books${q.startDate ? ` from ${q.startDate}` : ""}${q.endDate ? ` to ${q.endDate}` : ""}\n\n`;
  if (q.startDate) {
    const byCurrency = new Map<number, JournalLine[]>();
    for (const o of opening) {
      const net = o.net.startsWith("-") ? { debit: "0", credit: o.net.slice(1) } : { debit: o.net, credit: "0" };
      byCurrency.set(o.currency_id, [...(byCurrency.get(o.currency_id) ?? []), { account: path(o.account_type, o.account_id), ...net }]);
    }
    for (const [currencyId, lines] of byCurrency) {
      const head = { date: q.startDate, documentType: "opening_balances", documentId: 0, documentNo: 0, currency: currency(currencyId) };
      const text = journalTransaction(head, lines);
      if (text) yield `${text}\n`;
    }
  }
  let head: JournalHead | null = null;
  let lines: JournalLine[] = [];
  for await (const chunk of journalRowChunks(db, q)) {
    const out: string[] = [];
    for (const row of chunk) {
      const rowHead: JournalHead = {
        date: row.date,
        documentType: row.document_type,
        documentId: row.document_id,
        documentNo: row.document_no,
        currency: currency(row.currency_id),
      };
      if (head && !sameTransaction(head, rowHead)) {
        const text = journalTransaction(head, lines);
        if (text) out.push(`${text}\n`);
        lines = [];
      }
      head = rowHead;
      lines.push({ account: path(row.account_type, row.account_id), debit: row.debit, credit: row.credit });
    }
    if (out.length > 0) yield out.join("");
  }
  if (head) {
    const text = journalTransaction(head, lines);
    if (text) yield `${text}\n`;
  }
}

/**
 * Every line of one account over a period, for the general ledger's CSV and XLSX: the opening balance,
 * then each entry with its running balance as the account's class reads it (not only a page).
 */
export async function generalLedgerExport(db: Db, q: BooksQuery & { account: string }, language: ExportLanguage) {
  const parsed = parseAccountKey(q.account);
  if (!parsed) throw notFound();
  const [, chart] = await Promise.all([currencyOf(db, q.currencyId), chartAccounts(db, q.branchIds)]);
  const account = chart.find((a) => a.id === q.account);
  if (!account) throw notFound();
  const lineQuery = { ...q, ...parsed, coveredThrough: await coverStatementDays(db) };
  const summary = await accountLinesSummary(db, lineQuery);
  const read = (debitMinusCredit: string) => signedBalance(account.class, debitMinusCredit);
  const text = (english: string) => translateText(english, language);
  const side = (english: string) => translateText(english, language, "ledger side");
  const head = [
    columnTitle("date", language),
    text("Document"),
    text("Number"),
    columnTitle("note", language),
    side("Debit"),
    side("Credit"),
    columnTitle("balance", language),
  ];
  async function* rows(): AsyncGenerator<string[][]> {
    yield [["", text("Opening balance"), "", "", "", "", read(summary.opening)]];
    let running = summary.opening;
    for await (const chunk of accountLineChunks(db, lineQuery)) {
      yield chunk.map((line) => {
        running = toDecimalString(add(running, sub(line.debit, line.credit)));
        const type = LEDGER_DOCUMENT_TITLES[line.document_type];
        return [
          line.date,
          type ? text(type) : line.document_type,
          String(line.document_no ?? line.document_id),
          line.note === "reversal" ? text("Reversal") : line.note,
          line.debit,
          line.credit,
          read(running),
        ];
      });
    }
  }
  return { head, numeric: [false, false, false, false, true, true, true], rows: rows(), base: `general-ledger-${account.code}` };
}
