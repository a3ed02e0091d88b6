import { useMemo } from "react";
import { Box } from "@chakra-ui/react";
import { useLingui } from "@lingui/react/macro";
import { useNavigate } from "react-router";
import { normalisePaymentStatus, paymentStatusPalette, usePaymentStatusLabel } from "../../../components/document/document-totals";
import { CardTitle } from "../../../components/card-title";
import type { ColumnDef } from "../../../components/table/column-def";
import { PagedTable } from "../../../components/table/paged-table";

interface PurchaseRow {
  id: number;
  invoice_no: number;
  input_date: string;
  supplier_name: string;
  supplier_invoice_no: string;
  inventory_name: string;
  currency_code: string;
  total_price: string;
  discount: string;
  net_price: string;
  paid_amount: string;
  remaining: string;
  payment_status: string;
}

const PATH = "/purchase/purchase";

export default function PurchaseList() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const statusLabel = usePaymentStatusLabel();
  const columns = useMemo<ColumnDef<PurchaseRow>[]>(
    () => [
      { key: "invoice_no", title: t`Invoice No.`, sortable: true, filterType: "number" },
      { key: "input_date", title: t`Date`, sortable: true, kind: "date" },
      { key: "supplier_name", title: t`Supplier`, sortable: true, filterType: "text" },
      { key: "supplier_invoice_no", title: t`Supplier Invoice No.`, filterType: "text" },
      { key: "inventory_name", title: t`Inventory`, sortable: true },
      { key: "currency_code", title: t`Currency` },
      { key: "total_price", title: t`Total`, sortable: true, filterType: "number", kind: "money", sum: true },
      { key: "discount", title: t`Discount`, sortable: true, kind: "money", sum: true },
      { key: "net_price", title: t`Net`, sortable: true, filterType: "number", kind: "money", sum: true },
      { key: "paid_amount", title: t`Paid`, sortable: true, kind: "money", sum: true },
      { key: "remaining", title: t`Remaining`, sortable: true, filterType: "number", kind: "money", sum: true },
      {
        key: "payment_status",
        title: t`Payment Status`,
        filterType: "list",
        list: [
          { id: "unpaid", name: t`Unpaid` },
          { id: "partial_paid", name: t`Partial Paid` },
          { id: "paid", name: t`Paid` },
        ],
        kind: "badge",
        badgeColor: (row) => {
          const status = normalisePaymentStatus(row.payment_status);
          return status ? paymentStatusPalette(status) : "gray";
        },
        text: (row) => {
          const status = normalisePaymentStatus(row.payment_status);
          return status ? statusLabel(status) : "";
        },
      },
    ],
    [t, statusLabel],
  );
  return (
    <Box>
      <CardTitle title={t`Purchases`} />
      <PagedTable<PurchaseRow>
        title={t`Purchases`}
        storageKey={PATH}
        endpoint="purchase/"
        columns={columns}
        dateFilter
        branchColumn
        currencyFilter
        showTotals
        addPermission="add_purchase"
        onAdd={() => navigate(`${PATH}/add`)}
        onRowClick={(row) => navigate(`${PATH}/${row.id}/view`)}
      />
    </Box>
  );
}
