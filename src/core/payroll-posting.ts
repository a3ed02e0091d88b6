/**
 * Postings of HR documents (DESIGN "Money documents"): pure, balanced, saved by the server in the
 * document's transaction. Salaries are an expense without an expense type (account ("expense", null)),
 * so a profit figure that sums the expense accounts counts them.
 *
 * A pay run line: salary expense rises by the gross and the employee is credited with it (we owe them),
 * then the employee is debited with what the cashbox pays out (net). The difference, the advance
 * recovered, clears what the employee owed from an earlier advance.
 * An advance: the employee is debited (they owe it back), the cashbox credited.
 */
import { assertBalanced, transfer, type MoneyContext, type PostingLine } from "./posting";
import type { MoneyInput } from "./money";

export interface PayrollPostingDoc extends MoneyContext {
  cashbox_id: number;
  lines: readonly { employee_id: number; gross: MoneyInput; net: MoneyInput }[];
}

export function postPayroll(doc: PayrollPostingDoc): PostingLine[] {
  const lines = doc.lines.flatMap((l) => [
    ...transfer(doc, ["expense", null], ["employee", l.employee_id], l.gross),
    ...transfer(doc, ["employee", l.employee_id], ["cashbox", doc.cashbox_id], l.net),
  ]);
  assertBalanced(lines);
  return lines;
}

export interface SalaryAdvanceDoc extends MoneyContext {
  employee_id: number;
  cashbox_id: number;
  amount: MoneyInput;
}

export function postSalaryAdvance(doc: SalaryAdvanceDoc): PostingLine[] {
  const lines = transfer(doc, ["employee", doc.employee_id], ["cashbox", doc.cashbox_id], doc.amount);
  assertBalanced(lines);
  return lines;
}
