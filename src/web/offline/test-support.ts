import { endsBatch, REPLAY_BATCH_PATH, type ReplayBatchRequest, type ReplayEntryResult } from "../../core/replay-batch";
import { OfflineDb } from "./db";
import { NetworkError, type HttpAnswer, type Transport } from "./http-transport";
import { putStockRows, stockRowsById } from "./stock-store";
import type { CachedRow } from "./sync-tables";

/** Helpers for the offline layer's unit tests (fake-indexeddb must be imported by the test first). */

let counter = 0;
export const freshDb = () => new OfflineDb(`test-${Date.now()}-${++counter}`);

export type Handler = (method: "GET" | "POST", path: string, body: unknown) => HttpAnswer | "network" | Promise<HttpAnswer | "network">;

type Call = { method: string; path: string; body: unknown };

/**
 * A scripted server: records every call, answers with the handler. It serves the batch replay
 * (`sync/replay/`) as the server does, one entry after the other through the handler, stopping at an
 * answer that ends a batch; each entry is recorded in `calls` as a direct call would be, and each batch
 * in `batches`. A "network" answer to an entry loses the whole batch's answer (the entries before it
 * were handled: booked, as far as the handler is concerned). `batchStatus` answers the envelope itself.
 */
export function fakeTransport(
  handler: Handler,
  options: { batchStatus?: () => HttpAnswer | null } = {},
): Transport & { calls: Call[]; batches: Call[][] } {
  const calls: Call[] = [];
  const batches: Call[][] = [];
  const send = async (method: "GET" | "POST", path: string, body?: unknown) => {
    calls.push({ method, path, body });
    const answer = await handler(method, path, body);
    if (answer === "network") throw new NetworkError(new TypeError("fetch failed"));
    return answer;
  };
  const replayBatch = async (request: ReplayBatchRequest): Promise<HttpAnswer> => {
    const refused = options.batchStatus?.();
    if (refused) return refused;
    batches.push(request.entries.map((entry) => ({ method: "POST", path: entry.path, body: entry.body })));
    const results: ReplayEntryResult[] = [];
    let stopped = false;
    for (const entry of request.entries) {
      if (stopped) {
        results.push({ not_attempted: true });
        continue;
      }
      const answer = await send("POST", entry.path, entry.body);
      results.push(answer);
      stopped = endsBatch(answer.status);
    }
    return { status: 200, body: { results } };
  };
  return {
    calls,
    batches,
    get: (path) => send("GET", path),
    post: (path, body) => (path === REPLAY_BATCH_PATH ? replayBatch(body as ReplayBatchRequest) : send("POST", path, body)),
  };
}

/** Caches stock rows as a pull would (into their items' records, or stubs). */
export const seedStock = (db: OfflineDb, rows: CachedRow[]) =>
  db.transaction("rw", db.items.table, async () => putStockRows(db.items, rows));

/** One cached stock row by id. */
export const cachedStockRow = async (db: OfflineDb, id: number): Promise<CachedRow | undefined> => (await stockRowsById(db, [id])).get(id);
