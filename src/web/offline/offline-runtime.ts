import { getOfflineDb, META, type OfflineDb } from "./db";
import { createFetchTransport } from "./http-transport";
import { Outbox, type ReplayReport } from "./outbox";
import { APP_PULL_PAGE_SIZE, ReferenceSync, type PullOutcome } from "./reference-sync";
import { getOfflineRuntime, setOfflineRuntime } from "./runtime-registry";

export { getOfflineRuntime };

/**
 * The offline layer running in the page: one database, one outbox, one reference sync, and their
 * triggers (start, `online`, timers, the service worker's background-sync message). Knows nothing
 * of the shell's state: app-offline.ts wires it to the session.
 */

export interface OfflineRuntimeOptions {
  /** Server origin ("" = same origin). */
  baseUrl: string;
  getToken: () => string | null;
  getUserId: () => number | null;
  onUnauthorized?: () => void;
  fetch?: typeof fetch;
  db?: OfflineDb;
  /** Pull interval while online (default 60 s). */
  pullEveryMs?: number;
}

export interface OfflineRuntime {
  db: OfflineDb;
  outbox: Outbox;
  referenceSync: ReferenceSync;
  /** "Sync now": replays the outbox (ignoring backoff), then pulls. */
  syncNow(): Promise<{ replay: ReplayReport; pull: PullOutcome }>;
  /** After a sign-in: resume a replay paused by a 401, claim the cache, sync, ask for persistence. */
  signedIn(): Promise<void>;
  stop(): void;
}

const OUTBOX_SYNC_TAG = "outbox";
const MIN_TIMER_MS = 1_000;
const MAX_TIMER_MS = 5 * 60_000;

export function requireOfflineRuntime(): OfflineRuntime {
  const current = getOfflineRuntime();
  if (!current) throw new Error("The offline layer is not started (call startAppOffline() at start-up)");
  return current;
}

/** Asks the browser to keep IndexedDB under storage pressure; asked once per device. */
export async function requestPersistentStorage(db: OfflineDb): Promise<boolean | null> {
  const storage = (globalThis as { navigator?: Navigator }).navigator?.storage;
  if (!storage?.persist) return null;
  if (await db.getMeta<boolean>(META.persistAsked)) return storage.persisted ? storage.persisted() : null;
  await db.setMeta(META.persistAsked, true);
  return storage.persist();
}

/** Background sync where the browser has it (Chromium): the service worker wakes us to replay. */
async function registerBackgroundSync(): Promise<void> {
  try {
    const sw = (globalThis as { navigator?: Navigator }).navigator?.serviceWorker;
    if (!sw) return;
    const registration = (await sw.ready) as ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } };
    await registration.sync?.register(OUTBOX_SYNC_TAG);
  } catch {
    // Not supported or not allowed: the timers and `online` do the work.
  }
}

export function startOffline(options: OfflineRuntimeOptions): OfflineRuntime {
  const existing = getOfflineRuntime();
  if (existing) return existing;
  const db = options.db ?? getOfflineDb();
  const transport = createFetchTransport({ baseUrl: options.baseUrl, getToken: options.getToken, fetch: options.fetch });
  const isOnline = () => typeof navigator === "undefined" || navigator.onLine !== false;

  let replayTimer: ReturnType<typeof setTimeout> | null = null;
  let stopped = false;

  const scheduleReplay = async () => {
    if (stopped) return;
    if (replayTimer) clearTimeout(replayTimer);
    replayTimer = null;
    const dueIn = await outbox.nextDueIn();
    if (dueIn === null || stopped) return;
    replayTimer = setTimeout(() => void replay(false), Math.min(MAX_TIMER_MS, Math.max(MIN_TIMER_MS, dueIn)));
  };

  const replay = async (force: boolean): Promise<ReplayReport> => {
    const report = await outbox.replay({ force });
    void scheduleReplay();
    return report;
  };

  const outbox = new Outbox({
    db,
    transport,
    getUserId: options.getUserId,
    isOnline,
    onUnauthorized: options.onUnauthorized,
    onQueued: () => {
      void registerBackgroundSync();
      void scheduleReplay();
    },
  });
  const referenceSync = new ReferenceSync({
    db,
    transport,
    getUserId: options.getUserId,
    onUnauthorized: options.onUnauthorized,
    pageSize: APP_PULL_PAGE_SIZE,
    // A pull cut off by the network (a first load on a poor link) goes on by itself while online, from
    // the last page stored; offline, `online` below resumes it.
    retry: { baseMs: 2_000, maxMs: 60_000 },
    isOnline,
  });

  const syncNow = async () => {
    const replayReport = await replay(true);
    const pull = await referenceSync.sync();
    return { replay: replayReport, pull };
  };
  const onOnline = () => void syncNow();
  const onSwMessage = (event: MessageEvent) => {
    if ((event.data as { type?: string } | null)?.type === "replay") void replay(true);
  };

  window.addEventListener("online", onOnline);
  navigator.serviceWorker?.addEventListener("message", onSwMessage);
  const pullTimer = setInterval(() => {
    if (isOnline() && options.getUserId() !== null) void referenceSync.sync();
  }, options.pullEveryMs ?? 60_000);

  const runtime: OfflineRuntime = {
    db,
    outbox,
    referenceSync,
    syncNow,
    async signedIn() {
      const userId = options.getUserId();
      if (userId === null) return;
      await referenceSync.claimFor(userId);
      void requestPersistentStorage(db);
      await outbox.resume();
      void scheduleReplay();
      await referenceSync.sync();
    },
    stop() {
      stopped = true;
      if (replayTimer) clearTimeout(replayTimer);
      clearInterval(pullTimer);
      referenceSync.stop();
      window.removeEventListener("online", onOnline);
      navigator.serviceWorker?.removeEventListener("message", onSwMessage);
      setOfflineRuntime(null);
    },
  };
  setOfflineRuntime(runtime);
  if (options.getUserId() !== null) void syncNow();
  return runtime;
}
