import { useEffect, useMemo, useState } from "react";
import { useReportData } from "../../components/report/use-report-data";
import type { DashboardAnswer } from "./dashboard-data";
import { keepDashboard, readKeptDashboard } from "./dashboard-keep";

const NO_PARAMS = {};

/**
 * The dashboard's figures: the fresh answer when it has come, else today's copy kept on the device.
 * `at` is when the figures shown were answered; `kept` says they are the device's copy. Each fresh
 * answer replaces the copy.
 */
export function useDashboard(userId: number | undefined, online: boolean) {
  const fresh = useReportData<DashboardAnswer>("dashboard/", NO_PARAMS, online);
  const [kept] = useState(() => (userId === undefined ? null : readKeptDashboard(userId)));
  // When this answer came: computed with it, so its line shows in the same frame as its figures.
  const freshAt = useMemo(() => (fresh.answer ? new Date().toISOString() : null), [fresh.answer]);
  useEffect(() => {
    if (userId !== undefined && fresh.answer && freshAt) keepDashboard(userId, fresh.answer, new Date(freshAt));
  }, [userId, fresh.answer, freshAt]);
  const showKept = !fresh.answer && kept !== null;
  return {
    answer: fresh.answer ?? kept?.answer ?? null,
    at: showKept ? kept.at : freshAt,
    kept: showKept,
    loading: fresh.loading,
    failed: fresh.failed,
  };
}
