import { isPositive, tryMoney } from "../../core/money";
import { getOfflineDb, type OfflineDb } from "./db";
import { getOfflineRuntime } from "./offline-runtime";
import { isUsableItem, itemStockIn, stockByBarcode, type ItemStock } from "./stock-store";
import type { CachedRow, RowKey } from "./sync-tables";
import { textOf } from "../../core/text";

/**
 * Stock look-ups of the sale screen's scan field in the device cache (DESIGN section 4:
 * barcode lookup p95 under 50 ms with 100k items). Only index reads: item by `barcode` (or a prefix
 * of name, code, barcode), whose record holds its stock rows (stock-store.ts); never a scan of the
 * stock. Quantities are what the device sees: the server's minus queued sales.
 */

/** A stock row with its item joined (the item's cached row). */
export interface StockHit extends CachedRow {
  id: number;
  inventory_id: number;
  item_id: number;
  item: CachedRow;
}

const SEARCH_LIMIT = 50;

const defaultDb = (): OfflineDb => getOfflineRuntime()?.db ?? getOfflineDb();

/** The rows with quantity above zero, item joined, in item order. */
function hitsOf(found: readonly ItemStock[], inventoryId: number, limit = Number.POSITIVE_INFINITY): StockHit[] {
  const hits: StockHit[] = [];
  for (const { item, rows } of found) {
    if (typeof item.id !== "number") continue; // a pending item has no stock yet
    for (const row of rows) {
      if (!isPositive(tryMoney(row.quantity) ?? 0)) continue;
      hits.push({ ...row, id: row.id as number, inventory_id: inventoryId, item_id: item.id, item });
      if (hits.length >= limit) return hits;
    }
  }
  return hits;
}

/** A scan: the stock rows (quantity above zero) of the item(s) with exactly this barcode. */
export async function findStockByBarcode(inventoryId: number, barcode: string, db: OfflineDb = defaultDb()): Promise<StockHit[]> {
  return hitsOf(await stockByBarcode(db, inventoryId, barcode), inventoryId);
}

/**
 * The scan field's search: exact barcode first, then items whose barcode, code or name starts with
 * the keyword (indexed), then, when none do, names containing it (a bounded scan that stops at the
 * limit: the offline fallback of the server's search). Stock rows with quantity above zero only.
 */
export async function searchStock(
  inventoryId: number,
  keyword: string,
  db: OfflineDb = defaultDb(),
  limit = SEARCH_LIMIT,
): Promise<StockHit[]> {
  const wanted = keyword.trim();
  if (wanted === "") return [];
  const items = db.items;
  const seen = new Map<RowKey, CachedRow>();
  const collect = (rows: CachedRow[]) => {
    for (const row of rows) if (!seen.has(row.id)) seen.set(row.id, row);
  };
  collect(await items.equals("barcode", wanted));
  for (const index of ["barcode", "code", "name"] as const) {
    if (seen.size >= limit) break;
    collect(await items.startingWith(index, wanted, limit));
  }
  if (seen.size === 0) {
    const lower = wanted.toLowerCase();
    collect(await items.scan((row) => isUsableItem(row) && textOf(row.name).toLowerCase().includes(lower), limit));
  }
  const found = [...seen.values()].map((record) => itemStockIn(record, inventoryId));
  return hitsOf(found, inventoryId, limit);
}
