import { formatDate } from "../../../core/dates";
import { ITEM_TYPES } from "../../../core/item-types";
import type { ProvisionalInvoice } from "../../offline/provisional-invoice";
import { documentTotals, type DocumentLine } from "../document/document-lines";
import type { PrintableDocument } from "../document/document-print";
import type { SaleLabels } from "./sale-record";

/**
 * The provisional invoice of a sale saved offline as a printable document. It prints under the
 * sale's own branch, with the header cached for that branch (the start-up's print infos may be
 * missing offline, and their first entry is another branch's).
 */
export function provisionalToPrintable(inv: ProvisionalInvoice, labels: SaleLabels, pending: string): PrintableDocument {
  const lines: DocumentLine[] = inv.lines.map((l, i) => ({
    key: l.stock !== null ? `s${l.stock}` : `i${l.item ?? i}`,
    stock: l.stock,
    item: l.item ?? 0,
    name: l.name,
    barcode: l.barcode,
    item_type: ITEM_TYPES.GOODS,
    batch_number: l.batch_number,
    expire_date: l.expire_date,
    quantity: l.quantity,
    price: l.price,
    fee: l.fee,
    discount: l.discount,
    available: null,
  }));
  return {
    title: labels.title,
    number: `${pending} ${inv.invoice_no}`,
    date: formatDate(inv.created_at),
    branchId: inv.branch_id,
    header: inv.branch,
    fields: [
      ...(inv.customer ? [{ label: labels.customer, value: inv.customer.name }] : []),
      { label: labels.paymentType, value: inv.payment_type === "debit" ? labels.debit : labels.cash },
      ...(inv.currency ? [{ label: labels.currency, value: inv.currency.code }] : []),
      ...(inv.cashbox_name ? [{ label: labels.cashbox, value: inv.cashbox_name }] : []),
    ],
    lines,
    totals: { ...documentTotals(lines, inv.discount, inv.paid_amount), status: inv.payment_status },
    currencyCode: inv.currency?.code ?? "",
    note: inv.note || undefined,
  };
}
