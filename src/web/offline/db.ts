import Dexie, { type Table } from "dexie";
import { REFERENCE_TABLES, type CachedRow, type LocalKey, type ReferenceTableName, type RowKey } from "./sync-tables";

/**
 * The device database (DESIGN section 4): one table per synced reference table, `meta` for the sync
 * cursor and the owner of the cache, `outbox` for creates waiting for the server, and `local_key`
 * mapping provisional keys to the server ids they became.
 */

/** Indexes the screens and the sync need, per reference table (the primary key `id` first). */
const REFERENCE_SCHEMA: Record<ReferenceTableName, string> = {
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

export type OutboxStatus = "sending" | "pending" | "needs_attention";

/**
 * A local effect of a queued create, stored with the entry so it can be undone on discard and
 * reconciled on success even after a reload. `pending-row` puts a provisional row into a cached
 * table. (The stock issue adds e.g. `stock-take` effects; see local-effects.ts.)
 */
export interface PendingRowEffect {
  kind: "pending-row";
  table: ReferenceTableName;
  row: CachedRow & { id: LocalKey };
}
export type LocalEffect = PendingRowEffect;

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

export interface MetaRow {
  key: string;
  value: unknown;
}

/** Provisional key -> server id, so later entries that reference a record made offline can be sent. */
export interface LocalKeyRow {
  key: LocalKey;
  table: ReferenceTableName;
  server_id: number;
}

export type ReferenceTables = { [K in ReferenceTableName]: Table<CachedRow, RowKey> };

export class OfflineDb extends Dexie {
  meta!: Table<MetaRow, string>;
  outbox!: Table<OutboxEntry, number>;
  local_key!: Table<LocalKeyRow, string>;

  constructor(name: string) {
    super(name);
    // Version 1. The next issue adds `stock` as version 2 (and to REFERENCE_TABLES):
    //   this.version(2)
    //     .stores({ stock: "id, item_id, inventory_id, [inventory_id+item_id]" })
    //     .upgrade((tx) => tx.table("meta").delete("cursor"));
    // Dexie keeps the earlier tables; a version lists only what it adds or changes. Dropping the
    // cursor makes the next pull a full one: the pages pulled before skipped the unknown table.
    this.version(1).stores({
      ...REFERENCE_SCHEMA,
      meta: "key",
      outbox: "++id, user_id, status, [user_id+status]",
      local_key: "key",
    });
  }

  /** A reference table by name (typed rows). */
  ref(name: ReferenceTableName): Table<CachedRow, RowKey> {
    return this.table(name) as Table<CachedRow, RowKey>;
  }

  /** Every reference table, e.g. for one transaction over all of them. */
  refTables(): Table<CachedRow, RowKey>[] {
    return REFERENCE_TABLES.map((name) => this.ref(name));
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
} as const;

export const DEFAULT_DB_NAME = "backoffice";

let shared: OfflineDb | null = null;

/** The app's database (one per origin). Tests open their own with `new OfflineDb(name)`. */
export function getOfflineDb(): OfflineDb {
  shared ??= new OfflineDb(DEFAULT_DB_NAME);
  return shared;
}
