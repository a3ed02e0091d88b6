/** Payment rules of the document forms (pure). */
import { MESSAGES } from "../../../core/messages";
import { isPositive, tryMoney } from "../../../core/money";

export type PaymentType = "cash" | "debit";

/** What the cashbox field says when money is paid without one (SPEC section 5). */
export function cashboxProblem(paidAmount: string, cashbox: number | null): string | null {
  const paid = tryMoney(paidAmount || "0");
  return paid && isPositive(paid) && !cashbox ? MESSAGES.cashboxRequired : null;
}
