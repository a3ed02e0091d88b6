/** Invoice payment status of SPEC section 4, computed with money.ts. */
import { add, greaterThanOrEqual, isPositive, max, round, sub, type Money, type MoneyInput } from "./money";

export type PaymentStatus = "unpaid" | "partial_paid" | "paid";
export type ColourRole = "error" | "warning" | "success";

export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  unpaid: "Unpaid",
  partial_paid: "Partial Paid",
  paid: "Paid",
};

export const PAYMENT_STATUS_COLOURS: Record<PaymentStatus, ColourRole> = {
  unpaid: "error",
  partial_paid: "warning",
  paid: "success",
};

/**
 * Paid when the paid amount covers the total (a zero total is paid), unpaid when nothing positive
 * was paid, partial otherwise.
 */
export function paymentStatus(total: MoneyInput, paid: MoneyInput): PaymentStatus {
  if (greaterThanOrEqual(paid, total)) return "paid";
  if (!isPositive(paid)) return "unpaid";
  return "partial_paid";
}

/**
 * The status a document on screen shows: none until there is something to pay. SPEC section 4
 * names three statuses and no rule for an empty document; the stored status of a zero total stays
 * "paid" (nothing is owed), but an empty form showing a green "Paid" misleads the cashier.
 */
export function shownPaymentStatus(total: MoneyInput, status: PaymentStatus): PaymentStatus | null {
  return isPositive(total) ? status : null;
}

/**
 * The payment type a sale or purchase is saved with (SPEC section 4: Cash or Debit): Cash when what it
 * took covers its net, else Debit, whatever the form was set to, so a part-paid invoice never reads "Cash".
 * Both are compared as stored, rounded half up to cents: a figure worked out on the device (the counter's
 * paid, a line total of a weighed quantity) may differ from the stored one by under a cent.
 */
export const settledPaymentType = (net: MoneyInput, paid: MoneyInput): "cash" | "debit" =>
  greaterThanOrEqual(round(paid), round(net)) ? "cash" : "debit";

/** What is still owed, never below zero. */
export const remainingAmount = (total: MoneyInput, paid: MoneyInput): Money => max(sub(total, paid), 0);

/** What an invoice took: paid at the counter, allocated from receipts or payments, refunded by returns. */
export interface InvoicePaidParts {
  counter: MoneyInput;
  allocated: MoneyInput;
  refunded?: MoneyInput;
}

/**
 * An invoice's paid amount (DESIGN "Money documents"): what it took at the counter plus its
 * allocations, minus what its returns refunded. The server stores it on the invoice (paid_amount) in
 * the transaction that changes an allocation, so lists filter and sort by it; its status and remaining
 * amount are invoiceStanding(net, returned, invoicePaidAmount(parts)).
 */
export const invoicePaidAmount = (parts: InvoicePaidParts): Money => sub(add(parts.counter, parts.allocated), parts.refunded ?? 0);

/** What an invoice owes, what it took, what is left and its status. */
export interface InvoiceStanding {
  /** The net total less what its returns took back, never below zero. */
  owed: Money;
  paid: Money;
  /** What is still owed after its returns, never below zero: nothing may be collected beyond it. */
  remaining: Money;
  status: PaymentStatus;
}

/**
 * Where an invoice stands (DESIGN "Money documents"): its returns lower what it owes, so an invoice
 * paid in full and then half returned was over-paid: it reads paid with nothing remaining. The server's
 * lists compute the same in SQL (invoice-standing.sql.ts), the forms and the device cache call this.
 */
export function invoiceStanding(net: MoneyInput, returned: MoneyInput, paid: MoneyInput): InvoiceStanding {
  const owed = max(sub(net, returned), 0);
  const took = sub(paid, 0);
  return { owed, paid: took, remaining: remainingAmount(owed, took), status: paymentStatus(owed, took) };
}

/** The status an invoice shows from its net total, its returns and the parts of what it took. */
export const invoicePaymentStatus = (net: MoneyInput, returned: MoneyInput, parts: InvoicePaidParts): PaymentStatus =>
  invoiceStanding(net, returned, invoicePaidAmount(parts)).status;
