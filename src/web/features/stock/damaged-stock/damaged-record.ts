import type { DocumentLine } from "../../../components/document/document-lines";
import { linesFromRecord, type RecordLine } from "../../../components/document/document-record";

/** GET damaged-stock/<id>/ */
export interface DamagedRecord {
  id: number;
  branch: number;
  branch_name?: string;
  invoice_no: number;
  inventory: number;
  inventory_name?: string;
  damaged_stock_type: number;
  damaged_stock_type_name?: string;
  input_date: string;
  note: string | null;
  total_quantity?: string;
  total_cost?: string;
  items?: (RecordLine & { item_barcode?: string | null; purchase_price?: string | null; stock_quantity?: string | null })[];
}

export function damagedLines(record: DamagedRecord): DocumentLine[] {
  const items = record.items ?? [];
  return linesFromRecord(
    items.map((i) => ({ ...i, barcode: i.barcode ?? i.item_barcode ?? null, price: i.purchase_price ?? i.price })),
  ).map((line, index) => ({
    ...line,
    available: items[index]?.stock_quantity ?? null,
  }));
}
