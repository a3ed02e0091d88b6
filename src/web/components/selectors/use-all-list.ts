import { useCallback, useEffect, useState } from "react";
import { api } from "../../lib/api-client";

/** Loads GET <endpoint>all/ (a plain array); `add` puts a quick-created record in without a reload. */
export function useAllList<T>(endpoint: string | null, searchParams?: Record<string, string>) {
  const [items, setItems] = useState<T[]>([]);
  const [loading, setLoading] = useState(false);
  const [tick, setTick] = useState(0);
  const paramsKey = JSON.stringify(searchParams ?? {});
  useEffect(() => {
    if (!endpoint) {
      setItems([]);
      return;
    }
    let cancelled = false;
    setLoading(true);
    api
      .get(`${endpoint}all/`, { searchParams: JSON.parse(paramsKey) as Record<string, string> })
      .json<T[]>()
      .then((data) => {
        if (!cancelled) setItems(data);
      })
      .catch(() => undefined)
      .finally(() => {
        if (!cancelled) setLoading(false);
      });
    return () => {
      cancelled = true;
    };
  }, [endpoint, paramsKey, tick]);
  const add = useCallback((item: T) => setItems((previous) => [item, ...previous]), []);
  const reload = useCallback(() => setTick((n) => n + 1), []);
  return { items, loading, add, reload };
}
