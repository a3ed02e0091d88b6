import { Trans, useLingui } from "@lingui/react/macro";
import { useAtomValue } from "jotai";
import { useEffect } from "react";
import { Link } from "react-router";
import { DISPLAY_TIME, formatDate } from "../../../core/dates";
import { keepScreenWhenIdle } from "../../app/kept-screen";
import { visibleAreas } from "../../app/nav-areas";
import { translateTitle } from "../../app/route-title";
import { storedUserAtom } from "../../lib/app-state";
import { useOnline } from "../../offline/online";
import { DashboardCards } from "./dashboard-cards";
import { DashboardCharts } from "./dashboard-charts";
import { BackupWarning } from "./backup-warning";
import { useDashboard } from "./use-dashboard";
import "./dashboard.css";

/**
 * Welcome, the figures of the day (cards and charts the user may see), the user's branches, and quick
 * links. The first screen after sign-in: drawn with its own style sheet (dashboard.css), not Chakra,
 * so it shows without waiting for Chakra's theme system (the first screen's budget, DESIGN section 6); only the charts
 * use Chakra.
 */
export default function DashboardPage() {
  const { i18n, t } = useLingui();
  const user = useAtomValue(storedUserAtom);
  const online = useOnline();
  const dashboard = useDashboard(user, online);
  const name = [user?.first_name, user?.last_name].filter(Boolean).join(" ") || user?.username || "";
  const areas = visibleAreas(user);
  // The sections under the day's figures wait until those are settled (answered, failed or offline):
  // they then appear once, in their place, instead of being pushed down when the cards and charts
  // arrive (layout shift).
  const settled = dashboard.answer !== null || dashboard.failed || !online;
  // Fresh figures drawn: the page kept as it looks, for the next start to show at once (app/kept-screen.ts).
  const fresh = dashboard.answer !== null && !dashboard.kept && !dashboard.loading;
  useEffect(() => (fresh ? keepScreenWhenIdle() : undefined), [fresh, dashboard.answer, i18n.locale]);

  return (
    <div className="dash">
      <h1 className="dash-welcome">
        <Trans>Welcome, {name}</Trans>
      </h1>

      {dashboard.at ? (
        // Always there once figures show (no shift when the fresh answer replaces the device's copy).
        <p className="dash-small dash-muted" role="status">
          {!dashboard.kept
            ? t`Figures of ${formatDate(dashboard.at, DISPLAY_TIME)}`
            : dashboard.loading
              ? t`Figures of ${formatDate(dashboard.at, DISPLAY_TIME)}, updating…`
              : t`Figures of ${formatDate(dashboard.at, DISPLAY_TIME)}, kept on this device`}
        </p>
      ) : null}
      <DashboardCards answer={dashboard.answer} loading={dashboard.loading} failed={dashboard.failed} online={online} />
      {dashboard.answer?.sales ? <DashboardCharts sales={dashboard.answer.sales} today={dashboard.answer.today} /> : null}

      {settled && (
        <>
          {/* Below the day's figures: it never pushes them down when it arrives. */}
          <BackupWarning user={user} online={online} />
          <section className="dash-section">
            <h2>
              <Trans>Your branches</Trans>
            </h2>
            {user && user.branches.length > 0 ? (
              <div className="dash-branches">
                {user.branches.map((branch) => (
                  <div key={branch.id} className="dash-card dash-branch" style={{ borderTopColor: branch.color || undefined }}>
                    <div className="dash-branch-name">
                      {branch.name}
                      {branch.id === user.default_branch_id && (
                        <span className="dash-badge dash-badge-brand">
                          <Trans>Default</Trans>
                        </span>
                      )}
                    </div>
                    <p className="dash-small dash-muted">{branch.inventories.map((inventory) => inventory.name).join(" · ")}</p>
                  </div>
                ))}
              </div>
            ) : (
              <p className="dash-muted">
                <Trans>No branch is assigned to you yet.</Trans>
              </p>
            )}
          </section>

          <section className="dash-section">
            <h2>
              <Trans>Quick links</Trans>
            </h2>
            {areas.length === 0 ? (
              <p className="dash-muted">
                <Trans>You have no permission to open any area yet. Ask an administrator.</Trans>
              </p>
            ) : (
              <div className="dash-grid dash-grid-links">
                {areas.map((area) => {
                  const AreaIcon = area.icon;
                  return (
                    <div key={area.key} className="dash-card">
                      <div className="dash-area-title">
                        <AreaIcon aria-hidden />
                        <h3>{i18n._(area.label)}</h3>
                      </div>
                      <div className="dash-rows dash-area-links">
                        {area.links.slice(0, 6).map((route) => (
                          <Link key={route.name} to={`/${route.path}`}>
                            {translateTitle(i18n, route.title)}
                          </Link>
                        ))}
                      </div>
                    </div>
                  );
                })}
              </div>
            )}
          </section>
        </>
      )}
    </div>
  );
}
