import { MESSAGES } from "../../core/messages";
import { add, toDecimalString, toMoney, tryMoney, type Money } from "../../core/money";
import { META, type CashboxMoveEffect, type LocalEffect, type OfflineDb } from "./db";

/**
 * The cashbox balance the device shows: the server's last word plus what this device has keyed since,
 * as stock-overlay.ts does for stock (README.md).
 */

export const isCashboxMove = (effect: LocalEffect): effect is CashboxMoveEffect => effect.kind === "cashbox-move";

/** A cashbox balance as the server answered it, and when (device time, ms). */
export interface KnownBalance {
  balance: string;
  at: number;
}

export interface SettledCashboxMove {
  effect: CashboxMoveEffect;
  /** Device time when the server's answer was stored. */
  at: number;
}

/** What the device knows of the cashboxes: the last balances read, waiting moves and settled ones. */
export interface CashboxOverlay {
  known: ReadonlyMap<number, KnownBalance>;
  /** Sum of the waiting moves per cashbox. */
  pending: ReadonlyMap<number, Money>;
  settled: readonly SettledCashboxMove[];
}

export const EMPTY_OVERLAY: CashboxOverlay = { known: new Map(), pending: new Map(), settled: [] };

const sumInto = (sums: Map<number, Money>, effect: CashboxMoveEffect) =>
  sums.set(effect.cashbox_id, add(sums.get(effect.cashbox_id) ?? 0, tryMoney(effect.amount) ?? 0));

/** The waiting moves of one cashbox (zero when none). */
export const pendingMoveOf = (overlay: CashboxOverlay, cashboxId: number): Money => overlay.pending.get(cashboxId) ?? toMoney(0);

/**
 * The balance to show. `serverBalance` given: a balance read just now, plus the waiting moves.
 * Omitted: the last balance the device read, plus the moves settled since and the waiting ones;
 * null when the device never read this cashbox's balance.
 */
export function shownBalance(overlay: CashboxOverlay, cashboxId: number, serverBalance?: string | null): string | null {
  const pending = pendingMoveOf(overlay, cashboxId);
  if (serverBalance !== undefined && serverBalance !== null) return toDecimalString(add(tryMoney(serverBalance) ?? 0, pending));
  const known = overlay.known.get(cashboxId);
  if (!known) return null;
  let balance = add(tryMoney(known.balance) ?? 0, pending);
  for (const s of overlay.settled) {
    if (s.effect.cashbox_id === cashboxId && s.at > known.at) balance = add(balance, tryMoney(s.effect.amount) ?? 0);
  }
  return toDecimalString(balance);
}

async function knownBalances(db: OfflineDb): Promise<Record<string, KnownBalance>> {
  return (await db.getMeta<Record<string, KnownBalance>>(META.cashboxBalances)) ?? {};
}

async function settledMoves(db: OfflineDb): Promise<SettledCashboxMove[]> {
  return (await db.getMeta<SettledCashboxMove[]>(META.settledCashbox)) ?? [];
}

/** Reads the overlay: the cache owner's applied entries' moves, the settled ones and the known balances. */
export async function readCashboxOverlay(db: OfflineDb): Promise<CashboxOverlay> {
  const pending = new Map<number, Money>();
  const owner = await db.getMeta<number>(META.userId);
  const entries = owner === undefined ? db.outbox.toCollection() : db.outbox.where("user_id").equals(owner);
  await entries.each((entry) => {
    if (!entry.effects_applied) return;
    for (const effect of entry.effects) if (isCashboxMove(effect)) sumInto(pending, effect);
  });
  const known = new Map(Object.entries(await knownBalances(db)).map(([id, value]) => [Number(id), value] as const));
  return { known, pending, settled: await settledMoves(db) };
}

/** A booked entry's moves stay laid over the last balances read until a later reading (inside the caller's transaction). */
export async function settleCashboxMoves(db: OfflineDb, effects: readonly LocalEffect[], at: number): Promise<void> {
  const moves = effects.filter(isCashboxMove);
  if (moves.length === 0) return;
  await db.setMeta(META.settledCashbox, [...(await settledMoves(db)), ...moves.map((effect) => ({ effect, at }))]);
}

/**
 * Stores the balances the server answered at `at` (start-up's `accounting/cashbox/all/`); the moves
 * settled before then are in them now and are dropped.
 */
export async function rememberCashboxBalances(
  db: OfflineDb,
  answered: readonly { id: number; balance: string | null }[],
  at: number,
): Promise<void> {
  // A user who may not list the cashboxes is answered none of their balances: nothing to keep.
  const rows = answered.flatMap((row) => (row.balance === null ? [] : [{ id: row.id, balance: row.balance }]));
  await db.transaction("rw", db.meta, async () => {
    const known = await knownBalances(db);
    for (const row of rows) known[String(row.id)] = { balance: row.balance, at };
    const read = new Set(rows.map((row) => row.id));
    const settled = (await settledMoves(db)).filter((s) => !(read.has(s.effect.cashbox_id) && s.at < at));
    await db.setMeta(META.cashboxBalances, known);
    await db.setMeta(META.settledCashbox, settled);
  });
}

/**
 * The local check of a money document about to be queued (as stockShortage is for a sale): what it
 * takes out of a cashbox must be there in the balance the device shows (which already counts the
 * other waiting documents). A cashbox whose balance the device never read is left to the server.
 * Returns the refusal message, or null.
 */
export async function cashboxShortage(db: OfflineDb, effects: readonly LocalEffect[]): Promise<string | null> {
  // Net per cashbox: a counter sale's change may come out of the cashbox its tender just filled.
  const net = new Map<number, Money>();
  for (const effect of effects) if (isCashboxMove(effect)) sumInto(net, effect);
  const out = [...net].filter(([, move]) => move.isNegative());
  if (out.length === 0) return null;
  const overlay = await readCashboxOverlay(db);
  for (const [cashboxId, move] of out) {
    const shown = shownBalance(overlay, cashboxId);
    if (shown !== null && add(shown, move).isNegative()) return MESSAGES.cashboxBalanceNotEnough;
  }
  return null;
}
