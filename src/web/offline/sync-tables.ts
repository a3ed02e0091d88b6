/**
 * The reference tables the server's `GET sync/pull/` sends (src/server/modules/sync/sync-tables.ts),
 * by their snake_case names, which are also the Dexie table names (all but "stock": see CACHED_TABLES).
 * Adding one means: add it here, add its schema to a new Dexie version in db.ts (whose upgrade drops
 * the cursor).
 */
export const REFERENCE_TABLES = [
  "currency",
  "exchange_rate",
  "setting",
  "measurement",
  "item_group",
  "item_subgroup",
  "city",
  "item",
  "partner",
  "customer",
  "supplier",
  "cashbox",
  "print_info",
  // Version 2 of the device database.
  "stock",
  "damaged_stock_type",
] as const;

export type ReferenceTableName = (typeof REFERENCE_TABLES)[number];

export function isReferenceTable(name: string): name is ReferenceTableName {
  return (REFERENCE_TABLES as readonly string[]).includes(name);
}

/**
 * The reference tables the device keeps as Dexie tables of their own: all but "stock", whose rows
 * live inside their item's record since version 5 of the device database (stock-store.ts). The
 * items themselves are kept many to a record since version 7 (item-pages.ts).
 */
export type CachedTableName = Exclude<ReferenceTableName, "stock">;

export const CACHED_TABLES = REFERENCE_TABLES.filter((name): name is CachedTableName => name !== "stock");

/** Key of a record saved offline and not yet synced: "local-<uuid>" (server ids are numbers). */
export type LocalKey = `local-${string}`;
export type RowKey = number | LocalKey;

/**
 * A cached row: the server's snake_case table row, or a pending one saved offline. Pending rows
 * carry `_pending: true` and `_outbox` (the outbox entry that made them) so lists show a
 * "pending sync" badge and the outbox can reconcile or undo them.
 */
export interface CachedRow {
  id: RowKey;
  deleted_at?: string | null;
  _pending?: true;
  _outbox?: number;
  [column: string]: unknown;
}

export const isLocalKey = (value: unknown): value is LocalKey => typeof value === "string" && value.startsWith("local-");

export const newLocalKey = (): LocalKey => `local-${globalThis.crypto.randomUUID()}`;
