import { useMemo, useState } from "react";
import { Box, Field, NativeSelect } from "@chakra-ui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { Link, useSearchParams } from "react-router";
import { formatDate, isIsoDate } from "../../../../core/dates";
import { statementMoney } from "../../../components/account-statement/statement-rows";
import { generalLedgerPath, nameIn, useBooksLanguage, type NamedInThree } from "../../../components/report/books-labels";
import { ReportPage } from "../../../components/report/report-page";
import { ReportTable, type ReportColumn, type ReportData } from "../../../components/report/report-table";
import { useReportData } from "../../../components/report/use-report-data";
import { useReportFilters } from "../../../components/report/use-report-filters";
import { useOnline } from "../../../offline/online";

interface Line extends NamedInThree {
  account: string;
  code: string;
  amount: string;
}

interface Section {
  key: string;
  class: "income" | "expense";
  lines: Line[];
  total: string;
}

interface Statement {
  sections: Section[];
  gross_profit: string;
  net_profit: string;
}

interface ProfitAndLossAnswer extends Statement {
  currency: { id: number; code: string };
  /** With columns=month or last_year: one statement per period. */
  columns?: (Statement & { start_date: string; end_date: string })[];
}

type Compare = "none" | "month" | "last_year";

/** A row's figure in one statement: an account's line, a section's total, gross or net profit. */
function figureOf(statement: Statement, row: Row): string {
  if (row.kind === "line") {
    const [section] = row.key.split(":");
    return statement.sections.find((s) => s.key === section)?.lines.find((l) => l.account === row.line.account)?.amount ?? "0.00";
  }
  if (row.kind !== "total") return "";
  if (row.key === "gross") return statement.gross_profit;
  return statement.sections.find((s) => `t-${s.key}` === row.key)?.total ?? "0.00";
}

type Row =
  | { kind: "line"; key: string; line: Line }
  | { kind: "total"; key: string; label: string; amount: string; strong?: boolean }
  | { kind: "heading"; key: string; label: string };

/**
 * /report/profit-and-loss: over a period, in the base currency at the booked rates: sales, returns,
 * cost of goods and gross profit, then other income, expenses by type, payroll, damaged stock, cash over
 * and short and exchange differences, and net profit. Each account's figure opens its general ledger.
 */
export default function ProfitAndLossPage() {
  const { t } = useLingui();
  const online = useOnline();
  const language = useBooksLanguage();
  const [search] = useSearchParams();
  const asked = (key: string) => {
    const value = search.get(key);
    return value && isIsoDate(value) ? value : null;
  };
  const start = asked("start_date");
  const end = asked("end_date");
  const filters = useReportFilters(start && end ? { range: { start, end } } : {});
  const [compare, setCompare] = useState<Compare>("none");
  const params = useMemo(() => (compare === "none" ? filters.params : { ...filters.params, columns: compare }), [filters.params, compare]);
  const report = useReportData<ProfitAndLossAnswer>("accounting/profit-and-loss/", params, online);
  const periods = useMemo(() => report.answer?.columns ?? [], [report.answer]);

  const sectionTitles = useMemo<Record<string, string>>(
    () => ({
      sales: t`Sales`,
      returns: t`Sale returns`,
      cost_of_goods: t`Cost of goods sold`,
      other_income: t`Other income`,
      expenses: t`Expenses`,
      payroll: t`Payroll`,
      damaged_stock: t`Damaged stock`,
      cash_over_short: t`Cash over and short`,
      exchange: t`Exchange gains and losses`,
    }),
    [t],
  );

  const columns = useMemo<ReportColumn<Row>[]>(
    () => [
      {
        key: "code",
        title: t`Code`,
        text: (r) => (r.kind === "line" ? r.line.code : ""),
        render: (r) => (r.kind === "line" ? <Link to={generalLedgerPath(r.line.account, filters.params)}>{r.line.code}</Link> : null),
      },
      {
        key: "name",
        title: t`Account`,
        text: (r) => (r.kind === "line" ? nameIn(r.line, language) : r.label),
        render: (r) =>
          r.kind === "line" ? (
            <Box ps="4">{nameIn(r.line, language)}</Box>
          ) : (
            <Box fontWeight={r.kind === "heading" || r.strong ? "bold" : "semibold"}>{r.label}</Box>
          ),
      },
      ...periods.map((period, i): ReportColumn<Row> => ({
        key: `period-${i}`,
        title: `${formatDate(period.start_date)} – ${formatDate(period.end_date)}`,
        numeric: true,
        text: (r) => {
          const figure = figureOf(period, r);
          return figure ? statementMoney(figure) : "";
        },
      })),
      {
        key: "amount",
        title: periods.length > 0 ? t`Total` : t`Amount`,
        numeric: true,
        text: (r) => (r.kind === "line" ? statementMoney(r.line.amount) : r.kind === "total" ? statementMoney(r.amount) : ""),
      },
    ],
    [t, language, filters.params, periods],
  );

  const answer = report.answer;
  const rows = useMemo<Row[]>(() => {
    if (!answer) return [];
    const out: Row[] = [];
    for (const section of answer.sections) {
      const label = sectionTitles[section.key] ?? section.key;
      out.push({ kind: "heading", key: `h-${section.key}`, label });
      for (const line of section.lines) out.push({ kind: "line", key: `${section.key}:${line.account}`, line });
      out.push({ kind: "total", key: `t-${section.key}`, label: t`Total ${label}`, amount: section.total });
      if (section.key === "cost_of_goods")
        out.push({ kind: "total", key: "gross", label: t`Gross profit`, amount: answer.gross_profit, strong: true });
    }
    return out;
  }, [answer, sectionTitles, t]);
  const data: ReportData<Row> | null = answer
    ? {
        columns,
        rows,
        footer: {
          code: "",
          name: t`Net profit`,
          amount: statementMoney(answer.net_profit),
          ...Object.fromEntries(periods.map((p, i) => [`period-${i}`, statementMoney(p.net_profit)])),
        },
      }
    : null;
  const title = t`Profit and Loss`;

  return (
    <ReportPage
      title={answer ? `${title} (${answer.currency.code})` : title}
      filters={filters}
      currencyFilter={false}
      data={data}
      loading={report.loading}
      failed={report.failed}
      onRefresh={report.reload}
      extraFilters={
        <Field.Root maxW="56">
          <Field.Label>
            <Trans>Columns</Trans>
          </Field.Label>
          <NativeSelect.Root size="sm">
            <NativeSelect.Field value={compare} onChange={(e) => setCompare(e.target.value as Compare)} data-testid="profit-columns">
              <option value="none">{t`The period only`}</option>
              <option value="month">{t`By month`}</option>
              <option value="last_year">{t`Against the same period last year`}</option>
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
      }
    >
      {data ? <ReportTable data={data} label={title} rowKey={(r) => r.key} /> : null}
    </ReportPage>
  );
}
