import Dexie, { type Table, type Transaction } from "dexie";
import { moveStockIntoItems } from "./stock-store";
import { ITEM_PAGE_SCHEMA, ItemPages, pageOf, pageKeyOf, type ItemPage, type PageKey } from "./item-pages";
import { CACHED_TABLES, type CachedRow, type CachedTableName, type LocalKey, type ReferenceTableName, type RowKey } from "./sync-tables";

/**
 * The device database (DESIGN section 4): one table per synced reference table (the items many to a
 * record in `item_page`, item-pages.ts; their stock rows inside them), `meta` for the sync cursor and
 * the owner of the cache, `outbox` for creates waiting for the server, and `local_key`
 * mapping provisional keys to the server ids they became.
 */

type StockTableName = "stock" | "damaged_stock_type";

/** Indexes the screens and the sync need, per reference table of version 1 (the primary key `id` first). */
const REFERENCE_SCHEMA: Record<Exclude<ReferenceTableName, StockTableName>, string> = {
  currency: "id, code",
  exchange_rate: "id, currency_id, [currency_id+input_date]",
  setting: "id, &key",
  measurement: "id, name",
  item_group: "id, name",
  item_subgroup: "id, item_group_id, name",
  city: "id, name",
  // barcode is unique among live items on the server; not `&` here, so a pending offline item
  // with a barcode that the server then refuses cannot break a sync transaction.
  item: "id, barcode, code, name, item_group_id, item_subgroup_id, _outbox",
  partner: "id, name",
  customer: "id, branch_id, name, phone, _outbox",
  supplier: "id, name, *branches, _outbox",
  cashbox: "id, branch_id, currency_id",
  print_info: "id, branch_id",
};

/**
 * Version 2: stock rows per (inventory, item, batch, expiry). The sale screen's scan resolves a
 * barcode to items (item.barcode) and then to that inventory's rows through [inventory_id+item_id],
 * so a scan is two index reads whatever the size of the cache.
 */
const STOCK_SCHEMA: Record<StockTableName, string> = {
  stock: "id, inventory_id, item_id, [inventory_id+item_id], branch_id",
  damaged_stock_type: "id, name",
};

/**
 * Version 3: only the indexes the app queries on its two big tables (every index is one more write
 * per record, and the first load writes 100k items and their stock). Items: barcode (scans), code and
 * name (prefix search), _outbox (pending rows). Stock: [inventory_id+item_id] only (every scan and
 * stock effect asks for an item in one inventory). The rows themselves do not change, so the cursor
 * stays.
 */
const LEAN_SCHEMA: Partial<Record<ReferenceTableName, string>> = {
  item: "id, barcode, code, name, _outbox",
  stock: "id, [inventory_id+item_id]",
};

/**
 * Version 4: the last server copy of documents viewed on this device (viewed-records.ts), so a
 * sale or quotation seen online opens offline too.
 */
const VIEWED_SCHEMA = { viewed_record: "[user_id+path], saved_at" };

/**
 * Version 5: an item's stock rows live in its record (`stock`, their ids in `stock_ids`, indexed
 * multiEntry; stock-store.ts), so the first load writes one record per item instead of two (the
 * first load is bound by the number of IndexedDB requests). The upgrade moves the stock table's rows
 * into their items (a stub record for an item not cached); version 6 drops the stock table. Rows,
 * cursor and outbox stay.
 */
export const STOCK_IN_ITEM_SCHEMA = { item: "id, barcode, code, name, _outbox, *stock_ids" };

/**
 * Version 7: items many to a record (`item_page`, item-pages.ts), so the first load writes a
 * thousand records instead of 100k (the first load's budget, DESIGN section 6). The upgrade moves every item record
 * (stock, stubs and pending items with it) into its page; version 8 drops the item table. Cursor and outbox stay.
 */
async function moveItemsIntoPages(items: Table<CachedRow, RowKey>, pages: Table<ItemPage, PageKey>): Promise<void> {
  const byPage = new Map<PageKey, CachedRow[]>();
  for (const item of await items.toArray()) {
    const key = pageKeyOf(item.id);
    const page = byPage.get(key);
    if (page) page.push(item);
    else byPage.set(key, [item]);
  }
  await pages.bulkPut([...byPage].map(([key, group]) => pageOf(key, group)));
}

/** The cached tables kept one record per row (all but the items: see `OfflineDb.items`). */
export type TableName = Exclude<CachedTableName, "item">;

/** What the code common to every cached table (pending rows, lists, clears) needs of one. */
export interface RowStore {
  get(id: RowKey): Promise<CachedRow | undefined>;
  bulkGet(ids: RowKey[]): Promise<(CachedRow | undefined)[]>;
  put(row: CachedRow): Promise<unknown>;
  delete(id: RowKey): Promise<void>;
  toArray(): Promise<CachedRow[]>;
}

export type OutboxStatus = "sending" | "pending" | "needs_attention";

/**
 * A local effect of a queued create, stored with the entry so it can be undone on discard and
 * reconciled on success even after a reload (see local-effects.ts and stock-overlay.ts).
 * `pending-row` puts a provisional row into a cached table.
 */
