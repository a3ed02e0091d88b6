import { useMemo } from "react";
import { Box } from "@chakra-ui/react";
import { useLingui } from "@lingui/react/macro";
import { Link } from "react-router";
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

interface ProfitAndLossAnswer {
  currency: { id: number; code: string };
  sections: Section[];
  gross_profit: string;
  net_profit: string;
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
  const filters = useReportFilters();
  const report = useReportData<ProfitAndLossAnswer>("accounting/profit-and-loss/", filters.params, online);

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
      {
        key: "amount",
        title: t`Amount`,
        numeric: true,
        text: (r) => (r.kind === "line" ? statementMoney(r.line.amount) : r.kind === "total" ? statementMoney(r.amount) : ""),
      },
    ],
    [t, language, filters.params],
  );

  const answer = report.answer;
  const rows = useMemo<Row[]>(() => {
    if (!answer) return [];
    const out: Row[] = [];
    for (const section of answer.sections) {
      const label = sectionTitles[section.key] ?? section.key;
      out.push({ kind: "heading", key: `h-${section.key}`, label });
      for (const line of section.lines) out.push({ kind: "line", key: `${section.key}-${line.account}`, line });
      out.push({ kind: "total", key: `t-${section.key}`, label: t`Total ${label}`, amount: section.total });
      if (section.key === "cost_of_goods")
        out.push({ kind: "total", key: "gross", label: t`Gross profit`, amount: answer.gross_profit, strong: true });
    }
    return out;
  }, [answer, sectionTitles, t]);
  const data: ReportData<Row> | null = answer
    ? { columns, rows, footer: { code: "", name: t`Net profit`, amount: statementMoney(answer.net_profit) } }
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
    >
      {data ? <ReportTable data={data} label={title} rowKey={(r) => r.key} /> : null}
    </ReportPage>
  );
}
