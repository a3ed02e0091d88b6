import type { Table } from "dexie";
import type { OfflineDb } from "./db";
import type { CachedRow, RowKey } from "./sync-tables";

/**
 * Where the device keeps its stock rows (device database version 5, issue 3): inside their item's
 * record, `stock` (each row as pulled, with the overlay fields of stock-overlay.ts when the device
 * changed it) and their ids in `stock_ids` (a multiEntry index), so the first load writes one record
 * per item instead of two. A stock row whose item is not cached yet (change pages may bring it
 * first) waits in a stub record `{ id: item_id, _stub: true, stock, stock_ids }`: no barcode, code
 * or name, so the item indexes skip it; the item takes its rows over when it arrives. Every reader
 * and writer of stock rows goes through this module.
 *
 * The writers run inside the callers' transactions and always issue their Dexie requests, empty or
 * not: an async function that returns early hands its caller a plain promise, and a Dexie request
 * awaited after a chain of those ran outside the transaction (the page's transaction had committed).
 */

type ItemTable = Table<CachedRow, RowKey>;

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

const items = (db: OfflineDb): ItemTable => db.ref("item");

/** How much wider than the keys wanted a key range may be to be read in one request. */
const RANGE_SLACK = 4;

/**
 * The records of these keys, aligned with them (like bulkGet). A page's ids are mostly close
 * together (a first load's pages are runs of ids): then their key range is read in ONE request (an
 * IndexedDB request costs about as much as the record it brings), else one request per key.
 */
async function recordsOf(table: ItemTable, ids: readonly RowKey[]): Promise<(CachedRow | undefined)[]> {
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (const id of ids) {
    if (typeof id !== "number") return table.bulkGet([...ids]);
    min = Math.min(min, id);
    max = Math.max(max, id);
  }
  if (ids.length < 2 || max - min >= ids.length * RANGE_SLACK) return table.bulkGet([...ids]);
  const found = new Map((await table.where(":id").between(min, max, true, true).toArray()).map((record) => [record.id, record]));
  return ids.map((id) => found.get(id));
}

/** Cached stock rows by id, through the `stock_ids` index (ids the device does not have are left out). */
export async function stockRowsById(db: OfflineDb, ids: readonly number[]): Promise<Map<number, CachedRow>> {
  const wanted = new Set(ids);
  const found = new Map<number, CachedRow>();
  for (const record of await items(db)
    .where("stock_ids")
    .anyOf([...wanted])
    .toArray()) {
    for (const row of stockOf(record)) if (typeof row.id === "number" && wanted.has(row.id)) found.set(row.id, row);
  }
  return found;
}

/** A record's live stock rows in one inventory. */
export const liveRowsIn = (record: CachedRow, inventoryId: number): CachedRow[] =>
  stockOf(record).filter((row) => row.inventory_id === inventoryId && !row.deleted_at);

/** The cached stock rows of (inventory, item), deleted ones included. */
export async function stockRowsOf(db: OfflineDb, inventoryId: number, itemId: number): Promise<CachedRow[]> {
  return stockOf(await items(db).get(itemId)).filter((row) => row.inventory_id === inventoryId);
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
  const records = await items(db).where("barcode").equals(code).toArray();
  return records.filter(isUsableItem).map((record) => itemStockIn(record, inventoryId));
}

/**
 * Writes stock rows into their items' records (a stub for an item not cached), each replacing the
 * row of the same id. One read and one write per record, whatever the number of rows.
 */
export async function putStockRows(table: ItemTable, rows: readonly CachedRow[]): Promise<void> {
  const byItem = groupByItem(rows);
  const ids = [...byItem.keys()];
  const records = await recordsOf(table, ids);
  const merged = ids.map((id, i) => {
    const incoming = new Map((byItem.get(id) ?? []).map((row) => [row.id, row]));
    const record = records[i] ?? { id, _stub: true };
    const kept = stockOf(record).map((row) => incoming.get(row.id) ?? row);
    for (const row of kept) incoming.delete(row.id);
    return attach(record, [...kept, ...incoming.values()]);
  });
  await table.bulkPut(merged);
}

/** Drops stock rows by id (their records found through `stock_ids`); a stub left without rows goes. */
export async function deleteStockRows(table: ItemTable, ids: readonly number[]): Promise<void> {
  const gone = new Set<unknown>(ids);
  const records = new Map<RowKey, CachedRow>();
  for (const record of await table
    .where("stock_ids")
    .anyOf([...ids])
    .toArray())
    records.set(record.id, record);
  const kept: CachedRow[] = [];
  const emptied: RowKey[] = [];
  for (const record of records.values()) {
    const left = stockOf(record).filter((row) => !gone.has(row.id));
    if (isStub(record) && left.length === 0) emptied.push(record.id);
    else kept.push(attach(record, left));
  }
  await Promise.all([table.bulkPut(kept), table.bulkDelete(emptied)]);
}

/**
 * Item rows written over their records, each keeping the stock rows its record holds (a stub's
 * become the item's). For rows that say nothing about stock: a change page, a create's answer.
 */
export async function putItemsKeepingStock(table: ItemTable, rows: readonly CachedRow[]): Promise<void> {
  const existing = await recordsOf(
    table,
    rows.map((row) => row.id),
  );
  await table.bulkPut(rows.map((row, i) => attach(row, stockOf(existing[i]))));
}

/**
 * Items with ALL their stock rows (a snapshot page of the first load: nothing of theirs is cached),
 * each record written once, nothing read. Rows of items not among them are merged as usual.
 */
export async function putItemsWithStock(table: ItemTable, rows: readonly CachedRow[], stock: readonly CachedRow[]): Promise<void> {
  const byItem = groupByItem(stock);
  const records = rows.map((row) => {
    const own = byItem.get(row.id) ?? [];
    byItem.delete(row.id);
    return attach(row, own);
  });
  await Promise.all([table.bulkPut(records), putStockRows(table, [...byItem.values()].flat())]);
}

/** The version 5 upgrade: every row of the old stock table into its item's record. */
export async function moveStockIntoItems(stockTable: Table<CachedRow, RowKey>, itemTable: ItemTable): Promise<void> {
  await putStockRows(itemTable, await stockTable.toArray());
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
export async function applyItemStockChanges(table: ItemTable, changes: ItemStockChanges): Promise<void> {
  if (changes.snapshot) await putItemsWithStock(table, changes.items, changes.stock);
  else {
    await putItemsKeepingStock(table, changes.items);
    await putStockRows(table, changes.stock);
  }
  if (changes.stockDeletes.length > 0) await deleteStockRows(table, changes.stockDeletes); // (a query, even for none)
  await table.bulkDelete([...changes.itemDeletes]);
}
