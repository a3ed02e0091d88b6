import { useMemo, useState } from "react";
import { Box, Field, NativeSelect, Stack, Text } from "@chakra-ui/react";
import { useLingui } from "@lingui/react/macro";
import { Chart } from "../../../components/charts/chart";
import { ReportPage } from "../../../components/report/report-page";
import { ReportTable, type ReportColumn, type ReportData } from "../../../components/report/report-table";
import { useReportData } from "../../../components/report/use-report-data";
import { useReportFilters } from "../../../components/report/use-report-filters";
import { useOnline } from "../../../offline/online";
import { money, PROFIT_FIELDS, profitChartData, profitLabel, type ProfitAnswer, type ProfitGroup, type ProfitRow } from "./profit-rows";

/**
 * Gross profit (`/report/profit`, report_view_profit): revenue, cost of goods, returns, discounts and
 * profit over a date range by day, month, branch, item group or item, from GET report/profit/ (which
 * reads the ledger); a chart of profit (over time, or the ten best), the table below with its totals.
 */
export default function ProfitPage() {
  const { t } = useLingui();
  const online = useOnline();
  const filters = useReportFilters();
  const [group, setGroup] = useState<ProfitGroup>("day");
  const params = useMemo(() => ({ ...filters.params, group_by: group }), [filters.params, group]);
  const report = useReportData<ProfitAnswer>("report/profit/", params, online);
  const answer = report.answer;
  const none = t`No group`;

  const groups: Record<ProfitGroup, string> = {
    day: t`Day`,
    month: t`Month`,
    branch: t`Branch`,
    item_group: t`Item Group`,
    item: t`Item`,
  };
  const heads: Record<(typeof PROFIT_FIELDS)[number], string> = {
    revenue: t`Revenue`,
    cost: t`Cost of goods`,
    returns: t`Returns`,
    discount: t`Discount`,
    profit: t`Gross profit`,
  };

  const columns: ReportColumn<ProfitRow>[] = [
    { key: "key", title: groups[group], text: (row) => profitLabel(group, row, none) },
    ...PROFIT_FIELDS.map((field) => ({ key: field, title: heads[field], numeric: true, text: (row: ProfitRow) => money(row[field]) })),
  ];
  const data: ReportData<ProfitRow> | null = answer
    ? { columns, rows: answer.rows, footer: Object.fromEntries(PROFIT_FIELDS.map((field) => [field, money(answer.totals[field])])) }
    : null;

  const code = answer?.currency?.code ?? "";
  const chart = answer ? profitChartData(group, answer.rows, none) : [];
  const overTime = group === "day" || group === "month";

  return (
    <ReportPage
      title={t`Gross Profit`}
      filters={filters}
      data={data}
      loading={report.loading}
      failed={report.failed}
      onRefresh={report.reload}
      extraFilters={
        <Field.Root w="auto">
          <NativeSelect.Root size="sm" w="40">
            <NativeSelect.Field aria-label={t`Group by`} value={group} onChange={(event) => setGroup(event.target.value as ProfitGroup)}>
              {(Object.keys(groups) as ProfitGroup[]).map((key) => (
                <option key={key} value={key}>
                  {groups[key]}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
      }
    >
      {data && answer ? (
        <Stack gap="4">
          <Text color="fg.muted" fontSize="sm">
            {t`Amounts in ${code}, at the rates the documents were booked at`}
          </Text>
          {chart.length > 0 ? (
            <Box borderWidth="1px" borderRadius="md" p="3">
              <Chart
                kind={overTime ? "area" : "bar"}
                label={overTime ? t`Gross profit over time` : t`The ten most profitable`}
                data={chart}
                xKey="name"
                series={[
                  { key: "revenue", label: heads.revenue, color: "blue.500" },
                  { key: "profit", label: heads.profit, color: "green.500" },
                ]}
                formatValue={(value) => money(String(value))}
              />
            </Box>
          ) : null}
          <ReportTable data={data} label={t`Gross profit by ${groups[group]}`} rowKey={(row) => row.key} />
        </Stack>
      ) : null}
    </ReportPage>
  );
}
