import { OfflineDb } from "./db";
import { NetworkError, type HttpAnswer, type Transport } from "./http-transport";
import { putStockRows, stockRowsById } from "./stock-store";
import type { CachedRow } from "./sync-tables";

/** Helpers for the offline layer's unit tests (fake-indexeddb must be imported by the test first). */

let counter = 0;
export const freshDb = () => new OfflineDb(`test-${Date.now()}-${++counter}`);

export type Handler = (method: "GET" | "POST", path: string, body: unknown) => HttpAnswer | "network" | Promise<HttpAnswer | "network">;

/** A scripted server: records every call, answers with the handler. */
export function fakeTransport(handler: Handler): Transport & { calls: { method: string; path: string; body: unknown }[] } {
  const calls: { method: string; path: string; body: unknown }[] = [];
  const send = async (method: "GET" | "POST", path: string, body?: unknown) => {
    calls.push({ method, path, body });
    const answer = await handler(method, path, body);
    if (answer === "network") throw new NetworkError(new TypeError("fetch failed"));
    return answer;
  };
  return { calls, get: (path) => send("GET", path), post: (path, body) => send("POST", path, body) };
}

/** Caches stock rows as a pull would (into their items' records, or stubs). */
export const seedStock = (db: OfflineDb, rows: CachedRow[]) =>
  db.transaction("rw", db.ref("item"), () => putStockRows(db.ref("item"), rows));

/** One cached stock row by id. */
export const cachedStockRow = async (db: OfflineDb, id: number): Promise<CachedRow | undefined> => (await stockRowsById(db, [id])).get(id);
