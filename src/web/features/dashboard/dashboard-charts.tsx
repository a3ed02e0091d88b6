import { useMemo } from "react";
import { useLingui } from "@lingui/react/macro";
import { formatDate } from "../../../core/dates";
import { Chart } from "../../components/charts/chart";
import { money, salesChartRows, type DashboardAnswer } from "./dashboard-data";

/** Theme colours of the branches' lines, in branch order. */
const PALETTE = ["blue.500", "green.500", "orange.500", "purple.500", "teal.500", "pink.500"];

/**
 * Sales over the last 30 days by branch and the top ten items. Each chart loads its library and Chakra's
 * theme when it nears the viewport (components/charts/chart.tsx): on a phone they are below the fold.
 */
export function DashboardCharts({ sales, today }: { sales: NonNullable<DashboardAnswer["sales"]>; today: string }) {
  const { t } = useLingui();
  const byDay = useMemo(() => salesChartRows(sales.by_day, sales.chart_from, today), [sales, today]);
  const top = useMemo(() => sales.top_items.map((r) => ({ item: r.item_name, total: Number(r.total) })), [sales]);
  const value = (v: number) => money(String(v));
  return (
    <div className="dash-grid dash-grid-charts">
      <div className="dash-card">
        <h2>{t`Sales over the last 30 days by branch`}</h2>
        <Chart
          kind="line"
          label={t`Sales over the last 30 days by branch`}
          data={byDay.rows}
          xKey="date"
          series={byDay.branches.map(([id, name], i) => ({ key: `b${id}`, label: name, color: PALETTE[i % PALETTE.length] }))}
          formatValue={value}
          formatCategory={(d) => formatDate(d, "dd/MM")}
        />
      </div>
      <div className="dash-card">
        <h2>{t`Top ten items of the last 30 days`}</h2>
        <Chart
          kind="bar"
          label={t`Top ten items of the last 30 days`}
          data={top}
          xKey="item"
          series={[{ key: "total", label: t`Sales`, color: "brand.500" }]}
          formatValue={value}
          formatCategory={(name) => (name.length > 14 ? `${name.slice(0, 13)}…` : name)}
        />
      </div>
    </div>
  );
}
