import { useEffect, useState } from "react";
import type { Paged } from "../../core/api-types";
import { api } from "../lib/api-client";
import type { OutboxEntry } from "./db";
import { findSyncedDocument, pendingTokenOf, rememberPendingToken, type ListReader } from "./synced-document";

const readList: ListReader = (resource, params) =>
  api.get(resource, { searchParams: params, context: { silent: true } }).json<Paged<{ id: number }>>();

/**
 * The id of the document a pending view's entry became: undefined while the entry waits or the server
 * is asked, null when none is found (discarded, or no token kept).
 */
export function useSyncedDocumentId(resource: string, entryId: number, entry: OutboxEntry | null | undefined): number | null | undefined {
  const token = typeof entry?.body.form_token === "string" ? entry.body.form_token : null;
  const [found, setFound] = useState<{ entryId: number; id: number | null } | null>(null);
  useEffect(() => {
    if (token) rememberPendingToken(localStorage, resource, entryId, token);
  }, [resource, entryId, token]);
  useEffect(() => {
    if (entry !== null) return;
    const kept = pendingTokenOf(localStorage, resource, entryId);
    if (!kept) {
      setFound({ entryId, id: null });
      return;
    }
    let cancelled = false;
    findSyncedDocument(readList, resource, kept)
      .then((id) => !cancelled && setFound({ entryId, id }))
      .catch(() => !cancelled && setFound({ entryId, id: null }));
    return () => {
      cancelled = true;
    };
  }, [resource, entryId, entry]);
  if (entry !== null) return undefined;
  return found?.entryId === entryId ? found.id : undefined;
}
