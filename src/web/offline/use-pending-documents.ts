import { useLiveQuery } from "dexie-react-hooks";
import { getOfflineDb, type OfflineDb, type OutboxEntry } from "./db";
import { getOfflineRuntime } from "./offline-runtime";
import { pendingDocuments, pendingSales, type PendingDocument, type PendingSale } from "./pending-documents";
import { isOfflineMoneyResource, pendingMoneyDocuments, type PendingMoneyDocument } from "./pending-money";

/**
 * Live lists of the documents saved on this device and not synced yet, for the document lists'
 * "pending sync" rows: they update when a sale is queued, synced, refused or discarded.
 */

const db = (): OfflineDb => getOfflineRuntime()?.db ?? getOfflineDb();

/** Sales waiting to sync (newest first), with their provisional number and totals. */
export function usePendingSales(): PendingSale[] {
  return useLiveQuery(() => pendingSales(db()), [], []);
}

/** Any resource's pending documents, e.g. `usePendingDocuments("purchase/")`. */
export function usePendingDocuments(resource: string): PendingDocument[] {
  return useLiveQuery(() => pendingDocuments(db(), resource), [resource], []);
}

/** One outbox entry, live: undefined while reading, null once it has left the outbox (synced or discarded). */
export function useOutboxEntry(entryId: number | null): OutboxEntry | null | undefined {
  return useLiveQuery(async () => (entryId === null ? null : ((await db().outbox.get(entryId)) ?? null)), [entryId]);
}

/** Money documents of a resource waiting to sync (newest first), e.g. `usePendingMoneyDocuments("accounting/receipt/")`. */
export function usePendingMoneyDocuments(resource: string): PendingMoneyDocument[] {
  return useLiveQuery(async () => (isOfflineMoneyResource(resource) ? pendingMoneyDocuments(db(), resource) : []), [resource], []);
}
