import { add, sub, toDecimalString, toMoney, tryMoney, QUANTITY_SCALE, type Money } from "../../core/money";
import { MESSAGES } from "../../core/messages";
import { META, type LocalEffect, type OfflineDb, type StockAddEffect, type StockTakeEffect } from "./db";
import { putStockRows, stockRowsById, stockRowsOf } from "./stock-store";
import type { CachedRow } from "./sync-tables";

/**
 * The cached stock quantity the screens see: the server's last word minus what this device has taken
 * since, recomputed from that state, never adjusted in place (the formula and its "settled" effects:
 * README.md).
 */

export type StockEffect = StockTakeEffect | StockAddEffect;

export interface SettledStockEffect {
  effect: StockEffect;
  /** Device time when the server's answer was stored. */
  at: number;
}

export const isStockEffect = (effect: LocalEffect): effect is StockEffect => effect.kind === "stock-take" || effect.kind === "stock-add";

const identityKey = (inventoryId: unknown, itemId: unknown, batch: unknown, expire: unknown) =>
  `${Number(inventoryId)}|${Number(itemId)}|${typeof batch === "string" ? batch : ""}|${typeof expire === "string" && expire !== "" ? expire : ""}`;

const rowIdentity = (row: CachedRow) => identityKey(row.inventory_id, row.item_id, row.batch_number, row.expire_date);

/** Signed local change per stock id and per (inventory, item, batch, expiry). */
export interface StockDeltas {
  byId: Map<number, Money>;
  byIdentity: Map<string, Money>;
}

function addDelta(deltas: StockDeltas, effect: StockEffect, sign: 1 | -1) {
  const amount = tryMoney(effect.quantity);
  if (!amount) return;
  if (effect.kind === "stock-take") {
    deltas.byId.set(effect.stock_id, add(deltas.byId.get(effect.stock_id) ?? 0, amount.times(-sign)));
  } else {
    const key = identityKey(effect.inventory_id, effect.item_id, effect.batch_number, effect.expire_date);
    deltas.byIdentity.set(key, add(deltas.byIdentity.get(key) ?? 0, amount.times(sign)));
  }
}

/**
 * What the device changed locally: the stock effects of the cache owner's entries whose effects are
 * applied, and the settled ones. (Another user's entries keep their effects, but the cache they
 * were applied to was cleared when this user claimed it.)
 */
export async function localStockDeltas(db: OfflineDb): Promise<StockDeltas> {
  const deltas: StockDeltas = { byId: new Map(), byIdentity: new Map() };
  const owner = await db.getMeta<number>(META.userId);
  // No owner yet (nothing pulled on this device): every applied entry counts.
  const entries = owner === undefined ? db.outbox.toCollection() : db.outbox.where("user_id").equals(owner);
  await entries.each((entry) => {
    if (!entry.effects_applied) return;
    for (const effect of entry.effects) if (isStockEffect(effect)) addDelta(deltas, effect, 1);
  });
  for (const settled of await settledStock(db)) addDelta(deltas, settled.effect, 1);
  return deltas;
}

const deltaOf = (deltas: StockDeltas, row: CachedRow): Money | null => {
  const byId = typeof row.id === "number" ? deltas.byId.get(row.id) : undefined;
  const byIdentity = deltas.byIdentity.size > 0 ? deltas.byIdentity.get(rowIdentity(row)) : undefined;
  if (byId === undefined && byIdentity === undefined) return null;
  return add(byId ?? 0, byIdentity ?? 0);
};

/** The server's quantity of a cached row (a row stored without the device's changes: its quantity). */
const serverQuantity = (row: CachedRow): Money => tryMoney(row._server_quantity ?? row.quantity) ?? toMoney(0);

/**
 * A stock row as pulled, with the device's changes laid over it (used by the pull for each page).
 * A row the device has not changed is stored as it came: its quantity is the server's (see
 * serverQuantity), and the first load copies no 100k objects.
 */
