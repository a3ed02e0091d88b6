import type { Paged } from "../../core/api-types";

/**
 * A document keyed offline is shown at `pending-<entry>` until it syncs; then its outbox entry is gone,
 * and what still ties it to the booked document is its form_token, which the server keeps on the
 * document. The view remembers the token while the entry waits (also across a reload), and once the
 * entry is gone asks the server for the document with that token.
 */
const storageKey = (resource: string, entryId: number) => `bo.pending-token.${resource}${entryId}`;

export function rememberPendingToken(storage: Pick<Storage, "setItem">, resource: string, entryId: number, formToken: string): void {
  try {
    storage.setItem(storageKey(resource, entryId), formToken);
  } catch {
    // Storage full or blocked: the view falls back to its note.
  }
}

export function pendingTokenOf(storage: Pick<Storage, "getItem">, resource: string, entryId: number): string | null {
  try {
    return storage.getItem(storageKey(resource, entryId));
  } catch {
    return null;
  }
}

export type ListReader = (resource: string, params: Record<string, string>) => Promise<Paged<{ id: number }>>;

/** The id of the booked document created with `formToken`, or null (discarded, refused, or out of reach). */
export async function findSyncedDocument(read: ListReader, resource: string, formToken: string): Promise<number | null> {
  const page = await read(resource, { form_token: formToken, page_size: "1" });
  return page.results[0]?.id ?? null;
}
