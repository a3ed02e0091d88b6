import { MESSAGES } from "../../../core/messages";
import { add, mul, sub, toDecimalString, type MoneyInput } from "../../../core/money";
import type { Db } from "../../db/client";
import type { AuthContext } from "../../http/access";
import { fieldErrors, notFound } from "../../http/errors";
import * as repo from "./statement.repository";

export type StatementKind = repo.StatementQuery["accountType"];

export interface StatementParams {
  id: number;
  currency: number | null;
  startDate: string | null;
  endDate: string | null;
  /** 1-based page of `pageSize` rows; without a page size the whole range is answered. */
  page: number;
  pageSize: number | null;
}

/**
 * A cashbox, customer or supplier statement: opening balance, each ledger row of the
 * range with its running balance, closing balance. Signs: cashbox and customer debit - credit (cash
 * held, what the customer owes), supplier credit - debit (what we owe). Another branch's account is 404.
 */
export async function statement(db: Db, auth: AuthContext, kind: StatementKind, p: StatementParams) {
  const account = await repo.accountBranches(db, kind, p.id);
  const branchIds = account.branches.filter((b) => auth.branchIds.includes(b));
  if (branchIds.length === 0) throw notFound();
  const currencyId = p.currency ?? account.currencyId;
  if (currencyId == null) throw fieldErrors({ currency: [MESSAGES.required] });
  if (p.startDate && p.endDate && p.startDate > p.endDate) throw fieldErrors({ start_date: [MESSAGES.selectStartAndEndDate] });
  const q: repo.StatementQuery = {
    accountType: kind,
    accountId: p.id,
    currencyId,
    branchIds: kind === "supplier" ? branchIds : null,
    startDate: p.startDate,
    endDate: p.endDate,
  };
  return p.pageSize ? statementPage(db, q, p.page, p.pageSize) : wholeStatement(db, q);
}

type Signed = (amount: MoneyInput) => string;

/** Each row with the running balance from `opening`; the balance after the last row. */
function withBalances(rows: repo.StatementRow[], opening: string, signed: Signed) {
  let running = opening;
  const answer = rows.map(({ id: _id, ...r }) => {
    running = toDecimalString(add(running, signed(sub(r.debit, r.credit))));
    return { ...r, balance: running };
  });
  return { rows: answer, closing: running };
}

async function wholeStatement(db: Db, q: repo.StatementQuery) {
  const sign = repo.statementSign(q.accountType);
  const opening = await repo.openingBalance(db, q);
  const { rows, closing } = withBalances(await repo.statementRows(db, q), opening, (a) => toDecimalString(mul(a, sign)));
  return { opening_balance: toDecimalString(opening), rows, closing_balance: closing };
}

/**
 * One page of a long statement (`page_size` given): its opening balance is the balance before the page's
 * first row, so running balances stay exact on any page; `period_opening_balance` and
 * `period_closing_balance` are those of the whole range. The rows before the page are summed from the
 * index from whichever end is nearer (the rest is the range's total less the rows from the page on).
 */
async function statementPage(db: Db, q: repo.StatementQuery, page: number, pageSize: number) {
  const sign = repo.statementSign(q.accountType);
  const signed: Signed = (a) => toDecimalString(mul(a, sign));
  const summary = await repo.statementSummary(db, q);
  const offset = (page - 1) * pageSize;
  const pageRows = offset < summary.count ? await repo.statementPage(db, q, offset, pageSize, summary.count) : [];
  let beforePage = summary.total;
  if (pageRows.length > 0) {
    beforePage =
      offset <= summary.count / 2
        ? await repo.rangeSumBeside(db, q, pageRows[0], "before")
        : toDecimalString(sub(summary.total, await repo.rangeSumBeside(db, q, pageRows[0], "from")));
  }
  const opening = signed(add(summary.before, beforePage));
  const { rows, closing } = withBalances(pageRows, opening, signed);
  return {
    opening_balance: opening,
    rows,
    closing_balance: closing,
    count: summary.count,
    page,
    page_size: pageSize,
    pages: Math.max(1, Math.ceil(summary.count / pageSize)),
    period_opening_balance: signed(summary.before),
    period_closing_balance: signed(add(summary.before, summary.total)),
  };
}
