import { useSyncExternalStore } from "react";
import type { Table } from "dexie";
import { useLiveQuery } from "dexie-react-hooks";
import { useAtomValue } from "jotai";
import { appStore, storedUserAtom, tokenAtom } from "../lib/app-state";
import { getOfflineDb, type OfflineDb, type OutboxEntry, type TableName } from "./db";
import { getOfflineRuntime } from "./runtime-registry";
import type { SyncProgress } from "./reference-sync";
import type { CachedRow, RowKey } from "./sync-tables";

/**
 * What the screens and the sync panel read of the offline layer: online state, what waits in the
 * outbox, the pull's progress, the cache itself. Everything is live (useLiveQuery, external stores).
 */

const db = (): OfflineDb => getOfflineRuntime()?.db ?? getOfflineDb();

function useUserId(): number | null {
  return useAtomValue(storedUserAtom, { store: appStore })?.id ?? null;
}

/** Entries of the signed-in user not yet synced (pending, sending, needing attention). */
export function usePendingCount(): number {
  const userId = useUserId();
  return useLiveQuery(() => (userId === null ? 0 : db().outbox.where("user_id").equals(userId).count()), [userId], 0);
}

/** The signed-in user's entries the server refused, oldest first. */
export function useAttentionEntries(): OutboxEntry[] {
  const userId = useUserId();
  return useLiveQuery(
    () => (userId === null ? [] : db().outbox.where("[user_id+status]").equals([userId, "needs_attention"]).sortBy("id")),
    [userId],
    [],
  );
}

/**
 * Reads a cached table: `useCachedTable("currency", (t) => t.toArray())` (items: `OfflineDb.items`).
 * Undefined while the first read runs. Pending rows (saved offline) have `_pending: true`.
 */
export function useCachedTable<R>(
  name: TableName,
  query: (table: Table<CachedRow, RowKey>) => Promise<R> | R,
  deps: unknown[] = [],
): R | undefined {
  return useLiveQuery(() => query(db().ref(name)), [name, ...deps]);
}

const idleProgress: SyncProgress = { running: false, rows: 0, firstLoad: false, lastSyncAt: null, error: null, done: null, total: null };
const noop = () => () => undefined;

/** The reference pull: running, rows so far, last sync time, last error. */
export function useSyncProgress(): SyncProgress {
  const sync = getOfflineRuntime()?.referenceSync;
  return useSyncExternalStore(
    sync ? (listener) => sync.subscribe(listener) : noop,
    () => sync?.getProgress() ?? idleProgress,
    () => idleProgress,
  );
}

/** True while replay waits for the user to sign in again (a 401). */
export function useOutboxPaused(): boolean {
  const outbox = getOfflineRuntime()?.outbox;
  return useSyncExternalStore(
    outbox ? (listener) => outbox.onPauseChange(listener) : noop,
    () => outbox?.isPaused ?? false,
    () => false,
  );
}

/** The last completed pull (ms), from the database, so it survives reloads. */
export function useLastSyncAt(): number | null {
  return useLiveQuery(async () => ((await db().meta.get("last_sync_at"))?.value as number | undefined) ?? null, [], null);
}

export interface StorageEstimate {
  usage: number;
  quota: number;
  persisted: boolean | null;
}

export async function storageEstimate(): Promise<StorageEstimate | null> {
  const storage = typeof navigator === "undefined" ? undefined : navigator.storage;
  if (!storage?.estimate) return null;
  const estimate = await storage.estimate();
  const persisted = storage.persisted ? await storage.persisted() : null;
  return { usage: estimate.usage ?? 0, quota: estimate.quota ?? 0, persisted };
}

/**
 * Before logging out: how many of the signed-in user's entries have not synced yet. The shell asks
 * the user when this is above zero; logging out keeps them (they replay after the same user signs
 * in again). Tries one replay first, so what can go now goes.
 */
export async function offlineSafeLogout(): Promise<number> {
  const userId = appStore.get(tokenAtom) ? (appStore.get(storedUserAtom)?.id ?? null) : null;
  if (userId === null) return 0;
  const runtime = getOfflineRuntime();
  if (runtime && navigator.onLine) {
    try {
      await runtime.outbox.replay({ force: true });
    } catch {
      // The count below is what matters.
    }
  }
  return db().outbox.where("user_id").equals(userId).count();
}
