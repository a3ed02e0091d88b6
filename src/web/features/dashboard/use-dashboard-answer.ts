import { startTransition, useEffect, useState } from "react";
import { useReportData } from "../../components/report/use-report-data";
import type { DashboardAnswer } from "./dashboard-data";
import { earlyDashboard, forgetEarlyDashboard } from "./dashboard-prefetch";

const NO_PARAMS = {};

/**
 * GET dashboard/: the entry's early answer when there is one (dashboard-prefetch.ts), else (none, or
 * it failed) asked here through the HTTP client.
 */
export function useDashboardAnswer(online: boolean) {
  const [early] = useState(earlyDashboard);
  // undefined: the early answer is still on its way; null: none (ask here).
  const [earlyAnswer, setEarlyAnswer] = useState<DashboardAnswer | null | undefined>(early ? undefined : null);
  useEffect(() => {
    if (!early) return;
    let cancelled = false;
    void early.then((answer) => {
      forgetEarlyDashboard();
      // A transition: the cards and charts render in slices, not in one long task (issue 12).
      if (!cancelled) startTransition(() => setEarlyAnswer(answer));
    });
    return () => {
      cancelled = true;
    };
  }, [early]);
  const asked = useReportData<DashboardAnswer>("dashboard/", earlyAnswer === null ? NO_PARAMS : null, online);
  if (earlyAnswer === undefined) return { answer: null, loading: true, failed: false };
  return earlyAnswer ? { answer: earlyAnswer, loading: false, failed: false } : asked;
}