export function overlayRow(row: CachedRow, deltas: StockDeltas): CachedRow {
  const delta = deltaOf(deltas, row);
  if (delta === null) return row;
  const server = row.quantity;
  return { ...row, _server_quantity: server, quantity: toDecimalString(add(tryMoney(server) ?? 0, delta), QUANTITY_SCALE) };
}

/** Recomputes the cached quantity of the rows the effects touch (inside the caller's transaction). */
export async function recomputeStock(db: OfflineDb, effects: readonly LocalEffect[]): Promise<void> {
  const stockEffects = effects.filter(isStockEffect);
  if (stockEffects.length === 0) return;
  const rows = await rowsOf(db, stockEffects);
  if (rows.length === 0) return;
  const deltas = await localStockDeltas(db);
  const recomputed = rows.map((row) => {
    const delta = deltaOf(deltas, row) ?? toMoney(0);
    return {
      ...row,
      _server_quantity: row._server_quantity ?? row.quantity,
      quantity: toDecimalString(add(serverQuantity(row), delta), QUANTITY_SCALE),
    };
  });
  await putStockRows(db.items, recomputed);
}

/** The cached stock rows stock effects refer to (a purchase line by its identity). */
async function rowsOf(db: OfflineDb, effects: readonly StockEffect[]): Promise<CachedRow[]> {
  const ids = effects.flatMap((e) => (e.kind === "stock-take" ? [e.stock_id] : []));
  const found = await stockRowsById(db, ids);
  for (const effect of effects) {
    if (effect.kind !== "stock-add") continue;
    const wanted = identityKey(effect.inventory_id, effect.item_id, effect.batch_number, effect.expire_date);
    for (const row of await stockRowsOf(db, effect.inventory_id, effect.item_id))
      if (typeof row.id === "number" && rowIdentity(row) === wanted) found.set(row.id, row);
  }
  return [...found.values()];
}

export async function settledStock(db: OfflineDb): Promise<SettledStockEffect[]> {
  return (await db.getMeta<SettledStockEffect[]>(META.settledStock)) ?? [];
}

/** A booked entry's stock effects stay laid over the cache until a later pull shows them. */
export async function settleStockEffects(db: OfflineDb, effects: readonly LocalEffect[], at: number): Promise<void> {
  const stockEffects = effects.filter(isStockEffect);
  if (stockEffects.length === 0) return;
  const settled = await settledStock(db);
  await db.setMeta(META.settledStock, [...settled, ...stockEffects.map((effect) => ({ effect, at }))]);
}

/**
 * After a pull run that started at `runStartedAt` has finished: the effects settled before it are
 * in the server's rows now; drop them and recompute their rows.
 */
export async function releaseSettledStock(db: OfflineDb, runStartedAt: number): Promise<void> {
  const settled = await settledStock(db);
  const released = settled.filter((s) => s.at < runStartedAt);
  if (released.length === 0) return;
  await db.setMeta(
    META.settledStock,
    settled.filter((s) => s.at >= runStartedAt),
  );
  await recomputeStock(
    db,
    released.map((s) => s.effect),
  );
}

/**
 * The local check of a sale about to be queued: each stock row it takes must hold enough in the
 * cache (which already counts the other waiting sales). A row the device does not have is left to
 * the server. Returns the refusal message, or null.
 */
export async function stockShortage(db: OfflineDb, effects: readonly LocalEffect[]): Promise<string | null> {
  const wanted = new Map<number, Money>();
  for (const effect of effects) {
    if (effect.kind !== "stock-take") continue;
    wanted.set(effect.stock_id, add(wanted.get(effect.stock_id) ?? 0, tryMoney(effect.quantity) ?? 0));
  }
  if (wanted.size === 0) return null;
  for (const [id, row] of await stockRowsById(db, [...wanted.keys()])) {
    const have = tryMoney(row.quantity) ?? toMoney(0);
    if (sub(have, wanted.get(id) ?? 0).isNegative()) return MESSAGES.quantityAboveStock;
  }
  return null;
}
