import { sql } from "drizzle-orm";
import { allocatePaid, coverInstalments, dueBy, installmentSchedule, nextDueDate, type ReceiptFrequency } from "../../../core/installments";
import { greaterThan, sub, sum, toDecimalString } from "../../../core/money";
import { invoiceStanding } from "../../../core/payment-status";
import type { Executor } from "../../db/client";
import type { AuthContext } from "../../http/access";
import { readOne } from "../../http/resource";
import { saleList } from "./sale.lists";
import { saleReceipts } from "../accounting/money-document.repository";
import { textOf } from "../../../core/text";
import { today } from "./sale-document";

/** An installment sale's schedule: the expected receipts, what was paid allocated in order, and what is due. */

/** The expected receipts of an installment sale, what was paid allocated in order, and what is due. */
export async function premiumSchedule(ex: Executor, auth: AuthContext, id: number, asOf: string = today()) {
  const sale = await readOne<Record<string, string | number | boolean | null>>(ex, saleList, sql`s.id`, id, auth);
  const summary = premiumSummary(sale, asOf);
  if (!summary.is_premium) return summary;
  // Which instalments the receipts covered: what was paid with the sale first, then the receipts by date.
  const receipts = await saleReceipts(ex, id);
  const atSale = sub(summary.paid_amount, sum(receipts.map((r) => r.amount)));
  const payments = [
    ...(greaterThan(atSale, 0) ? [{ receipt: null, receipt_no: null, date: textOf(sale.input_date), amount: atSale }] : []),
    ...receipts.map((r) => ({ receipt: r.receipt, receipt_no: r.receipt_no, date: r.input_date, amount: r.amount })),
  ];
  const coverage = coverInstalments(summary.receipts, payments).map((r) => ({ index: r.index, covered_by: r.covered_by }));
  return { ...summary, coverage };
}

export function premiumSummary(sale: Record<string, unknown>, asOf: string) {
  const paid = String(sale.paid_amount);
  const standing = invoiceStanding(String(sale.net_price), String(sale.returned_amount), paid);
  const owed = toDecimalString(standing.owed);
  const receipts = sale.is_premium
    ? allocatePaid(
        installmentSchedule(owed, {
          months_count: Number(sale.months_count),
          premium_receipt_amount: textOf(sale.premium_receipt_amount, "0"),
          receipt_frequency: (sale.receipt_frequency as ReceiptFrequency) ?? "monthly",
          next_receipt_date: textOf(sale.next_receipt_date),
        }),
        paid,
      )
    : [];
  const remaining = toDecimalString(standing.remaining);
  return {
    sale: sale.id,
    invoice_no: sale.invoice_no,
    is_premium: !!sale.is_premium,
    owed,
    paid_amount: toDecimalString(paid),
    remaining,
    next_due_date: nextDueDate(receipts),
    due_as_of: asOf,
    due_amount: dueBy(receipts, asOf),
    receipts,
  };
}
