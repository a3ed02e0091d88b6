/** The sale as the API answers it (GET sale/<id>/, list rows) and its printable form. */
import { formatDate } from "../../../core/dates";
import { documentTotals } from "../document/document-lines";
import { linesFromRecord, recordItems, type RecordLine } from "../document/document-record";
import { normalisePaymentStatus } from "../document/document-totals";
import type { PrintableDocument } from "../document/document-print-html";

export interface SaleRecord {
  id: number;
  branch: number;
  branch_name?: string;
  invoice_no: number | string;
  customer: number;
  customer_name: string;
  customer_phone?: string | null;
  inventory: number;
  inventory_name?: string;
  currency: number;
  currency_code: string;
  exchange_rate: string;
  payment_type: "cash" | "debit";
  cashbox: number | null;
  cashbox_name?: string | null;
  total_price: string;
  discount: string;
  net_price: string;
  paid_amount: string;
  remaining: string;
  /** A PaymentStatus of src/core/payment-status; typed string so a status a newer server adds does not break the screen. */
  payment_status: string;
  returned_amount?: string;
  input_date: string;
  note: string;
  is_premium: boolean;
  months_count: number | null;
  premium_receipt_amount: string | null;
  receipt_frequency: "monthly" | "weekly" | null;
  next_receipt_date: string | null;
  guarantor_name: string;
  guarantor_phone: string;
  guarantor_address: string;
  updated_at?: string;
  items?: RecordLine[];
  lines?: RecordLine[];
}

/** Why a sale cannot change (SPEC section 4), or null: paid, or linked to returns. */
export function saleLockReason(sale: Pick<SaleRecord, "payment_status" | "returned_amount">): "paid" | "linked" | null {
  if (normalisePaymentStatus(sale.payment_status) === "paid") return "paid";
  if (sale.returned_amount && Number(sale.returned_amount) > 0) return "linked";
  return null;
}

export interface SaleLabels {
  title: string;
  customer: string;
  inventory: string;
  currency: string;
  paymentType: string;
  cash: string;
  debit: string;
  cashbox: string;
  exchangeRate: string;
}

export function saleToPrintable(sale: SaleRecord, labels: SaleLabels): PrintableDocument {
  const lines = linesFromRecord(recordItems(sale));
  const totals = documentTotals(lines, sale.discount, sale.paid_amount, sale.returned_amount);
  const status = normalisePaymentStatus(sale.payment_status);
  return {
    title: labels.title,
    number: String(sale.invoice_no),
    date: formatDate(sale.input_date),
    branchId: sale.branch,
    fields: [
      { label: labels.customer, value: sale.customer_name + (sale.customer_phone ? ` (${sale.customer_phone})` : "") },
      ...(sale.inventory_name ? [{ label: labels.inventory, value: sale.inventory_name }] : []),
      { label: labels.paymentType, value: sale.payment_type === "debit" ? labels.debit : labels.cash },
      { label: labels.currency, value: sale.currency_code },
      ...(sale.cashbox_name ? [{ label: labels.cashbox, value: sale.cashbox_name }] : []),
    ],
    lines,
    // The server's amounts win over a recomputation.
    totals: {
      ...totals,
      total: sale.total_price ?? totals.total,
      net: sale.net_price ?? totals.net,
      remaining: sale.remaining ?? totals.remaining,
      status: status ?? totals.status,
    },
    currencyCode: sale.currency_code,
    note: sale.note || undefined,
  };
}

/** The sale a screen was opened with (navigation state `{sale}`), when it is this one: screens open offline from it. */
export function saleFromState(state: unknown, id: string): SaleRecord | null {
  const sale = (state as { sale?: SaleRecord } | null)?.sale;
  return sale && String(sale.id) === id ? sale : null;
}
