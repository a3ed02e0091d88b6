import type { LocalEffect, OfflineDb, OutboxEntry } from "./db";
import type { CachedRow } from "./sync-tables";

/**
 * The local effects of queued creates: applied when the entry is queued, undone on discard,
 * reconciled with the server's record on success. Each runs inside the caller's Dexie transaction
 * (see `writeTables`), so the outbox and the cache never disagree.
 */

/** Every table an outbox write may touch, for `db.transaction("rw", writeTables(db), ...)`. */
export const writeTables = (db: OfflineDb) => [db.outbox, db.local_key, db.meta, ...db.refTables()];

export async function applyEffects(db: OfflineDb, entry: OutboxEntry): Promise<void> {
  for (const effect of entry.effects) {
    if (effect.kind === "pending-row") {
      await db.ref(effect.table).put({ ...effect.row, _pending: true, _outbox: entry.id });
    }
  }
}

export async function undoEffects(db: OfflineDb, entry: OutboxEntry): Promise<void> {
  for (const effect of entry.effects) {
    if (effect.kind === "pending-row") await db.ref(effect.table).delete(effect.row.id);
  }
}

/**
 * Replaces each pending row by the server's record. The server's answer is merged over the pending
 * row (which has the table's column names), unless a pull already brought the real row: that one
 * is newer or equal and wins.
 */
export async function reconcileEffects(db: OfflineDb, entry: OutboxEntry, serverBody: unknown): Promise<void> {
  const serverRow = serverBody && typeof serverBody === "object" ? (serverBody as Record<string, unknown>) : {};
  const serverId = typeof serverRow.id === "number" ? serverRow.id : null;
  for (const effect of entry.effects) {
    if (effect.kind !== "pending-row") continue;
    const table = db.ref(effect.table);
    await table.delete(effect.row.id);
    if (serverId === null) continue;
    await db.local_key.put({ key: effect.row.id, table: effect.table, server_id: serverId });
    if (await table.get(serverId)) continue;
    const { _pending: _p, _outbox: _o, ...columns } = effect.row;
    const merged: CachedRow = { ...columns, deleted_at: null, ...serverRow, id: serverId };
    await table.put(merged);
  }
}

/** Local effects of this user's waiting entries, applied again after the cache was cleared. */
export async function reapplyPendingEffects(db: OfflineDb, userId: number): Promise<void> {
  const entries = await db.outbox.where("user_id").equals(userId).toArray();
  for (const entry of entries) {
    if (entry.effects_applied) await applyEffects(db, entry);
  }
}

export function effectsOf(localEffect: LocalEffect | LocalEffect[] | undefined): LocalEffect[] {
  if (!localEffect) return [];
  return Array.isArray(localEffect) ? localEffect : [localEffect];
}
