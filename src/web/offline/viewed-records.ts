import type { OfflineDb } from "./db";

/**
 * The last copy of each document the user viewed online (`GET sale/12/`), kept on the device so the
 * view, and the screens opened from it, work offline from local data. Scoped to the user, cleared
 * when the session ends (app-offline.ts), and capped: the oldest copies go first.
 */

export const VIEWED_RECORDS_KEPT = 200;

export async function readViewedRecord<T>(db: OfflineDb, userId: number, path: string): Promise<T | null> {
  const row = await db.viewed_record.get([userId, path]);
  return row ? (row.record as T) : null;
}

export async function saveViewedRecord(db: OfflineDb, userId: number, path: string, record: unknown, now = Date.now()): Promise<void> {
  await db.transaction("rw", db.viewed_record, async () => {
    await db.viewed_record.put({ user_id: userId, path, record, saved_at: now });
    const extra = (await db.viewed_record.count()) - VIEWED_RECORDS_KEPT;
    if (extra > 0) await db.viewed_record.bulkDelete(await db.viewed_record.orderBy("saved_at").limit(extra).primaryKeys());
  });
}

/**
 * Drops the kept copies of documents the server deleted (`sale/12/` for sale 12, whoever viewed it):
 * the pull brings their tombstones, and a deleted sale must not open offline any more.
 */
export function forgetViewedRecords(db: OfflineDb, resource: string, ids: readonly number[]): Promise<number> {
  if (ids.length === 0) return Promise.resolve(0);
  const paths = new Set(ids.map((id) => `${resource}${id}/`));
  return db.viewed_record.filter((row) => paths.has(row.path)).delete();
}

/** Drops the kept copies of every document of a resource (`sale/`): the user may no longer read them. */
export function forgetViewedResource(db: OfflineDb, resource: string): Promise<number> {
  return db.viewed_record.filter((row) => row.path.startsWith(resource)).delete();
}

export function clearViewedRecords(db: OfflineDb): Promise<void> {
  return db.viewed_record.clear();
}
