import { MESSAGES } from "../../../../core/messages";
import type { DocumentLine } from "../../../components/document/document-lines";
import { linesFromRecord, type RecordLine } from "../../../components/document/document-record";

/** GET inventory-stock-transfer/<id>/ */
export interface TransferRecord {
  id: number;
  branch: number;
  branch_name?: string;
  invoice_no: number;
  from_inventory: number;
  from_inventory_name?: string;
  to_inventory: number;
  to_inventory_name?: string;
  input_date: string;
  note: string | null;
  approved: boolean;
  approved_by_name?: string | null;
  approved_at?: string | null;
  created_by_name?: string | null;
  items?: (RecordLine & { item_barcode?: string | null; stock_quantity?: string | null })[];
}

/** Lines of a loaded transfer, with what the source row holds. */
export function transferLines(record: TransferRecord): DocumentLine[] {
  const items = record.items ?? [];
  return linesFromRecord(items.map((i) => ({ ...i, barcode: i.barcode ?? i.item_barcode ?? null }))).map((line, index) => ({
    ...line,
    available: items[index]?.stock_quantity ?? null,
  }));
}

/** Approved transfers cannot change (SPEC section 4). */
export const transferEditRefusal = (record: TransferRecord): string | null => (record.approved ? MESSAGES.approvedCannotChange : null);
