import { useEffect, useMemo, useRef } from "react";
import { useReportData } from "../../components/report/use-report-data";
import type { AuthUser } from "../../../core/api-types";
import type { DashboardAnswer } from "./dashboard-data";
import { keepDashboard, readKeptDashboard } from "./dashboard-keep";

const NO_PARAMS = {};

/**
 * The dashboard's figures: the fresh answer when it has come, else today's copy kept on the device.
 * `at` is when the figures shown were answered; `kept` says they are the device's copy. Each fresh
 * answer replaces the copy.
 */
export function useDashboard(user: AuthUser | null, online: boolean) {
  const fresh = useReportData<DashboardAnswer>("dashboard/", NO_PARAMS, online);
  // Read again when the user's record changes (a permission refresh): a copy of other access hides.
  const kept = useMemo(() => (user ? readKeptDashboard(user) : null), [user]);
  // When this answer came: computed with it, so its line shows in the same frame as its figures.
  const freshAt = useMemo(() => (fresh.answer ? new Date().toISOString() : null), [fresh.answer]);
  // Each answer kept once, when it comes: not again under another access when the user's record changes.
  const keptAnswer = useRef<DashboardAnswer | null>(null);
  useEffect(() => {
    if (!user || !fresh.answer || !freshAt || keptAnswer.current === fresh.answer) return;
    keptAnswer.current = fresh.answer;
    keepDashboard(user, fresh.answer, new Date(freshAt));
  }, [user, fresh.answer, freshAt]);
  const showKept = !fresh.answer && kept !== null;
  return {
    answer: fresh.answer ?? kept?.answer ?? null,
    at: showKept ? kept.at : freshAt,
    kept: showKept,
    loading: fresh.loading,
    failed: fresh.failed,
  };
}
