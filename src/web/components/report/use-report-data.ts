import { startTransition, useEffect, useState } from "react";
import { api } from "../../lib/api-client";

/**
 * A report's answer for its query (null: not asked yet); reports read the server, so offline they
 * ask nothing. `reload` asks again with the same query. The answer renders in a transition: a big
 * table or the dashboard's cards are drawn in slices that leave the page responsive (the first screen's budget, DESIGN
 * section 6).
 */
export function useReportData<T>(endpoint: string, params: Record<string, string> | null, online: boolean) {
  const [answer, setAnswer] = useState<T | null>(null);
  // Loading from the first render when it is about to ask: the effect's setLoading(true) then changes
  // nothing. Set there, it re-rendered the whole screen (the dashboard at start) in one task outside
  // the first render's transition (DESIGN section 6).
  const [loading, setLoading] = useState(() => params !== null && online);
  const [failed, setFailed] = useState(false);
  const [tick, setTick] = useState(0);
  const key = params ? JSON.stringify(params) : null;
  useEffect(() => {
    setFailed(false);
    if (key === null || !online) return;
    let cancelled = false;
    setLoading(true);
    api
      .get(endpoint, { searchParams: JSON.parse(key) as Record<string, string> })
      .json<T>()
      .then(
        (data) => {
          if (cancelled) return;
          startTransition(() => {
            setAnswer(data);
            setLoading(false);
          });
        },
        () => {
          if (cancelled) return;
          setFailed(true);
          setLoading(false);
        },
      );
    return () => {
      cancelled = true;
    };
  }, [endpoint, key, online, tick]);
  return { answer, loading, failed, reload: () => setTick((n) => n + 1) };
}
