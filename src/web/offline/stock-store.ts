import type { Table } from "dexie";
import type { OfflineDb } from "./db";
import type { ItemPages } from "./item-pages";
import type { CachedRow, RowKey } from "./sync-tables";

/**
 * Where the device keeps its stock rows: inside their item's record (item-pages.ts), or in a stub record
 * while the item is not cached yet (README.md). Every reader and writer of stock rows goes through this
 * module. The writers run inside the callers' transactions and always issue their Dexie requests, empty
 * or not, so no request of the transaction runs after it has committed.
 */

export const isStub = (record: CachedRow | undefined): boolean => record?._stub === true;

/** An item the screens may offer: not deleted, not deactivated (stubs have no barcode to match). */
export const isUsableItem = (row: CachedRow): boolean => !isStub(row) && !row.deleted_at && row.is_active !== false;

/** The stock rows a record holds. */
export const stockOf = (record: CachedRow | undefined): CachedRow[] => (record?.stock as CachedRow[] | undefined) ?? [];

/** The item's own columns, without the stock the device keeps in its record. */
export function itemColumns(record: CachedRow): CachedRow {
  const { stock: _stock, stock_ids: _ids, ...item } = record;
  return item;
}

/**
 * Sets a record's stock rows (in place: the callers own the record, a pulled row or one just read).
 * A record without stock carries neither field.
 */
function attach(record: CachedRow, stock: CachedRow[]): CachedRow {
  if (stock.length === 0) {
    delete record.stock;
    delete record.stock_ids;
  } else {
    record.stock = stock;
    record.stock_ids = stock.map((row) => row.id);
  }
  return record;
}

function groupByItem(rows: readonly CachedRow[]): Map<RowKey, CachedRow[]> {
  const byItem = new Map<RowKey, CachedRow[]>();
  for (const row of rows) {
    const itemId = row.item_id;
    if (typeof itemId !== "number") continue; // not a row the device could place (no server sends it)
    const group = byItem.get(itemId);
    if (group) group.push(row);
    else byItem.set(itemId, [row]);
  }
  return byItem;
}

/** Cached stock rows by id, through the pages' `stock_ids` index (ids the device does not have are left out). */
export async function stockRowsById(db: OfflineDb, ids: readonly number[]): Promise<Map<number, CachedRow>> {
  const wanted = new Set(ids);
  const found = new Map<number, CachedRow>();
  for (const record of await db.items.holdingStock([...wanted])) {
    for (const row of stockOf(record)) if (typeof row.id === "number" && wanted.has(row.id)) found.set(row.id, row);
  }
  return found;
}

/** A record's live stock rows in one inventory. */
export const liveRowsIn = (record: CachedRow, inventoryId: number): CachedRow[] =>
  stockOf(record).filter((row) => row.inventory_id === inventoryId && !row.deleted_at);

/** The cached stock rows of (inventory, item), deleted ones included. */
export async function stockRowsOf(db: OfflineDb, inventoryId: number, itemId: number): Promise<CachedRow[]> {
  return stockOf(await db.items.get(itemId)).filter((row) => row.inventory_id === inventoryId);
}

/** A usable item and its live stock rows in one inventory. */
export interface ItemStock {
  item: CachedRow;
  rows: CachedRow[];
}

export const itemStockIn = (record: CachedRow, inventoryId: number): ItemStock => ({
  item: itemColumns(record),
  rows: liveRowsIn(record, inventoryId),
});

/** A scan in the cache: the usable items with exactly this barcode, each with its live rows in the inventory. */
export async function stockByBarcode(db: OfflineDb, inventoryId: number, barcode: string): Promise<ItemStock[]> {
  const code = barcode.trim();
  if (code === "") return [];
  const records = await db.items.equals("barcode", code);
  return records.filter(isUsableItem).map((record) => itemStockIn(record, inventoryId));
}

/**
 * Writes stock rows into their items' records (a stub for an item not cached), each replacing the
 * row of the same id. One read and one write per page of items (item-pages.ts), whatever the number of rows.
 */
export async function putStockRows(items: ItemPages, rows: readonly CachedRow[]): Promise<void> {
  const byItem = groupByItem(rows);
  await items.modify([...byItem.keys()], (record, id) => withStockRows(record, id, byItem.get(id) ?? []));
}