export interface PendingRowEffect {
  kind: "pending-row";
  table: CachedTableName;
  row: CachedRow & { id: LocalKey };
}

/** A queued sale line takes `quantity` (decimal string) of a cached stock row at once. */
export interface StockTakeEffect {
  kind: "stock-take";
  stock_id: number;
  quantity: string;
}

/**
 * A queued purchase line adds to the cached stock row of (inventory, item, batch, expiry) when the
 * device has it; a row the purchase creates on the server arrives with the next pull.
 */
export interface StockAddEffect {
  kind: "stock-add";
  inventory_id: number;
  item_id: number;
  batch_number: string;
  expire_date: string | null;
  quantity: string;
}

/**
 * A queued document (sale, purchase) shown in its list as pending with a provisional number
 * "P-<n>", numbered per device when it is queued (`number` is null until then).
 */
export interface PendingDocEffect {
  kind: "pending-doc";
  doc: string;
  number: string | null;
}

/**
 * A queued money document (expense, income, receipt, payment) moves `amount` (signed decimal string:
 * negative takes money out) of a cashbox's balance as the device shows it (cashbox-overlay.ts).
 */
export interface CashboxMoveEffect {
  kind: "cashbox-move";
  cashbox_id: number;
  amount: string;
}

export type LocalEffect = PendingRowEffect | StockTakeEffect | StockAddEffect | PendingDocEffect | CashboxMoveEffect;

/** What the server said when it refused an entry: status and the parsed body. */
export interface ServerAnswer {
  status: number;
  body: unknown;
}

export interface OutboxEntry {
  /** Auto-increment: the order of creation, which is the order of replay. */
  id?: number;
  user_id: number;
  /** Path under /api/ with its trailing slash, e.g. "customer/". */
  resource: string;
  /** The request body, form_token included. */
  body: Record<string, unknown>;
  created_at: number;
  status: OutboxStatus;
  attempts: number;
  /** Not retried before this time (ms); a "sending" entry of a crashed tab is retried after it. */
  next_attempt_at: number;
  last_error: string | null;
  /** The refusal (4xx) that made it need attention. */
  server_message: ServerAnswer | null;
  effects: LocalEffect[];
  /** Whether `effects` are currently applied to the cached tables. */
  effects_applied: boolean;
}

/** A document as the server last answered it (`GET <path>`) to this user on this device. */
export interface ViewedRecordRow {
  user_id: number;
  /** The API path it was read from: "sale/12/". */
  path: string;
  record: unknown;
  saved_at: number;
}

export interface MetaRow {
  key: string;
  value: unknown;
}

/** Provisional key -> server id, so later entries that reference a record made offline can be sent. */
export interface LocalKeyRow {
  key: LocalKey;
  table: CachedTableName;
  server_id: number;
}

/** The stores of version 1, also for the upgrade test. */
export const DB_V1_STORES: Record<string, string> = {
  ...REFERENCE_SCHEMA,
  meta: "key",
  outbox: "++id, user_id, status, [user_id+status]",
  local_key: "key",
};

/** The stores of version 2 (the upgrade test opens a device at that version). */
export const DB_V2_STORES: Record<string, string> = { ...DB_V1_STORES, ...STOCK_SCHEMA };

/** The stores of version 4, the last with a stock table (the upgrade test opens a device at that version). */
export const DB_V4_STORES: Record<string, string> = { ...DB_V2_STORES, ...LEAN_SCHEMA, ...VIEWED_SCHEMA };

type Upgrade = (tx: Transaction) => Promise<unknown>;

/**
 * The device database's versions with an upgrade or a dropped table, each with what it adds or changes
 * over the one before (so version 5 holds what versions 3 and 4 added). Dexie (3 and later) upgrades a
 * device from the schema it has installed; the versions without either need no declaration.
 */
const VERSIONS: { version: number; stores: Record<string, string | null>; upgrade?: Upgrade }[] = [
  // Dropping the cursor makes the next pull a full one: the pages pulled before skipped the unknown tables.
  { version: 2, stores: DB_V2_STORES, upgrade: (tx) => tx.table("meta").delete(META.cursor) },
  {
    version: 5,
    stores: { ...LEAN_SCHEMA, ...VIEWED_SCHEMA, ...STOCK_IN_ITEM_SCHEMA },
    upgrade: (tx) => moveStockIntoItems(tx.table<CachedRow, RowKey>("stock"), tx.table<CachedRow, RowKey>("item")),
  },
  { version: 6, stores: { stock: null } },
  {
    version: 7,
    stores: ITEM_PAGE_SCHEMA,
    upgrade: (tx) => moveItemsIntoPages(tx.table<CachedRow, RowKey>("item"), tx.table<ItemPage, PageKey>("item_page")),
  },
  { version: 8, stores: { item: null } },
];

/** The version a device is brought to. */
export const DB_VERSION = VERSIONS[VERSIONS.length - 1].version;

