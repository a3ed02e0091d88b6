import { lazy, Suspense, useMemo, type ReactNode } from "react";
import { useLingui } from "@lingui/react/macro";
import { formatDate } from "../../../core/dates";
import { NeedsChakra } from "../../app/chakra-on-demand";
import { useNearViewport } from "../../lib/use-near-viewport";
import { money, salesChartRows, type DashboardAnswer } from "./dashboard-data";

/** Theme colours of the branches' lines, in branch order. */
const PALETTE = ["blue.500", "green.500", "orange.500", "purple.500", "teal.500", "pink.500"];
const HEIGHT = 280;
const Chart = lazy(() => import("../../components/charts/chart").then((module) => ({ default: module.Chart })));

/**
 * A chart's card. The chart is drawn with Chakra and Recharts: both load when the card nears the
 * viewport (on a phone the charts are below the fold), so the dashboard's first screen needs neither.
 */
function ChartCard({ title, children }: { title: string; children: ReactNode }) {
  const [ref, near] = useNearViewport<HTMLDivElement>();
  const placeholder = <div className="dash-chart-placeholder" style={{ height: HEIGHT }} />;
  return (
    <div className="dash-card" ref={ref}>
      <h2>{title}</h2>
      {near ? (
        <NeedsChakra fallback={placeholder}>
          <Suspense fallback={placeholder}>{children}</Suspense>
        </NeedsChakra>
      ) : (
        placeholder
      )}
    </div>
  );
}

/** Sales over the last 30 days by branch and the top ten items. */
export function DashboardCharts({ sales, today }: { sales: NonNullable<DashboardAnswer["sales"]>; today: string }) {
  const { t } = useLingui();
  const byDay = useMemo(() => salesChartRows(sales.by_day, sales.chart_from, today), [sales, today]);
  const top = useMemo(() => sales.top_items.map((r) => ({ item: r.item_name, total: Number(r.total) })), [sales]);
  const value = (v: number) => money(String(v));
  return (
    <div className="dash-grid dash-grid-charts">
      <ChartCard title={t`Sales over the last 30 days by branch`}>
        <Chart
          kind="line"
          height={HEIGHT}
          label={t`Sales over the last 30 days by branch`}
          data={byDay.rows}
          xKey="date"
          series={byDay.branches.map(([id, name], i) => ({ key: `b${id}`, label: name, color: PALETTE[i % PALETTE.length] }))}
          formatValue={value}
          formatCategory={(d) => formatDate(d, "dd/MM")}
        />
      </ChartCard>
      <ChartCard title={t`Top ten items of the last 30 days`}>
        <Chart
          kind="bar"
          height={HEIGHT}
          label={t`Top ten items of the last 30 days`}
          data={top}
          xKey="item"
          series={[{ key: "total", label: t`Sales`, color: "brand.500" }]}
          formatValue={value}
          formatCategory={(name) => (name.length > 14 ? `${name.slice(0, 13)}…` : name)}
        />
      </ChartCard>
    </div>
  );
}
