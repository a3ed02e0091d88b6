import { isLocalKey, type LocalKey } from "./sync-tables";

/**
 * A create queued offline may refer to a record also made offline (a sale to a customer created on
 * the tablet): its body holds the provisional "local-…" key. Before it is sent, the key is replaced
 * by the server id the earlier entry got; until then the entry waits.
 */
export function findLocalKeys(value: unknown, found: Set<LocalKey> = new Set()): Set<LocalKey> {
  if (isLocalKey(value)) found.add(value);
  else if (Array.isArray(value)) for (const item of value) findLocalKeys(item, found);
  else if (value && typeof value === "object") for (const item of Object.values(value)) findLocalKeys(item, found);
  return found;
}

export function substituteLocalKeys<T>(value: T, ids: ReadonlyMap<string, number>): T {
  if (isLocalKey(value)) return (ids.get(value) ?? value) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => substituteLocalKeys(item, ids)) as T;
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, substituteLocalKeys(v, ids)])) as T;
  }
  return value;
}
