import type { SettlementRecord } from "../../../components/document/return-settlement-fields";
import { greaterThan, isPositive, max, sub, toDecimalString, tryMoney } from "../../../../core/money";
import type { DocumentLine } from "../../../components/document/document-lines";
import { linesFromRecord, type RecordLine } from "../../../components/document/document-record";

export interface PurchaseForReturn {
  id: number;
  branch: number;
  invoice_no: number;
  supplier_name?: string;
  inventory_name?: string;
  currency_code?: string;
  remaining?: string;
  items?: (RecordLine & { purchase_price?: string; returned_quantity?: string; stock_quantity?: string })[];
}

/**
 * What can still be returned of each line of a purchase: bought minus returned, and no more than the
 * stock row still holds. Lines with nothing left are left out. Quantity starts at all of it.
 */
export function returnableLines(purchase: PurchaseForReturn): DocumentLine[] {
  const items = purchase.items ?? [];
  const lines = linesFromRecord(items.map((i) => ({ ...i, price: i.purchase_price ?? i.price })));
  const out: DocumentLine[] = [];
  lines.forEach((line, index) => {
    const item = items[index];
    let left = max(sub(tryMoney(item.quantity) ?? 0, tryMoney(item.returned_quantity) ?? 0), 0);
    const inStock = tryMoney(item.stock_quantity);
    if (inStock && greaterThan(left, inStock)) left = max(inStock, 0);
    if (!isPositive(left) || line.stock === null) return;
    const available = left.toString();
    out.push({ ...line, quantity: available, available, price: toDecimalString(tryMoney(line.price) ?? 0) });
  });
  return out;
}

/** GET purchase-return/<id>/ */
export interface PurchaseReturnRecord extends SettlementRecord {
  id: number;
  branch: number;
  invoice_no: number;
  input_date: string;
  purchase: number;
  purchase_invoice_no?: number;
  supplier_name?: string;
  inventory_name?: string;
  currency_code?: string;
  total_price: string;
  note?: string | null;
  items?: RecordLine[];
}
