import { useCallback, useEffect, useMemo, useState } from "react";
import { Badge, Box, Button, Card, Center, Flex, HStack, Spinner, Text } from "@chakra-ui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { LuPrinter, LuRefreshCw } from "react-icons/lu";
import { formatDate, type DateRange } from "../../../../core/dates";
import { formatAmount, isPositive } from "../../../../core/money";
import { CardTitle } from "../../../components/card-title";
import { DateRangePicker } from "../../../components/date-range-picker";
import { ExportButtons } from "../../../components/export/export-buttons";
import { useTableExport } from "../../../components/export/use-table-export";
import { usePrint } from "../../../components/print/use-print";
import { cellText, printableColumns } from "../../../components/table/cell-value";
import type { ColumnDef } from "../../../components/table/column-def";
import { SimpleTable } from "../../../components/table/simple-table";
import { api } from "../../../lib/api-client";
import { useOnline } from "../../../offline/online";
import { useHrLabels } from "../../../components/hr/hr-labels";
import { wholeMonth } from "../../../components/hr/hr-paths";

interface SheetRow {
  employee: number;
  employee_name: string;
  position_name: string | null;
  branch_name: string;
  salary_structure: string;
  salary_amount: string;
  currency_code: string;
  due: string;
  paid: string;
  outstanding: string;
}

interface SheetAnswer {
  results: SheetRow[];
  totals: { currency_code: string; due: string; paid: string; outstanding: string }[];
}

/**
 * The payroll list (hr/payroll-list/): for a period, every employee with a contract, what is due,
 * what the pay runs paid and what is outstanding, per currency; print and CSV export.
 */
export default function PayrollSheetPage() {
  const { t } = useLingui();
  const labels = useHrLabels();
  const online = useOnline();
  const print = usePrint();
  const [range, setRange] = useState<DateRange | null>(() => wholeMonth());
  const [answer, setAnswer] = useState<SheetAnswer | null>(null);
  const [loading, setLoading] = useState(false);
  const title = t`Payroll List`;

  const load = useCallback(() => {
    if (!range) return;
    setLoading(true);
    api
      .get("hr/payroll-list/", { searchParams: { period_start: range.start, period_end: range.end } })
      .json<SheetAnswer>()
      .then(setAnswer)
      .catch(() => setAnswer(null))
      .finally(() => setLoading(false));
  }, [range]);
  useEffect(() => {
    if (online) load();
  }, [load, online]);

  const columns = useMemo<ColumnDef<SheetRow>[]>(
    () => [
      { key: "employee_name", title: t`Employee`, sortable: true },
      { key: "position_name", title: t`Position`, sortable: true },
      { key: "branch_name", title: t`Branch`, sortable: true },
      { key: "salary_structure", title: t`Salary Structure`, text: (r) => labels.structure(r.salary_structure) },
      { key: "currency_code", title: t`Currency`, sortable: true },
      { key: "due", title: t`Due`, kind: "money", sortable: true },
      { key: "paid", title: t`Paid`, kind: "money", sortable: true },
      {
        key: "outstanding",
        title: t`Outstanding`,
        kind: "money",
        sortable: true,
        render: (r) => <Badge colorPalette={isPositive(r.outstanding) ? "orange" : "green"}>{formatAmount(r.outstanding)}</Badge>,
      },
    ],
    [t, labels],
  );
  const totalsText = (key: "due" | "paid" | "outstanding") =>
    (answer?.totals ?? []).map((x) => `${formatAmount(x[key])} ${x.currency_code}`).join(" / ");
  const periodText = range ? `${formatDate(range.start)} - ${formatDate(range.end)}` : "";
  const table = () => {
    const shown = printableColumns(columns);
    const isSum = (key: string): key is "due" | "paid" | "outstanding" => key === "due" || key === "paid" || key === "outstanding";
    return {
      head: shown.map((c) => c.title),
      rows: (answer?.results ?? []).map((row) => shown.map((c) => cellText(c, row))),
      footer: [shown.map((c, i) => (i === 0 ? t`Total` : isSum(c.key) ? totalsText(c.key) : ""))],
      numeric: shown.map((c) => c.kind === "money"),
    };
  };
  const exporter = useTableExport(`${title} ${range?.start ?? ""} ${range?.end ?? ""}`, () =>
    Promise.resolve(answer ? { table: table() } : null),
  );

  return (
    <Card.Root>
      <Card.Body>
        <CardTitle
          title={title}
          actions={
            <HStack gap="2" wrap="wrap">
              <Button
                size="sm"
                variant="outline"
                disabled={!answer}
                onClick={() => {
                  const { head, rows, footer } = table();
                  print({ title: `${title} ${periodText}`, table: { head, rows: [...rows, ...footer] } });
                }}
              >
                <LuPrinter />
                <Trans>Print A4</Trans>
              </Button>
              <ExportButtons disabled={!answer} onExport={exporter.run} exporting={exporter.exporting} />
              <Button size="sm" variant="outline" onClick={load} disabled={!online || !range}>
                <LuRefreshCw />
                <Trans>Refresh</Trans>
              </Button>
            </HStack>
          }
        />
        <Flex gap="3" align="end" wrap="wrap" mb="4">
          <Box>
            <Text fontSize="sm" color="fg.muted" mb="1">
              <Trans>Period</Trans>
            </Text>
            <DateRangePicker value={range} onChange={setRange} />
          </Box>
        </Flex>
        {!online ? (
          <Text>
            <Trans>The payroll list needs a connection.</Trans>
          </Text>
        ) : loading && !answer ? (
          <Center py="10">
            <Spinner />
          </Center>
        ) : (
          <SimpleTable<SheetRow>
            label={title}
            columns={columns}
            rows={answer?.results ?? []}
            totals={
              answer && answer.totals.length > 0
                ? { employee_name: t`Total`, due: totalsText("due"), paid: totalsText("paid"), outstanding: totalsText("outstanding") }
                : undefined
            }
          />
        )}
      </Card.Body>
    </Card.Root>
  );
}
