import type { OfflineDb } from "./db";
import { forgetDeviceToken, readDeviceSession } from "./device-session";
import { createFetchTransport } from "./http-transport";
import { Outbox, type ReplayReport } from "./outbox";
import type { ReplayLock } from "./replay-lock";

/**
 * The service worker's replay, for a background sync that finds no page open (sw/sw.ts): the same
 * Outbox as a page, so the same rules hold (one replayer per device through the replay lock, a 401
 * keeps the outbox, nothing leaves it without a server answer), with the session copy the page left
 * in IndexedDB instead of localStorage. No copy (signed out): nothing is sent.
 */

export interface WorkerReplayOptions {
  db: OfflineDb;
  /** Server origin, "" for same origin. */
  baseUrl: string;
  fetch?: typeof fetch;
  lock?: ReplayLock;
}

export async function replayWithoutPage(options: WorkerReplayOptions): Promise<ReplayReport> {
  const { db } = options;
  const session = await readDeviceSession(db);
  const outbox = new Outbox({
    db,
    transport: createFetchTransport({ baseUrl: options.baseUrl, fetch: options.fetch, getToken: () => session?.token ?? null }),
    getUserId: () => session?.user_id ?? null,
    ...(options.lock ? { lock: options.lock } : {}),
  });
  // A sync event means the network is back: what waits is due now, as when a page comes online.
  const report = await outbox.replay({ force: true });
  // The token expired: the next sync must not try it again; the same user signing in writes a new one.
  if (report.stoppedBy === "unauthorized" && session) await forgetDeviceToken(db, session.token);
  return report;
}

/** Something still waits for the server (unreachable, or 5xx/409): the browser should fire the sync again later. */
export const replayUnfinished = (report: ReplayReport): boolean => report.stoppedBy === "network" || report.retryLater > 0;
