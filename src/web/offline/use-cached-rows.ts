import { useLiveQuery } from "dexie-react-hooks";
import { getOfflineDb, type OfflineDb } from "./db";
import { FOREIGN_KEYS, lookupTablesOf, toListRow, type Lookups } from "./cached-list";
import { getOfflineRuntime } from "./offline-runtime";
import type { ReferenceTableName } from "./sync-tables";

const db = (): OfflineDb => getOfflineRuntime()?.db ?? getOfflineDb();

/**
 * Every live row of a cached table in the API's list shape (foreign keys with their names), live.
 * One live query reads the table and the tables its foreign keys name, so a pull or a queued create
 * updates the screen. Undefined while reading or when `table` is null.
 */
export function useCachedRows(table: ReferenceTableName | null): Record<string, unknown>[] | undefined {
  return useLiveQuery(async () => {
    if (!table) return undefined;
    const rows = (await db().ref(table).toArray()).filter((row) => !row.deleted_at);
    const lookups: Lookups = {};
    for (const name of lookupTablesOf(rows)) {
      const label = Object.values(FOREIGN_KEYS).find((key) => key.table === name)?.label ?? "name";
      const all = await db().ref(name).toArray();
      lookups[name] = new Map(all.map((row) => [row.id, String(row[label] ?? "")]));
    }
    return rows.map((row) => toListRow(row, lookups));
  }, [table]);
}
