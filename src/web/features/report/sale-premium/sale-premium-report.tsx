import { useMemo, useState } from "react";
import { Badge, Box, HStack, SegmentGroup, Stack, Text } from "@chakra-ui/react";
import { useLingui } from "@lingui/react/macro";
import { Link, useSearchParams } from "react-router";
import { formatDate } from "../../../../core/dates";
import { formatAmount } from "../../../../core/money";
import { PREMIUM_STATUSES, type PremiumStatusFilter } from "../../../../core/premium-status";
import { ReportPage } from "../../../components/report/report-page";
import { ReportTable, type ReportColumn, type ReportData } from "../../../components/report/report-table";
import { useReportData } from "../../../components/report/use-report-data";
import { useReportFilters } from "../../../components/report/use-report-filters";
import { CustomerSelect } from "../../../components/selectors/customer-select";
import { useOnline } from "../../../offline/online";

interface PremiumRow {
  id: number;
  branch_name: string;
  invoice_no: number;
  input_date: string;
  customer_name: string;
  customer_phone: string;
  guarantor_name: string;
  guarantor_phone: string;
  guarantor_address: string;
  currency_code: string;
  owed: string;
  paid_amount: string;
  remaining: string;
  due_today: string;
  week_due_amount: string;
  overdue_amount: string;
  overdue_since: string | null;
  days_overdue: number;
  next_due_date: string | null;
}

type Totals = Record<"owed" | "paid_amount" | "remaining" | "due_today" | "week_due_amount" | "overdue_amount", string> & {
  currency_code: string;
  count: number;
};

interface PremiumAnswer {
  rows: PremiumRow[];
  totals: Totals[];
}

/** A name on one line, its phone under it, digits left to right in either direction. */
function NameAndPhone({ name, phone }: { name: string; phone: string }) {
  return (
    <Stack gap="0">
      <Text whiteSpace="nowrap">{name}</Text>
      {phone ? (
        <Text fontSize="xs" color="fg.muted" dir="ltr" whiteSpace="nowrap" textAlign="start" css={{ "[dir=rtl] &": { textAlign: "end" } }}>
          {phone}
        </Text>
      ) : null}
    </Stack>
  );
}

const AMOUNT_KEYS = ["owed", "paid_amount", "remaining", "week_due_amount", "overdue_amount"] as const;
const money = (value: string) => formatAmount(value);

/**
 * /report/sale-premium: installment sales with their guarantor, what was owed and received, what must come
 * in this week and what is overdue since when; "due this week" and "overdue" narrow it.
 */
export default function SalePremiumReport() {
  const { t } = useLingui();
  const online = useOnline();
  const [search] = useSearchParams();
  const initial = search.get("status");
  const [status, setStatus] = useState<PremiumStatusFilter>(
    (PREMIUM_STATUSES as readonly string[]).includes(initial ?? "") ? (initial as PremiumStatusFilter) : "all",
  );
  const [customer, setCustomer] = useState<number | null>(null);
  // Every sale by default: an installment sold last year may be overdue today.
  const filters = useReportFilters({ range: null });
  const params = useMemo(
    () => ({ ...filters.params, status, ...(customer ? { customer: String(customer) } : {}) }),
    [filters.params, status, customer],
  );
  const report = useReportData<PremiumAnswer>("report/sale-premium/", params, online);

  const columns = useMemo<ReportColumn<PremiumRow>[]>(
    () => [
      {
        key: "invoice_no",
        title: t`Invoice No.`,
        text: (r) => String(r.invoice_no),
        render: (r) => <Link to={`/sale/sale/${r.id}/view`}>{r.invoice_no}</Link>,
      },
      { key: "input_date", title: t`Date`, text: (r) => formatDate(r.input_date) },
      { key: "branch_name", title: t`Branch`, text: (r) => r.branch_name },
      {
        key: "customer_name",
        title: t`Customer`,
        text: (r) => [r.customer_name, r.customer_phone].filter(Boolean).join(" · "),
        render: (r) => <NameAndPhone name={r.customer_name} phone={r.customer_phone} />,
      },
      {
        key: "guarantor_name",
        title: t`Guarantor`,
        text: (r) => [r.guarantor_name, r.guarantor_phone].filter(Boolean).join(" · "),
        render: (r) => <NameAndPhone name={r.guarantor_name} phone={r.guarantor_phone} />,
      },
      { key: "currency_code", title: t`Currency`, text: (r) => r.currency_code },
      { key: "owed", title: t`Owed`, numeric: true, text: (r) => money(r.owed) },
      { key: "paid_amount", title: t`Received`, numeric: true, text: (r) => money(r.paid_amount) },
      { key: "remaining", title: t`Remaining`, numeric: true, text: (r) => money(r.remaining) },
      { key: "week_due_amount", title: t`Due this week`, numeric: true, text: (r) => money(r.week_due_amount) },
      { key: "overdue_amount", title: t`Overdue`, numeric: true, text: (r) => money(r.overdue_amount) },
      {
        key: "overdue_since",
        title: t`Overdue since`,
        text: (r) => (r.overdue_since ? `${formatDate(r.overdue_since)} (${t`${r.days_overdue} days`})` : ""),
        render: (r) =>
          r.overdue_since ? (
            <HStack gap="2">
              <span>{formatDate(r.overdue_since)}</span>
              <Badge colorPalette="red" variant="subtle">{t`${r.days_overdue} days`}</Badge>
            </HStack>
          ) : null,
      },
      { key: "next_due_date", title: t`Next Receipt Date`, text: (r) => formatDate(r.next_due_date) },
    ],
    [t],
  );

  const answer = report.answer;
  // One currency: its sums in the footer; several: one line per currency under the table (never summed across).
  const footer =
    answer && answer.totals.length === 1 ? Object.fromEntries(AMOUNT_KEYS.map((key) => [key, money(answer.totals[0][key])])) : undefined;
  const data: ReportData<PremiumRow> | null = answer ? { columns, rows: answer.rows, footer } : null;

  return (
    <ReportPage
      title={t`Sale Premiums`}
      filters={filters}
      data={data}
      loading={report.loading}
      failed={report.failed}
      onRefresh={report.reload}
      extraFilters={
        <>
          <Box minW="48">
            <CustomerSelect value={customer} onChange={(id) => setCustomer(typeof id === "number" ? id : null)} />
          </Box>
          <SegmentGroup.Root
            size="sm"
            value={status}
            onValueChange={(e) => e.value && setStatus(e.value as PremiumStatusFilter)}
            aria-label={t`Status`}
          >
            <SegmentGroup.Indicator />
            <SegmentGroup.Items
              items={[
                { value: "all", label: t`All` },
                { value: "due", label: t`Due this week` },
                { value: "overdue", label: t`Overdue` },
              ]}
            />
          </SegmentGroup.Root>
        </>
      }
    >
      {data ? (
        <Stack gap="3">
          <ReportTable data={data} label={t`Sale Premiums`} rowKey={(r) => String(r.id)} />
          {answer && answer.totals.length > 1
            ? answer.totals.map((total) => (
                <Text key={total.currency_code} fontSize="sm" fontWeight="semibold" textAlign="end">
                  {total.currency_code}: {t`Remaining`} <span dir="ltr">{money(total.remaining)}</span> · {t`Due this week`}{" "}
                  <span dir="ltr">{money(total.week_due_amount)}</span> · {t`Overdue`} <span dir="ltr">{money(total.overdue_amount)}</span>
                </Text>
              ))
            : null}
        </Stack>
      ) : null}
    </ReportPage>
  );
}