/** The stores of `version`, whole: what the versions above leave up to it, a dropped table gone. */
function storesThrough(version: number): Record<string, string> {
  const merged: Record<string, string | null> = {};
  for (const step of VERSIONS) if (step.version <= version) Object.assign(merged, step.stores);
  return Object.fromEntries(Object.entries(merged).filter((entry): entry is [string, string] => entry[1] !== null));
}

/** The stores of version 6, the last with an item table (the upgrade test opens a device at that version). */
export const DB_V6_STORES = storesThrough(6);

/** The stores of the current version, declared alone on a device already there. */
export const CURRENT_STORES = storesThrough(DB_VERSION);

export class OfflineDb extends Dexie {
  meta!: Table<MetaRow, string>;
  outbox!: Table<OutboxEntry, number>;
  local_key!: Table<LocalKeyRow, string>;
  viewed_record!: Table<ViewedRecordRow, [number, string]>;

  /**
   * `upToDate`: the device already has the current version (`installedVersion`), so the current
   * schema is declared alone. Dexie parses every declared version again at each declaration, and
   * the whole chain was the longest task of the offline layer's start (the first screen's budget, DESIGN section 6).
   */
  constructor(name: string, options: { upToDate?: boolean } = {}) {
    super(name);
    if (options.upToDate) {
      this.version(DB_VERSION).stores(CURRENT_STORES);
      return;
    }
    for (const { version, stores, upgrade } of VERSIONS) {
      const declared = this.version(version).stores(stores);
      if (upgrade) declared.upgrade(upgrade);
    }
  }

  private itemPages: ItemPages | null = null;

  /** The cached items (and their stock rows), kept many to a record: item-pages.ts. */
  get items(): ItemPages {
    this.itemPages ??= new ItemPages(this.table<ItemPage, PageKey>("item_page"));
    return this.itemPages;
  }

  /** A cached reference table by name (typed rows; items are in `items`, stock rows in them: stock-store.ts). */
  ref(name: TableName): Table<CachedRow, RowKey> {
    return this.table<CachedRow, RowKey>(name);
  }

  /** A cached reference table as the code common to all of them reads and writes it, whatever its layout. */
  rows(name: CachedTableName): RowStore {
    return name === "item" ? this.items : this.ref(name);
  }

  /** The IndexedDB stores of every cached reference table, e.g. for one transaction over all of them. */
  refTables(): Table[] {
    return CACHED_TABLES.map((name) => (name === "item" ? this.items.table : this.ref(name)));
  }

  async getMeta<T>(key: string): Promise<T | undefined> {
    return (await this.meta.get(key))?.value as T | undefined;
  }

  setMeta(key: string, value: unknown): Promise<string> {
    return this.meta.put({ key, value });
  }
}

/** Meta keys. */
export const META = {
  cursor: "cursor",
  lastSyncAt: "last_sync_at",
  userId: "user_id",
  branchKey: "branch_key",
  persistAsked: "persist_asked",
  /** The last provisional number given to a document queued on this device ("P-<n>"). */
  provisionalNo: "provisional_no",
  /** Stock effects of synced entries, kept until a pull shows them (stock-overlay.ts). */
  settledStock: "settled_stock",
  /** The cashbox balances the server last answered, with the time they were read (cashbox-overlay.ts). */
  cashboxBalances: "cashbox_balances",
  /** Cashbox moves of synced entries, kept until a balance read after them (cashbox-overlay.ts). */
  settledCashbox: "settled_cashbox",
  /** The signed-in session's token and user, for the service worker's replay (device-session.ts). */
  session: "session",
  /** While a first load walks: how far (`{ done, total }` of the server's last page), stored with its cursor. */
  walkProgress: "walk_progress",
  /** This device's name in a file of unsynced documents (outbox-file.ts): a random id made once. */
  deviceId: "device_id",
  /** The form_tokens loaded from files of unsynced documents, so a file loaded again queues nothing twice. */
  loadedTokens: "loaded_tokens",
} as const;

export const DEFAULT_DB_NAME = "backoffice";

let shared: OfflineDb | null = null;

/** The app's database (one per origin). Tests open their own with `new OfflineDb(name)`. */
export function getOfflineDb(): OfflineDb {
  shared ??= new OfflineDb(DEFAULT_DB_NAME);
  return shared;
}

/**
 * The version of the database `name` this browser has installed, in Dexie's numbering (it stores
 * version n as n * 10), or null when it has none or cannot say (indexedDB.databases() is missing).
 */
export async function installedVersion(name: string): Promise<number | null> {
  try {
    const found = (await indexedDB.databases()).find((db) => db.name === name);
    return found?.version ? found.version / 10 : null;
  } catch {
    return null;
  }
}

/**
 * Makes the app's database before anything asks for it (the offline layer's start: boot.ts), declared
 * by what the device has installed: on a device already at the current version, its schema alone.
 */
export async function prepareOfflineDb(): Promise<OfflineDb> {
  if (!shared) {
    const upToDate = (await installedVersion(DEFAULT_DB_NAME)) === DB_VERSION;
    shared ??= new OfflineDb(DEFAULT_DB_NAME, { upToDate });
  }
  return shared;
}
