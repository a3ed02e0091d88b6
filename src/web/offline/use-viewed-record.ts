import { useEffect } from "react";
import { useLiveQuery } from "dexie-react-hooks";
import { useLingui } from "@lingui/react/macro";
import { useViewRecord } from "../components/document/document-view";
import { useCurrentUser } from "../lib/use-permission";
import { getOfflineDb, type OfflineDb } from "./db";
import { getOfflineRuntime } from "./offline-runtime";
import { useOnline } from "./online";
import { readViewedRecord, saveViewedRecord } from "./viewed-records";

const db = (): OfflineDb => getOfflineRuntime()?.db ?? getOfflineDb();

/**
 * `useViewRecord` that also works offline: the record the screen was opened with, else the copy
 * this device kept the last time the server answered it, stands in when the server cannot be
 * reached; each answer of the server is kept for next time. Offline without either, the error says
 * the record is not available offline.
 */
export function useViewedRecord<T>(path: string, known: T | null = null): { record: T | null; error: string | null } {
  const { t } = useLingui();
  const online = useOnline();
  const userId = useCurrentUser()?.id ?? null;
  // Undefined while IndexedDB is read: the request waits for it, so a failure can fall back to it.
  const copy = useLiveQuery(async () => (userId === null ? null : await readViewedRecord<T>(db(), userId, path)), [userId, path]);
  const { record, error } = useViewRecord<T>(copy === undefined ? null : path, known ?? copy ?? null);

  useEffect(() => {
    // A record that is neither the known one nor the copy came from the server.
    if (record && userId !== null && record !== known && record !== copy) void saveViewedRecord(db(), userId, path, record);
    // Only a new record is worth keeping; `known` and `copy` are compared, not followed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [record]);

  const offlineError = error && !online ? t`This record is not available offline: it was not opened on this device while online.` : null;
  return { record, error: offlineError ?? error };
}