/** The record of `id` (a stub when the device has none, copied) with these stock rows over its own, by id. */
function withStockRows(record: CachedRow | undefined, id: RowKey, rows: readonly CachedRow[]): CachedRow {
  const incoming = new Map(rows.map((row) => [row.id, row]));
  const kept = stockOf(record).map((row) => incoming.get(row.id) ?? row);
  for (const row of kept) incoming.delete(row.id);
  return attach({ ...(record ?? { id, _stub: true }) }, [...kept, ...incoming.values()]);
}

/** Drops stock rows by id (their records found through `stock_ids`); a stub left without rows goes. */
export async function deleteStockRows(items: ItemPages, ids: readonly number[]): Promise<void> {
  const gone = new Set<unknown>(ids);
  const holders = (await items.holdingStock(ids)).map((record) => record.id);
  await items.modify(holders, (record) => {
    if (!record) return undefined;
    const left = stockOf(record).filter((row) => !gone.has(row.id));
    return isStub(record) && left.length === 0 ? undefined : attach({ ...record }, left);
  });
}

/**
 * Item rows written over their records, each keeping the stock rows its record holds (a stub's
 * become the item's). For rows that say nothing about stock: a change page, a create's answer.
 */
export async function putItemsKeepingStock(items: ItemPages, rows: readonly CachedRow[]): Promise<void> {
  const byId = new Map(rows.map((row) => [row.id, row]));
  await items.modify([...byId.keys()], (record, id) => {
    const row = byId.get(id);
    return row && attach(row, stockOf(record));
  });
}

/**
 * Items with ALL their stock rows (a snapshot page of the first load: nothing of theirs is cached),
 * each written once, nothing of theirs read. Rows of items not among them are merged as usual.
 */
export async function putItemsWithStock(items: ItemPages, rows: readonly CachedRow[], stock: readonly CachedRow[]): Promise<void> {
  const byItem = groupByItem(stock);
  const records = rows.map((row) => {
    const own = byItem.get(row.id) ?? [];
    byItem.delete(row.id);
    return attach(row, own);
  });
  await items.bulkPut(records);
  await putStockRows(items, [...byItem.values()].flat());
}

/** The version 5 upgrade: every row of the old stock table into its item's record. */
export async function moveStockIntoItems(stockTable: Table<CachedRow, RowKey>, itemTable: Table<CachedRow, RowKey>): Promise<void> {
  const byItem = groupByItem(await stockTable.toArray());
  const ids = [...byItem.keys()];
  const records = await itemTable.bulkGet(ids);
  await itemTable.bulkPut(ids.map((id, i) => withStockRows(records[i], id, byItem.get(id) ?? [])));
}

/** A pull page's changes of items and stock (reference-sync.ts), stock rows already overlaid. */
export interface ItemStockChanges {
  items: readonly CachedRow[];
  itemDeletes: readonly number[];
  stock: readonly CachedRow[];
  stockDeletes: readonly number[];
  /** The page holds every stock row of its items and the cache had none of them (first load). */
  snapshot: boolean;
}

/**
 * One page's items and stock, in any order of the server's changes: item upserts first (keeping
 * the stock their records hold, unless the page is a snapshot), then stock upserts into their
 * records (or stubs), stock deletes by id, item deletes with their stock.
 */
export async function applyItemStockChanges(items: ItemPages, changes: ItemStockChanges): Promise<void> {
  if (changes.snapshot) await putItemsWithStock(items, changes.items, changes.stock);
  else {
    await putItemsKeepingStock(items, changes.items);
    await putStockRows(items, changes.stock);
  }
  if (changes.stockDeletes.length > 0) await deleteStockRows(items, changes.stockDeletes); // (a query, even for none)
  await items.bulkDelete([...changes.itemDeletes]);
}

/**
 * Forgets every stock row the device holds (the user may no longer read stock): the items keep their
 * own columns, the stubs that only held stock go.
 */
export async function dropAllStock(items: ItemPages): Promise<void> {
  const all = await items.toArray();
  const holding = all.filter((record) => isStub(record) || stockOf(record).length > 0);
  await items.modify(
    holding.map((record) => record.id),
    (record) => (!record || isStub(record) ? undefined : attach({ ...record }, [])),
  );
}
