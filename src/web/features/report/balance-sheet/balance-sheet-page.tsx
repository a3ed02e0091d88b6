import { useMemo, useState } from "react";
import { Box, Field, Input } from "@chakra-ui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "react-router";
import { formatDate, isIsoDate, toIsoDate } from "../../../../core/dates";
import type { ChartGroupKey } from "../../../../core/chart-of-accounts";
import { statementMoney } from "../../../components/account-statement/statement-rows";
import { generalLedgerPath, groupName, nameIn, useBooksLanguage, type NamedInThree } from "../../../components/report/books-labels";
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

interface Group {
  group: ChartGroupKey;
  code: string;
  lines: Line[];
  total: string;
}

interface BalanceSheetAnswer {
  currency: { id: number; code: string };
  date: string;
  assets: Group[];
  liabilities: Group[];
  equity: Group[];
  retained_earnings: string;
  profit_of_year: string;
  total_assets: string;
  total_liabilities: string;
  total_equity: string;
  total_liabilities_and_equity: string;
}

type Row =
  | { kind: "line"; key: string; line: Line }
  | { kind: "total"; key: string; label: string; amount: string; strong?: boolean }
  | { kind: "heading"; key: string; label: string };

/**
 * /report/balance-sheet: at a date, in the base currency at the booked rates: assets, liabilities and
 * equity by group, equity holding the profit of earlier years and of the year up to the date, so that
 * assets = liabilities + equity. Each account's figure opens its general ledger up to the date.
 */
export default function BalanceSheetPage() {
  const { t } = useLingui();
  const online = useOnline();
  const language = useBooksLanguage();
  const filters = useReportFilters({ range: null });
  const [date, setDate] = useState(() => toIsoDate(new Date()));
  const params = useMemo(() => (isIsoDate(date) ? { ...filters.params, date } : null), [filters.params, date]);
  const report = useReportData<BalanceSheetAnswer>("accounting/balance-sheet/", params, online);
  const ledgerRange = useMemo(() => ({ ...filters.params, end_date: date }), [filters.params, date]);

  const columns = useMemo<ReportColumn<Row>[]>(
    () => [
      {
        key: "code",
        title: t`Code`,
        text: (r) => (r.kind === "line" ? r.line.code : ""),
        render: (r) => (r.kind === "line" ? <Link to={generalLedgerPath(r.line.account, ledgerRange)}>{r.line.code}</Link> : null),
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
    [t, language, ledgerRange],
  );

  const answer = report.answer && params ? report.answer : null;
  const rows = useMemo<Row[]>(() => {
    if (!answer) return [];
    const side = (key: string, label: string, groups: Group[], extra: Row[], total: string, totalLabel: string): Row[] => [
      { kind: "heading", key: `h-${key}`, label },
      ...groups.flatMap((g): Row[] => [
        { kind: "total", key: `g-${g.group}`, label: `${g.code} ${groupName(g.group, language)}`, amount: g.total },
        ...g.lines.map((line) => ({ kind: "line" as const, key: `${g.group}-${line.account}`, line })),
      ]),
      ...extra,
      { kind: "total", key: `t-${key}`, label: totalLabel, amount: total, strong: true },
    ];
    return [
      ...side("assets", t`Assets`, answer.assets, [], answer.total_assets, t`Total assets`),
      ...side("liabilities", t`Liabilities`, answer.liabilities, [], answer.total_liabilities, t`Total liabilities`),
      ...side(
        "equity",
        t`Equity`,
        answer.equity,
        [
          { kind: "total", key: "retained", label: t`Retained earnings (earlier years)`, amount: answer.retained_earnings },
          { kind: "total", key: "year", label: t`Profit of the year`, amount: answer.profit_of_year },
        ],
        answer.total_equity,
        t`Total equity`,
      ),
    ];
  }, [answer, language, t]);
  const data: ReportData<Row> | null = answer
    ? {
        columns,
        rows,
        footer: { code: "", name: t`Total liabilities and equity`, amount: statementMoney(answer.total_liabilities_and_equity) },
      }
    : null;
  const title = t`Balance Sheet`;

  return (
    <ReportPage
      title={answer ? `${title} ${formatDate(answer.date)} (${answer.currency.code})` : title}
      filters={filters}
      dateFilter={false}
      currencyFilter={false}
      data={data}
      loading={report.loading}
      failed={report.failed}
      onRefresh={report.reload}
      extraFilters={
        <Field.Root maxW="48">
          <Field.Label>
            <Trans>At date</Trans>
          </Field.Label>
          <Input size="sm" type="date" value={date} onChange={(e) => setDate(e.target.value)} data-testid="balance-sheet-date" />
        </Field.Root>
      }
    >
      {data ? <ReportTable data={data} label={title} rowKey={(r) => r.key} /> : null}
    </ReportPage>
  );
}
