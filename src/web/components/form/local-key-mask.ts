import { isLocalKey, type LocalKey } from "../../offline/sync-tables";

/**
 * A form may hold a record made offline and not synced yet (a quick-created group): its provisional
 * "local-…" key. The core yup schemas want positive integer ids, so validation and casting see a
 * stand-in number, and the body gets the key back; the outbox later swaps it for the server id.
 */

// Far above any real id, still a valid positive integer.
const STAND_IN_BASE = 2_000_000_000;

export interface LocalKeyMask<T> {
  masked: T;
  /** Puts the keys back where their stand-ins are (after a cast or a mapping of `masked`). */
  unmask: <U>(value: U) => U;
}

function walk(value: unknown, swap: (leaf: unknown) => unknown): unknown {
  const swapped = swap(value);
  if (swapped !== value) return swapped;
  if (Array.isArray(value)) return value.map((item: unknown) => walk(item, swap));
  if (value && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walk(v, swap)]));
  }
  return value;
}

export function maskLocalKeys<T>(values: T): LocalKeyMask<T> {
  const standIns = new Map<LocalKey, number>();
  const keys = new Map<number, LocalKey>();
  const masked = walk(values, (leaf) => {
    if (!isLocalKey(leaf)) return leaf;
    let standIn = standIns.get(leaf);
    if (standIn === undefined) {
      standIn = STAND_IN_BASE + standIns.size;
      standIns.set(leaf, standIn);
      keys.set(standIn, leaf);
    }
    return standIn;
  }) as T;
  return {
    masked,
    unmask: <U>(value: U): U =>
      keys.size === 0 ? value : (walk(value, (leaf) => (typeof leaf === "number" ? (keys.get(leaf) ?? leaf) : leaf)) as U),
  };
}
