/** Payment rules of the document forms (pure). */
import { MESSAGES } from "../../../core/messages";
import { isPositive, tryMoney } from "../../../core/money";

export type PaymentType = "cash" | "debit";

/** What the cashbox field says when money is paid without one, or a cash sale names none (SPEC section 5). */
export function cashboxProblem(paidAmount: string, cashbox: number | null, paymentType: PaymentType | null = null): string | null {
  if (cashbox) return null;
  if (paymentType === "cash") return MESSAGES.cashboxRequired;
  const paid = tryMoney(paidAmount || "0");
  return paid && isPositive(paid) ? MESSAGES.cashboxRequired : null;
}
