/**
 * How a receipt or payment settles invoices (DESIGN "Money documents"): given ones as sent, or, when
 * the user leaves it to the server, the oldest open invoices first until the amount runs out. Pure;
 * the server passes the open invoices in the order it settles them (date, then id).
 */
import { greaterThan, isPositive, min, sub, sum, toDecimalString, type MoneyInput } from "./money";

export interface OpenInvoice {
  id: number;
  /** What is still owed on it. */
  remaining: MoneyInput;
}

export interface Allocation {
  id: number;
  amount: string;
}

/** Oldest first: each invoice takes what it still owes, the last one what is left of the amount. */
export function allocateOldestFirst(amount: MoneyInput, invoices: readonly OpenInvoice[]): Allocation[] {
  let left = sub(amount, 0);
  const out: Allocation[] = [];
  for (const invoice of invoices) {
    if (!isPositive(left)) break;
    if (!isPositive(invoice.remaining)) continue;
    const take = min(left, invoice.remaining);
    out.push({ id: invoice.id, amount: toDecimalString(take) });
    left = sub(left, take);
  }
  return out;
}

export type AllocationProblem = { kind: "above_remaining"; id: number } | { kind: "above_amount" } | null;

/** Given allocations: none above what its invoice still owes, and together not above the amount. */
export function allocationProblem(
  amount: MoneyInput,
  allocations: readonly Allocation[],
  remaining: ReadonlyMap<number, MoneyInput>,
): AllocationProblem {
  for (const a of allocations) {
    if (greaterThan(a.amount, remaining.get(a.id) ?? 0)) return { kind: "above_remaining", id: a.id };
  }
  if (greaterThan(sum(allocations.map((a) => a.amount)), amount)) return { kind: "above_amount" };
  return null;
}
