import type { FastifyInstance } from "fastify";
import { endsBatch, type ReplayBatchAnswer, type ReplayBatchEntry, type ReplayEntryResult } from "../../../core/replay-batch";

/**
 * Runs a batch of queued creates (`POST sync/replay/`) one after the other through their own
 * routes, as the device would have sent them one by one: each inner request carries the caller's own
 * Authorization header and passes its route's access control, validation, idempotency (form_token)
 * and branch scope exactly as a direct call would, in its own transaction. The batch is no
 * transaction of its own: what was answered is booked whatever follows. It stops at the first entry
 * answered 401, 409 or 5xx (see `endsBatch`); the entries after it are reported as not attempted.
 */
export async function runReplayBatch(app: FastifyInstance, authorization: string, entries: ReplayBatchEntry[]): Promise<ReplayBatchAnswer> {
  const results: ReplayEntryResult[] = [];
  let stopped = false;
  for (const entry of entries) {
    if (stopped) {
      results.push({ not_attempted: true });
      continue;
    }
    const response = await app.inject({
      method: "POST",
      url: `/api/${entry.path}`,
      headers: { authorization, "content-type": "application/json" },
      payload: JSON.stringify(entry.body),
    });
    results.push({ status: response.statusCode, body: parseBody(response.body) });
    stopped = endsBatch(response.statusCode);
  }
  return { results };
}

function parseBody(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
