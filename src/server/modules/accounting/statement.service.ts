import { MESSAGES } from "../../../core/messages";
import { add, mul, sub, toDecimalString } from "../../../core/money";
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
}

/**
 * A cashbox, customer or supplier statement (issue 13 contract): opening balance, each ledger row of the
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
  const sign = repo.statementSign(kind);
  const opening = await repo.openingBalance(db, q);
  let running = opening;
  const rows = (await repo.statementRows(db, q)).map((r) => {
    running = toDecimalString(add(running, mul(sub(r.debit, r.credit), sign)));
    return { ...r, balance: running };
  });
  return { opening_balance: toDecimalString(opening), rows, closing_balance: toDecimalString(running) };
}
