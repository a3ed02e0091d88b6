import { META, type LocalEffect, type OfflineDb, type OutboxEntry } from "./db";
import { settleCashboxMoves } from "./cashbox-overlay";
import { recomputeStock, settleStockEffects } from "./stock-overlay";
import { isStub, putItemsKeepingStock } from "./stock-store";
import type { CachedRow } from "./sync-tables";

/**
 * The local effects of queued creates: applied when the entry is queued, undone on discard,
 * reconciled with the server's record on success. Each runs inside the caller's Dexie transaction
 * (see `writeTables`), so the outbox and the cache never disagree.
 *
 * Stock effects are not applied as increments: the cached quantity is recomputed from the state of
 * the outbox (stock-overlay.ts), so the callers change the entry first (stored with
 * `effects_applied`, or deleted) and then call these.
 */

/** Every table an outbox write may touch, for `db.transaction("rw", writeTables(db), ...)`. */
export const writeTables = (db: OfflineDb) => [db.outbox, db.local_key, db.meta, ...db.refTables()];

/** The next provisional document number of this device: "P-1", "P-2", ... (never reused). */
export async function nextProvisionalNumber(db: OfflineDb): Promise<string> {
  const next = ((await db.getMeta<number>(META.provisionalNo)) ?? 0) + 1;
  await db.setMeta(META.provisionalNo, next);
  return `P-${next}`;
}

export async function applyEffects(db: OfflineDb, entry: OutboxEntry): Promise<void> {
  let numbered = false;
  for (const effect of entry.effects) {
    if (effect.kind === "pending-row") {
      await db.rows(effect.table).put({ ...effect.row, _pending: true, _outbox: entry.id });
    } else if (effect.kind === "pending-doc" && effect.number === null) {
      // Numbered when it is queued, not when the screen built it: an online save uses no number.
      effect.number = await nextProvisionalNumber(db);
      numbered = true;
    }
  }
  if (numbered && entry.id !== undefined) await db.outbox.update(entry.id, { effects: entry.effects });
  await recomputeStock(db, entry.effects);
}

export async function undoEffects(db: OfflineDb, entry: OutboxEntry): Promise<void> {
  for (const effect of entry.effects) {
    if (effect.kind === "pending-row") await db.rows(effect.table).delete(effect.row.id);
  }
  await recomputeStock(db, entry.effects);
}

/**
 * Replaces each pending row by the server's record. The server's answer is merged over the pending
 * row (which has the table's column names), unless a pull already brought the real row: that one
 * is newer or equal and wins (a stub holding its stock rows is not the real row). Stock effects stay
 * laid over the cache until a pull shows them.
 */
export async function reconcileEffects(db: OfflineDb, entry: OutboxEntry, serverBody: unknown, at: number = Date.now()): Promise<void> {
  const serverRow = serverBody && typeof serverBody === "object" ? (serverBody as Record<string, unknown>) : {};
  const serverId = typeof serverRow.id === "number" ? serverRow.id : null;
  // Also for a create that went straight through: the cache shows the sale before the next pull.
  await settleStockEffects(db, entry.effects, at);
  await settleCashboxMoves(db, entry.effects, at);
  if (!entry.effects_applied) await recomputeStock(db, entry.effects);
  for (const effect of entry.effects) {
    if (effect.kind !== "pending-row") continue;
    const table = db.rows(effect.table);
    await table.delete(effect.row.id);
    if (serverId === null) continue;
    await db.local_key.put({ key: effect.row.id, table: effect.table, server_id: serverId });
    const cached = await table.get(serverId);
    if (cached && !isStub(cached)) continue;
    const { _pending: _p, _outbox: _o, ...columns } = effect.row;
    const merged: CachedRow = { ...columns, deleted_at: null, ...serverRow, id: serverId };
    // An item takes over the stock rows a pull already brought for it (stock-store.ts).
    await (cached ? putItemsKeepingStock(db.items, [merged]) : table.put(merged));
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
