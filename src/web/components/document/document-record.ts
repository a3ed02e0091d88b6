/** Server document records (sale, return, quotation, purchase...) to document lines, pure. */
import { ITEM_TYPES } from "../../../core/item-types";
import { tryMoney } from "../../../core/money";
import type { DocumentLine } from "./document-lines";

/** A line as the API answers it: {id, stock, item, item_name, barcode, item_type, batch_number, expire_date, quantity, price, fee?, discount?}. */
export interface RecordLine {
  id?: number;
  stock?: number | null;
  item?: number | { id: number; name?: string; barcode?: string | null; item_type?: number } | null;
  item_name?: string;
  name?: string;
  barcode?: string | null;
  item_type?: number;
  batch_number?: string | null;
  expire_date?: string | null;
  quantity?: string | number | null;
  price?: string | number | null;
  fee?: string | number | null;
  discount?: string | number | null;
  [field: string]: unknown;
}

const dec = (v: unknown, fallback = "0") => tryMoney(v)?.toString() ?? fallback;

/** Lines of a loaded record; `available` null (the server checks stock on save). */
export function linesFromRecord(items: readonly RecordLine[] | null | undefined): DocumentLine[] {
  return (items ?? []).map((r, i) => {
    const item = typeof r.item === "object" && r.item !== null ? r.item : null;
    const itemId = item?.id ?? (typeof r.item === "number" ? r.item : 0);
    const stock = typeof r.stock === "number" ? r.stock : null;
    return {
      key: stock !== null ? `s${stock}` : `i${itemId}-${r.id ?? i}`,
      stock,
      item: itemId,
      name: String(r.item_name ?? item?.name ?? r.name ?? ""),
      barcode: (r.barcode ?? item?.barcode ?? null) || null,
      item_type: Number(r.item_type ?? item?.item_type ?? ITEM_TYPES.GOODS),
      batch_number: String(r.batch_number ?? ""),
      expire_date: r.expire_date ? String(r.expire_date).slice(0, 10) : null,
      quantity: dec(r.quantity, "1"),
      price: dec(r.price),
      fee: dec(r.fee),
      discount: dec(r.discount),
      available: null,
    };
  });
}

/** The lines of a record: `items` or `lines`, whichever the answer has. */
export const recordItems = (record: { items?: unknown; lines?: unknown }): RecordLine[] =>
  (Array.isArray(record.items) ? record.items : Array.isArray(record.lines) ? record.lines : []) as RecordLine[];
