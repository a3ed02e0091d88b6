import { useMemo } from "react";
import { Box } from "@chakra-ui/react";
import { useLingui } from "@lingui/react/macro";
import { useNavigate } from "react-router";
import { formatDate, toIsoDate } from "../../../../core/dates";
import { allocatePaid, dueBy, installmentSchedule, nextDueDate, type ReceiptFrequency } from "../../../../core/installments";
import { formatAmount, sub, toDecimalString, tryMoney } from "../../../../core/money";
import { CardTitle } from "../../../components/card-title";
import type { ColumnDef } from "../../../components/table/column-def";
import { PagedTable } from "../../../components/table/paged-table";

interface PremiumRow {
  id: number;
  invoice_no: number;
  input_date: string;
  customer_name: string;
  customer_phone?: string;
  currency_code: string;
  net_price: string;
  paid_amount: string;
  remaining: string;
  returned_amount?: string;
  months_count: number;
  premium_receipt_amount: string;
  receipt_frequency: ReceiptFrequency;
  next_receipt_date: string;
  guarantor_name: string;
  guarantor_phone: string;
}

/** What is due today and the next receipt date of an installment sale (same rules as the server's schedule). */
export function premiumDue(row: PremiumRow, today: string): { due: string; next: string | null } {
  const owed = toDecimalString(sub(tryMoney(row.net_price) ?? 0, tryMoney(row.returned_amount ?? "0") ?? 0));
  const receipts = allocatePaid(
    installmentSchedule(owed, {
      months_count: Number(row.months_count) || 1,
      premium_receipt_amount: row.premium_receipt_amount ?? "0",
      receipt_frequency: row.receipt_frequency ?? "monthly",
      next_receipt_date: row.next_receipt_date ?? "",
    }),
    tryMoney(row.paid_amount) ?? 0,
  );
  return { due: dueBy(receipts, today), next: nextDueDate(receipts) };
}

export default function SalePremiumList() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const today = toIsoDate(new Date());
  const columns = useMemo<ColumnDef<PremiumRow>[]>(
    () => [
      { key: "invoice_no", title: t`Invoice No.`, sortable: true, filterType: "number" },
      { key: "input_date", title: t`Date`, sortable: true, kind: "date" },
      { key: "customer_name", title: t`Customer`, sortable: true, filterType: "text" },
      { key: "currency_code", title: t`Currency`, sortable: true },
      { key: "net_price", title: t`Net`, sortable: true, kind: "money", sum: true },
      { key: "paid_amount", title: t`Paid`, sortable: true, kind: "money", sum: true },
      { key: "remaining", title: t`Remaining`, sortable: true, kind: "money", sum: true },
      { key: "months_count", title: t`Months Count`, sortable: true, filterType: "number", align: "end" },
      { key: "premium_receipt_amount", title: t`Premium Receipt Amount`, kind: "money" },
      {
        key: "due_amount",
        title: t`Due now`,
        align: "end",
        text: (r) => formatAmount(tryMoney(premiumDue(r, today).due) ?? 0),
      },
      {
        key: "next_receipt_date",
        title: t`Next Receipt Date`,
        sortable: true,
        kind: "date",
        text: (r) => {
          const next = premiumDue(r, today).next;
          return next ? formatDate(next) : "";
        },
      },
      { key: "guarantor_name", title: t`Guarantor Name`, sortable: true, filterType: "text" },
      { key: "guarantor_phone", title: t`Guarantor Phone` },
    ],
    [t, today],
  );
  return (
    <Box>
      <CardTitle title={t`Sale Premiums`} />
      <PagedTable<PremiumRow>
        storageKey="/report/sale-premium"
        title={t`Sale Premiums`}
        endpoint="sale-premium/"
        columns={columns}
        dateFilter
        currencyFilter
        showTotals
        onRowClick={(row) => navigate(`/sale/sale/${row.id}/view`)}
      />
    </Box>
  );
}
