import { useMemo } from "react";
import { useLingui } from "@lingui/react/macro";
import { Link } from "react-router";
import type { TrialBalanceRow } from "../../../../core/financial-statements";
import { sideAmount, statementMoney } from "../../../components/account-statement/statement-rows";
import { generalLedgerPath, nameIn, useAccountClassLabel, useBooksLanguage } from "../../../components/report/books-labels";
import { JournalButton } from "../../../components/report/journal-button";
import { ReportPage } from "../../../components/report/report-page";
import { ReportTable, type ReportColumn, type ReportData } from "../../../components/report/report-table";
import { useReportData } from "../../../components/report/use-report-data";
import { useReportFilters } from "../../../components/report/use-report-filters";
import { useOnline } from "../../../offline/online";

const FIGURES = ["opening_debit", "opening_credit", "debit", "credit", "closing_debit", "closing_credit"] as const;
type Figure = (typeof FIGURES)[number];

interface TrialBalanceAnswer {
  currency: { id: number; code: string };
  rows: TrialBalanceRow[];
  totals: Record<Figure, string>;
}

/**
 * /report/trial-balance: per account, the opening balance, the period's debits and credits and the
 * closing balance, with totals that balance; in the base currency at the booked rates, or in one
 * currency. An account's code opens its general ledger over the same range.
 */
export default function TrialBalancePage() {
  const { t } = useLingui();
  const online = useOnline();
  const language = useBooksLanguage();
  const classLabel = useAccountClassLabel();
  const filters = useReportFilters();
  const report = useReportData<TrialBalanceAnswer>("accounting/trial-balance/", filters.params, online);

  const columns = useMemo<ReportColumn<TrialBalanceRow>[]>(() => {
    const titles: Record<Figure, string> = {
      opening_debit: t`Opening debit`,
      opening_credit: t`Opening credit`,
      debit: t({ message: "Debit", context: "ledger side" }),
      credit: t({ message: "Credit", context: "ledger side" }),
      closing_debit: t`Closing debit`,
      closing_credit: t`Closing credit`,
    };
    return [
      {
        key: "code",
        title: t`Code`,
        text: (r) => r.code,
        render: (r) => <Link to={generalLedgerPath(r.account, filters.params)}>{r.code}</Link>,
      },
      { key: "name", title: t`Account`, text: (r) => nameIn(r, language) },
      { key: "class", title: t`Class`, text: (r) => classLabel(r.class) },
      ...FIGURES.map((f): ReportColumn<TrialBalanceRow> => ({ key: f, title: titles[f], numeric: true, text: (r) => sideAmount(r[f]) })),
    ];
  }, [t, language, classLabel, filters.params]);

  const answer = report.answer;
  const data: ReportData<TrialBalanceRow> | null = answer
    ? {
        columns,
        rows: answer.rows,
        footer: Object.fromEntries(FIGURES.map((f) => [f, statementMoney(answer.totals[f])])),
      }
    : null;
  const title = t`Trial Balance`;
  return (
    <ReportPage
      title={answer ? `${title} (${answer.currency.code})` : title}
      filters={filters}
      data={data}
      loading={report.loading}
      failed={report.failed}
      onRefresh={report.reload}
      actions={<JournalButton params={filters.params} />}
    >
      {data ? <ReportTable data={data} label={title} rowKey={(r) => r.account} /> : null}
    </ReportPage>
  );
}
