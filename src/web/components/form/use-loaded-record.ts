import { useEffect, useState } from "react";
import { useParams } from "react-router";
import { api } from "../../lib/api-client";

/**
 * The record an edit route (/:id/edit) opens, loaded from <endpoint><id>/; a create (no id) loads
 * nothing. `base` is the endpoint with its trailing slash, for the save that follows.
 */
export function useLoadedRecord<Record>(endpoint: string) {
  const { id } = useParams();
  const [record, setRecord] = useState<Record | null>(null);
  const [loading, setLoading] = useState(Boolean(id));
  const [loadFailed, setLoadFailed] = useState(false);
  const base = endpoint.endsWith("/") ? endpoint : `${endpoint}/`;

  useEffect(() => {
    if (!id) return;
    let cancelled = false;
    setLoading(true);
    api
      .get(`${base}${id}/`)
      .json<Record>()
      .then((loaded) => {
        if (!cancelled) setRecord(loaded);
      })
      .catch(() => {
        if (!cancelled) setLoadFailed(true);
      })
      .finally(() => {
        if (!cancelled) setLoading(false);
      });
    return () => {
      cancelled = true;
    };
  }, [base, id]);

  return { id: id ?? null, isEdit: Boolean(id), base, record, loading, loadFailed };
}
