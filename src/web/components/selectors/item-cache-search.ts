import { getOfflineDb } from "../../offline/db";
import { getOfflineRuntime } from "../../offline/offline-runtime";
import { isUsableItem } from "../../offline/stock-store";
import type { CachedRow } from "../../offline/sync-tables";
import type { ItemSearchResult } from "./item-select";
import { textOf } from "../../../core/text";

/**
 * Item look-ups in the device cache (DESIGN section 4): a scan is an exact match on the `barcode`
 * index, local and instant, online or not; the name search is the offline fallback of the server's
 * item/search.
 */

const LIMIT = 50;

const items = () => (getOfflineRuntime()?.db ?? getOfflineDb()).items;

const text = (value: unknown): string => textOf(value);

/** A cached item in the shape of an item/search answer (no stock total: only the server's search sums it). */
export function toSearchResult(row: CachedRow): ItemSearchResult {
  return {
    id: row.id as number,
    barcode: typeof row.barcode === "string" ? row.barcode : null,
    name: text(row.name),
    item_type: Number(row.item_type),
    stock: null,
    is_new_record: false,
  };
}

/** Items whose barcode is exactly the keyword (usually one). */
export async function findCachedByBarcode(keyword: string): Promise<ItemSearchResult[]> {
  const code = keyword.trim();
  if (code === "") return [];
  try {
    const rows = await items().equals("barcode", code);
    return rows.filter(isUsableItem).map(toSearchResult);
  } catch {
    return []; // No IndexedDB (private mode): the server answers.
  }
}

/** Items whose name, code or barcode contains the keyword, for when the server cannot be asked. */
export async function searchCachedItems(keyword: string): Promise<ItemSearchResult[]> {
  const wanted = keyword.trim().toLowerCase();
  if (wanted === "") return [];
  try {
    const rows = await items().scan(
      (row) => isUsableItem(row) && [row.name, row.code, row.barcode].some((value) => text(value).toLowerCase().includes(wanted)),
      LIMIT,
    );
    return rows.map(toSearchResult);
  } catch {
    return [];
  }
}
