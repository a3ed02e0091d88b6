import { useMemo } from "react";
import { Card, Heading, SimpleGrid } from "@chakra-ui/react";
import { useLingui } from "@lingui/react/macro";
import { formatDate } from "../../../core/dates";
import { Chart } from "../../components/charts/chart";
import { money, salesChartRows, type DashboardAnswer } from "./dashboard-data";

/** Theme colours of the branches' lines, in branch order. */
const PALETTE = ["blue.500", "green.500", "orange.500", "purple.500", "teal.500", "pink.500"];

/** Sales over the last 30 days by branch and the top ten items (the chart library loads with the first chart). */
export function DashboardCharts({ sales, today }: { sales: NonNullable<DashboardAnswer["sales"]>; today: string }) {
  const { t } = useLingui();
  const byDay = useMemo(() => salesChartRows(sales.by_day, sales.chart_from, today), [sales, today]);
  const top = useMemo(() => sales.top_items.map((r) => ({ item: r.item_name, total: Number(r.total) })), [sales]);
  const value = (v: number) => money(String(v));
  return (
    <SimpleGrid columns={{ base: 1, xl: 2 }} gap="4">
      <Card.Root size="sm">
        <Card.Header>
          <Heading size="sm">{t`Sales over the last 30 days by branch`}</Heading>
        </Card.Header>
        <Card.Body>
          <Chart
            kind="line"
            label={t`Sales over the last 30 days by branch`}
            data={byDay.rows}
            xKey="date"
            series={byDay.branches.map(([id, name], i) => ({ key: `b${id}`, label: name, color: PALETTE[i % PALETTE.length] }))}
            formatValue={value}
            formatCategory={(d) => formatDate(d, "dd/MM")}
          />
        </Card.Body>
      </Card.Root>
      <Card.Root size="sm">
        <Card.Header>
          <Heading size="sm">{t`Top ten items of the last 30 days`}</Heading>
        </Card.Header>
        <Card.Body>
          <Chart
            kind="bar"
            label={t`Top ten items of the last 30 days`}
            data={top}
            xKey="item"
            series={[{ key: "total", label: t`Sales`, color: "brand.500" }]}
            formatValue={value}
            formatCategory={(name) => (name.length > 14 ? `${name.slice(0, 13)}…` : name)}
          />
        </Card.Body>
      </Card.Root>
    </SimpleGrid>
  );
}
