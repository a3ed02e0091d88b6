import type { CoveringPayment } from "../../../../core/installments";
import { formatAmount, tryMoney } from "../../../../core/money";

/** GET sale/:id/premium-schedule/: the instalments, what covers each and what is due. */
export interface PremiumSchedule {
  owed: string;
  paid_amount: string;
  remaining: string;
  next_due_date: string | null;
  due_amount: string;
  receipts: { index: number; date: string; amount: string; paid: string; due: string }[];
  /** Which payments covered each instalment (the sale's own payment, receipts). */
  coverage?: { index: number; covered_by: CoveringPayment[] }[];
}

const money = (value: string) => formatAmount(tryMoney(value) ?? 0);

/** "At sale 100.00, Receipt #3 200.00": the payments that covered an instalment, as printed. */
export function coveredByText(payments: readonly CoveringPayment[], atSale: string, receipt: string): string {
  return payments.map((p) => `${p.receipt === null ? atSale : `${receipt} #${p.receipt_no}`} ${money(p.amount)}`).join(", ");
}
