/**
 * How a receipt or payment settles invoices (DESIGN "Money documents"): given ones as sent, or, when
 * the user leaves it to the server, the oldest open invoices first until the amount runs out. Pure;
 * the server passes the open invoices in the order it settles them (date, then id).
 */
import { greaterThan, isPositive, min, sub, sum, toDecimalString, type MoneyInput } from "./money";

/** An invoice is named by its id, or by a key when it may be of several kinds (a sale or a debit invoice). */
export interface OpenInvoice<Id = number> {
  id: Id;
  /** What is still owed on it. */
  remaining: MoneyInput;
}

export interface Allocation<Id = number> {
  id: Id;
  amount: string;
}

/** Oldest first: each invoice takes what it still owes, the last one what is left of the amount. */
export function allocateOldestFirst<Id = number>(amount: MoneyInput, invoices: readonly OpenInvoice<Id>[]): Allocation<Id>[] {
  let left = sub(amount, 0);
  const out: Allocation<Id>[] = [];
  for (const invoice of invoices) {
    if (!isPositive(left)) break;
    if (!isPositive(invoice.remaining)) continue;
    const take = min(left, invoice.remaining);
    out.push({ id: invoice.id, amount: toDecimalString(take) });
    left = sub(left, take);
  }
  return out;
}

export type AllocationProblem<Id = number> = { kind: "above_remaining"; id: Id } | { kind: "above_amount" } | null;

/** Given allocations: none above what its invoice still owes, and together not above the amount. */
export function allocationProblem<Id = number>(
  amount: MoneyInput,
  allocations: readonly Allocation<Id>[],
  remaining: ReadonlyMap<Id, MoneyInput>,
): AllocationProblem<Id> {
  for (const a of allocations) {
    if (greaterThan(a.amount, remaining.get(a.id) ?? 0)) return { kind: "above_remaining", id: a.id };
  }
  if (greaterThan(sum(allocations.map((a) => a.amount)), amount)) return { kind: "above_amount" };
  return null;
}

/** Where an open invoice stands in "oldest first": its date, then its kind's rank, then its id. */
export interface InvoiceAge {
  input_date: string;
  /** A debit invoice (0: an opening balance or a fee) before a sale or purchase (1) of the same day. */
  rank: number;
  id: number;
}

/**
 * The one order in which the server settles a party's open invoices of several kinds and the form's
 * "Fill oldest first" proposes them: by date (ISO text), then a debit invoice before a sale or purchase
 * of the same day, then by id.
 */
export const compareInvoiceAge = (a: InvoiceAge, b: InvoiceAge): number =>
  a.input_date < b.input_date ? -1 : a.input_date > b.input_date ? 1 : a.rank - b.rank || a.id - b.id;
