import { useEffect, useMemo, useState } from "react";
import { Box, Button, Field, HStack, NativeSelect, Text } from "@chakra-ui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { Link, useSearchParams } from "react-router";
import { formatDate, isIsoDate } from "../../../../core/dates";
import { useStatementTypeLabel } from "../../../components/account-statement/account-statement";
import { sideAmount, statementDocumentPath, statementMoney } from "../../../components/account-statement/statement-rows";
import { nameIn, useBooksLanguage, type NamedInThree } from "../../../components/report/books-labels";
import { JournalButton } from "../../../components/report/journal-button";
import { ReportPage } from "../../../components/report/report-page";
import { ReportTable, type ReportColumn, type ReportData } from "../../../components/report/report-table";
import { useReportData } from "../../../components/report/use-report-data";
import { useReportFilters } from "../../../components/report/use-report-filters";
import { useOnline } from "../../../offline/online";

interface ChartAccount extends NamedInThree {
  id: string;
  code: string;
}

interface LedgerLine {
  id: number;
  date: string;
  document_type: string;
  document_id: number;
  document_no: number | null;
  note: string;
  debit: string;
  credit: string;
  balance: string;
}

interface GeneralLedgerAnswer {
  account: ChartAccount;
  currency: { id: number; code: string };
  opening_balance: string;
  closing_balance: string;
  count: number;
  page: number;
  page_size: number;
  results: LedgerLine[];
}

type Row = { kind: "opening"; balance: string } | { kind: "line"; line: LedgerLine };

const PAGE_SIZE = 100;

/**
 * /report/general-ledger: one account's entries over a range, with the opening balance before it and
 * each entry's running balance (as the account's class reads it), paged; each entry links to its
 * document. Opened from a figure of the trial balance or the chart with ?account=&start_date=&end_date=.
 */
export default function GeneralLedgerPage() {
  const { t } = useLingui();
  const online = useOnline();
  const language = useBooksLanguage();
  const typeLabel = useStatementTypeLabel();
  const [search] = useSearchParams();
  const asked = (key: string) => {
    const value = search.get(key);
    return value && isIsoDate(value) ? value : null;
  };
  const start = asked("start_date");
  const end = asked("end_date");
  const filters = useReportFilters(start && end ? { range: { start, end } } : {});
  const [account, setAccount] = useState<string>(search.get("account") ?? "");
  const [page, setPage] = useState(1);
  const branchParam = search.get("branch");
  const { setBranches } = filters;
  useEffect(() => {
    const ids = (branchParam ?? "")
      .split(",")
      .map(Number)
      .filter((n) => Number.isInteger(n) && n > 0);
    if (ids.length > 0) setBranches(ids);
  }, [branchParam, setBranches]);
  useEffect(() => setPage(1), [account, filters.params]);

  const chart = useReportData<ChartAccount[]>("accounting/account/", {}, online);
  const params = useMemo(
    () => (account ? { ...filters.params, account, page: String(page), page_size: String(PAGE_SIZE) } : null),
    [account, filters.params, page],
  );
  const report = useReportData<GeneralLedgerAnswer>("accounting/general-ledger/", params, online);
  const answer = report.answer && params ? report.answer : null;

  const columns = useMemo<ReportColumn<Row>[]>(
    () => [
      { key: "date", title: t`Date`, text: (r) => (r.kind === "line" ? formatDate(r.line.date) : "") },
      { key: "document", title: t`Document`, text: (r) => (r.kind === "line" ? typeLabel(r.line.document_type) : t`Opening balance`) },
      {
        key: "number",
        title: t`Number`,
        text: (r) => (r.kind === "line" && r.line.document_no !== null ? String(r.line.document_no) : ""),
        render: (r) => {
          if (r.kind !== "line") return null;
          const path = statementDocumentPath(r.line.document_type, r.line.document_id);
          const label = r.line.document_no ?? r.line.document_id;
          return path ? <Link to={path}>{label}</Link> : label;
        },
      },
      { key: "note", title: t`Note`, text: (r) => (r.kind === "line" ? (r.line.note === "reversal" ? t`Reversal` : r.line.note) : "") },
      {
        key: "debit",
        title: t({ message: "Debit", context: "ledger side" }),
        numeric: true,
        text: (r) => (r.kind === "line" ? sideAmount(r.line.debit) : ""),
      },
      {
        key: "credit",
        title: t({ message: "Credit", context: "ledger side" }),
        numeric: true,
        text: (r) => (r.kind === "line" ? sideAmount(r.line.credit) : ""),
      },
      { key: "balance", title: t`Balance`, numeric: true, text: (r) => statementMoney(r.kind === "line" ? r.line.balance : r.balance) },
    ],
    [t, typeLabel],
  );
  const data: ReportData<Row> | null = answer
    ? {
        columns,
        rows: [
          ...(answer.page === 1 ? [{ kind: "opening" as const, balance: answer.opening_balance }] : []),
          ...answer.results.map((line) => ({ kind: "line" as const, line })),
        ],
        footer: { balance: statementMoney(answer.closing_balance) },
      }
    : null;
  const pages = answer ? Math.max(1, Math.ceil(answer.count / PAGE_SIZE)) : 1;
  const title = t`General Ledger`;

  return (
    <ReportPage
      title={answer ? `${title}: ${answer.account.code} ${nameIn(answer.account, language)} (${answer.currency.code})` : title}
      filters={filters}
      data={data}
      loading={report.loading}
      failed={report.failed}
      onRefresh={report.reload}
      prompt={account ? undefined : t`Select an account`}
      serverExport={account ? { path: "accounting/general-ledger/export/", params: { ...filters.params, account } } : undefined}
      actions={<JournalButton params={filters.params} />}
      extraFilters={
        <Field.Root minW="64" maxW="80">
          <Field.Label>
            <Trans>Account</Trans>
          </Field.Label>
          <NativeSelect.Root size="sm">
            <NativeSelect.Field value={account} onChange={(e) => setAccount(e.target.value)} data-testid="ledger-account">
              <option value="">{t`Select`}</option>
              {(chart.answer ?? []).map((a) => (
                <option key={a.id} value={a.id}>
                  {a.code} {nameIn(a, language)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
      }
    >
      {data ? (
        <Box>
          <ReportTable data={data} label={title} rowKey={(r) => (r.kind === "line" ? String(r.line.id) : "opening")} />
          {pages > 1 ? (
            <HStack justify="end" mt="2" gap="2">
              <Button size="xs" variant="outline" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                <Trans>Previous</Trans>
              </Button>
              <Text fontSize="sm">
                <Trans>
                  Page {page} of {pages}
                </Trans>
              </Text>
              <Button size="xs" variant="outline" disabled={page >= pages} onClick={() => setPage(page + 1)}>
                <Trans>Next</Trans>
              </Button>
            </HStack>
          ) : null}
        </Box>
      ) : null}
    </ReportPage>
  );
}
