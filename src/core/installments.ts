/**
 * Installment (premium) sales, pure: the schedule of expected receipts of a sale sold over 1 to 12
 * months (SPEC section 9), how what was paid covers it, and what is due by a date. Shared by the
 * server (premium schedule, sale-premium list) and the web app (the form's preview).
 *
 * The plan: receipts of `premium_receipt_amount` each, monthly or weekly from the first receipt date,
 * for as long as the plan runs (months_count months). The schedule always sums to the amount owed:
 * it stops early once the amount is covered, and the last receipt of the plan takes whatever is left.
 * What was paid is allocated to the receipts in date order.
 */
import { addDays, addMonths, format, parseISO } from "date-fns";
import { greaterThan, isPositive, min, sub, sum, toDecimalString, ZERO, type Money, type MoneyInput } from "./money";

export const RECEIPT_FREQUENCIES = ["monthly", "weekly"] as const;
export type ReceiptFrequency = (typeof RECEIPT_FREQUENCIES)[number];
export const MONTHS_COUNT_MIN = 1;
export const MONTHS_COUNT_MAX = 12;

export interface InstallmentPlan {
  months_count: number;
  premium_receipt_amount: MoneyInput;
  receipt_frequency: ReceiptFrequency;
  /** yyyy-MM-dd of the first expected receipt. */
  next_receipt_date: string;
}

export interface ExpectedReceipt {
  /** 1-based position in the schedule. */
  index: number;
  date: string;
  amount: string;
}

export interface AllocatedReceipt extends ExpectedReceipt {
  /** Part of this receipt covered by what was paid so far. */
  paid: string;
  /** What is still expected of it. */
  due: string;
}

const iso = (d: Date) => format(d, "yyyy-MM-dd");

/** The receipt dates the plan runs over: monthly = months_count dates; weekly = every 7 days before the plan's end. */
export function receiptDates(plan: Pick<InstallmentPlan, "months_count" | "receipt_frequency" | "next_receipt_date">): string[] {
  const months = Math.min(Math.max(Math.trunc(plan.months_count), MONTHS_COUNT_MIN), MONTHS_COUNT_MAX);
  const first = parseISO(plan.next_receipt_date);
  if (Number.isNaN(first.getTime())) return [];
  if (plan.receipt_frequency === "monthly") return Array.from({ length: months }, (_, i) => iso(addMonths(first, i)));
  const end = iso(addMonths(first, months));
  const dates: string[] = [];
  for (let d = first; iso(d) < end; d = addDays(d, 7)) dates.push(iso(d));
  return dates;
}

/** The expected receipts for an amount owed (the sale's net after returns). */
export function installmentSchedule(owed: MoneyInput, plan: InstallmentPlan): ExpectedReceipt[] {
  const dates = receiptDates(plan);
  const receipts: ExpectedReceipt[] = [];
  let left: Money = sub(owed, 0);
  if (!isPositive(left) || !isPositive(plan.premium_receipt_amount)) return receipts;
  dates.forEach((date, i) => {
    if (!isPositive(left)) return;
    const last = i === dates.length - 1;
    const amount = last ? left : min(plan.premium_receipt_amount, left);
    receipts.push({ index: i + 1, date, amount: toDecimalString(amount) });
    left = sub(left, amount);
  });
  return receipts;
}

/** Spreads what was paid over the receipts in order. */
export function allocatePaid(receipts: readonly ExpectedReceipt[], paid: MoneyInput): AllocatedReceipt[] {
  let left: Money = greaterThan(paid, 0) ? sub(paid, 0) : ZERO;
  return receipts.map((r) => {
    const covered = min(r.amount, left);
    left = sub(left, covered);
    return { ...r, paid: toDecimalString(covered), due: toDecimalString(sub(r.amount, covered)) };
  });
}

/** What is due (expected and not yet covered) on or before a date. */
export function dueBy(receipts: readonly AllocatedReceipt[], date: string): string {
  return toDecimalString(sum(receipts.filter((r) => r.date <= date).map((r) => r.due)));
}

/** The date of the first receipt not fully covered, or null when everything is paid. */
export function nextDueDate(receipts: readonly AllocatedReceipt[]): string | null {
  return receipts.find((r) => isPositive(r.due))?.date ?? null;
}

/** A payment towards an installment sale: what was paid with the sale itself, or a receipt. */
export interface SalePayment {
  /** null: paid with the sale; else the receipt's id. */
  receipt: number | null;
  receipt_no: number | null;
  date: string;
  amount: MoneyInput;
}

export interface CoveringPayment {
  receipt: number | null;
  receipt_no: number | null;
  amount: string;
}

export interface CoveredReceipt extends AllocatedReceipt {
  /** The payments that covered this instalment, in the order they were made. */
  covered_by: CoveringPayment[];
}

/**
 * Which payments covered which instalments: what was paid with the sale first, then the receipts in
 * date order (then id), each filling the earliest instalment not yet covered, as allocatePaid does
 * with their sum. A payment beyond the schedule (an overpayment) covers nothing.
 */
export function coverInstalments(receipts: readonly ExpectedReceipt[], payments: readonly SalePayment[]): CoveredReceipt[] {
  const ordered = [...payments].sort((a, b) =>
    a.receipt === null || b.receipt === null
      ? (a.receipt === null ? 0 : 1) - (b.receipt === null ? 0 : 1)
      : a.date.localeCompare(b.date) || a.receipt - b.receipt,
  );
  const paid = sum(ordered.map((p) => (greaterThan(p.amount, 0) ? p.amount : 0)));
  const covered: CoveredReceipt[] = allocatePaid(receipts, paid).map((r) => ({ ...r, covered_by: [] }));
  let at = 0;
  let room: Money = covered.length > 0 ? sub(covered[0].paid, 0) : ZERO;
  for (const payment of ordered) {
    let left: Money = greaterThan(payment.amount, 0) ? sub(payment.amount, 0) : ZERO;
    while (isPositive(left) && at < covered.length) {
      if (!isPositive(room)) {
        at += 1;
        room = at < covered.length ? sub(covered[at].paid, 0) : ZERO;
        continue;
      }
      const take = min(left, room);
      covered[at].covered_by.push({ receipt: payment.receipt, receipt_no: payment.receipt_no, amount: toDecimalString(take) });
      left = sub(left, take);
      room = sub(room, take);
    }
  }
  return covered;
}
