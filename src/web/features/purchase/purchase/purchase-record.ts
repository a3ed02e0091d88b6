import { MESSAGES } from "../../../../core/messages";
import { isPositive, toDecimalString, tryMoney } from "../../../../core/money";
import { documentTotals, type DocumentLine, type DocumentTotalsValue } from "../../../components/document/document-lines";
import { linesFromRecord, type RecordLine } from "../../../components/document/document-record";

/** A purchase line in the form: a document line (price = purchase price) with its sale price. */
export interface PurchaseLine extends DocumentLine {
  sale_price: string;
}

export interface PurchaseItemRecord extends RecordLine {
  purchase_price?: string;
  sale_price?: string;
  stock_quantity?: string;
  returned_quantity?: string;
  total_price?: string;
}

/** GET purchase/<id>/ */
export interface PurchaseRecord {
  id: number;
  branch: number;
  branch_name?: string;
  invoice_no: number;
  input_date: string;
  supplier: number;
  supplier_name?: string;
  inventory: number;
  inventory_name?: string;
  currency: number;
  currency_code?: string;
  exchange_rate?: string;
  payment_type: "cash" | "debit";
  cashbox: number | null;
  cashbox_name?: string | null;
  total_price: string;
  discount: string;
  net_price?: string;
  paid_amount: string;
  remaining?: string;
  payment_status?: string;
  returned_amount?: string;
  supplier_invoice_no?: string | null;
  note?: string | null;
  items?: PurchaseItemRecord[];
}

/** Lines of a loaded purchase (the document price is the purchase price). */
export function purchaseLines(record: Pick<PurchaseRecord, "items">): PurchaseLine[] {
  const items = record.items ?? [];
  return linesFromRecord(items.map((i) => ({ ...i, price: i.purchase_price ?? i.price, stock: null }))).map((line, index) => ({
    ...line,
    key: `p${items[index]?.id ?? index}`,
    sale_price: toDecimalString(tryMoney(items[index]?.sale_price) ?? 0),
  }));
}

export function purchaseTotals(record: PurchaseRecord): DocumentTotalsValue {
  return documentTotals(purchaseLines(record), record.discount, record.paid_amount, record.returned_amount);
}

/** SPEC section 4: a paid purchase, or one with returns, cannot be changed. */
export function purchaseEditRefusal(
  record: Pick<PurchaseRecord, "payment_status" | "returned_amount" | "paid_amount" | "total_price" | "discount">,
): string | null {
  const status = String(record.payment_status ?? "").toLowerCase();
  if (status === "paid") return MESSAGES.paidCannotChange;
  const returned = tryMoney(record.returned_amount ?? 0);
  if (returned && isPositive(returned)) return MESSAGES.linkedCannotChange;
  return null;
}

/** The `items` of the purchase body. */
export function toPurchaseItems(lines: readonly PurchaseLine[], batchTracking: boolean) {
  return lines.map((l) => ({
    item: l.item,
    quantity: l.quantity,
    purchase_price: l.price,
    sale_price: l.sale_price,
    batch_number: batchTracking ? l.batch_number.trim() : "",
    expire_date: batchTracking ? l.expire_date || null : null,
  }));
}
