import { useLiveQuery } from "dexie-react-hooks";
import { getOfflineDb, type OfflineDb } from "./db";
import { FOREIGN_KEYS, lookupTablesOf, toListRow, type Lookups } from "./cached-list";
import { getOfflineRuntime } from "./offline-runtime";
import { isStub } from "./stock-store";
import type { CachedRow, CachedTableName } from "./sync-tables";
import { textOf } from "../../core/text";

const db = (): OfflineDb => getOfflineRuntime()?.db ?? getOfflineDb();

/**
 * Every live row of a cached table in the API's list shape (foreign keys with their names), live.
 * One live query reads the table and the tables its foreign keys name, so a pull or a queued create
 * updates the screen. Undefined while reading or when `table` is null.
 */
export function useCachedRows(table: CachedTableName | null): Record<string, unknown>[] | undefined {
  return useLiveQuery(async () => {
    if (!table) return undefined;
    // Stubs (stock-store.ts) hold stock rows of items not cached yet: not items to list.
    const rows = (await db().rows(table).toArray()).filter((row) => !row.deleted_at && !isStub(row));
    const lookups: Lookups = {};
    for (const name of lookupTablesOf(rows)) {
      const label = Object.values(FOREIGN_KEYS).find((key) => key.table === name)?.label ?? "name";
      const all = await db().rows(name).toArray();
      lookups[name] = new Map(all.map((row) => [row.id, textOf(row[label])]));
    }
    return rows.map((row) => toListRow(row, lookups));
  }, [table]);
}

/** The rows saved on this device (the `_outbox` index where the table has one; the other cached tables are small). */
async function pendingRows(name: CachedTableName): Promise<CachedRow[]> {
  if (name === "item") return db().items.pending();
  const ref = db().ref(name);
  const indexed = ref.schema.indexes.some((index) => index.name === "_outbox");
  return indexed ? ref.where("_outbox").above(0).toArray() : ref.filter((row) => row._pending === true).toArray();
}

/** The rows of a cached table saved on this device and not synced yet, in the list shape, live. */
export function usePendingRows(table: CachedTableName | null): Record<string, unknown>[] {
  return (
    useLiveQuery(async () => {
      if (!table) return [];
      const rows = await pendingRows(table);
      return rows.filter((row) => row._pending === true).map((row) => toListRow(row, {}));
    }, [table]) ?? []
  );
}
