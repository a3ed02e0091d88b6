import { useMemo } from "react";
import { useLingui } from "@lingui/react/macro";
import type { ColumnDef } from "../table/column-def";
import { normalisePaymentStatus, paymentStatusPalette, usePaymentStatusLabel } from "./document-totals";

/** The payment status column of the document lists: a badge in the SPEC colours, filterable. */
export function usePaymentStatusColumn<Row extends { payment_status: string }>(): ColumnDef<Row> {
  const { t } = useLingui();
  const label = usePaymentStatusLabel();
  return useMemo(
    () => ({
      key: "payment_status",
      title: t`Payment Status`,
      sortable: true,
      filterType: "list" as const,
      list: [
        { id: "unpaid", name: t`Unpaid` },
        { id: "partial_paid", name: t`Partial Paid` },
        { id: "paid", name: t`Paid` },
      ],
      kind: "badge" as const,
      badgeColor: (row: Row) => paymentStatusPalette(normalisePaymentStatus(row.payment_status) ?? "unpaid"),
      text: (row: Row) => label(normalisePaymentStatus(row.payment_status) ?? "unpaid"),
    }),
    [t, label],
  );
}
