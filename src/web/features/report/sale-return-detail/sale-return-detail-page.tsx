import { useMemo } from "react";
import { Box, Link } from "@chakra-ui/react";
import { useLingui } from "@lingui/react/macro";
import { Link as RouterLink, useNavigate } from "react-router";
import { CardTitle } from "../../../components/card-title";
import type { ColumnDef } from "../../../components/table/column-def";
import { PagedTable } from "../../../components/table/paged-table";

interface SaleReturnDetailRow {
  id: number;
  sale_return: number;
  invoice_no: number;
  sale: number;
  sale_invoice_no: number;
  input_date: string;
  branch_name: string;
  customer_name: string;
  item_name: string;
  batch_number: string;
  currency_code: string;
  quantity: string;
  price: string;
  total_price: string;
}

/**
 * Sale return detail (`/report/sale-return-detail`, view_salereturndetail): one row per returned line
 * from report/sale-return-detail/, with the return's and the sale's numbers linking to their views.
 */
export default function SaleReturnDetailPage() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const columns = useMemo<ColumnDef<SaleReturnDetailRow>[]>(
    () => [
      { key: "input_date", title: t`Date`, sortable: true, kind: "date" },
      {
        key: "invoice_no",
        title: t`Invoice No.`,
        sortable: true,
        filterType: "number",
        render: (row) => (
          <Link asChild colorPalette="blue">
            <RouterLink to={`/sale/sale-return/${row.sale_return}/view`}>{row.invoice_no}</RouterLink>
          </Link>
        ),
      },
      {
        key: "sale_invoice_no",
        title: t`Sale Invoice No.`,
        sortable: true,
        filterType: "number",
        render: (row) => (
          <Link asChild colorPalette="blue">
            <RouterLink to={`/sale/sale/${row.sale}/view`}>{row.sale_invoice_no}</RouterLink>
          </Link>
        ),
      },
      { key: "branch_name", title: t`Branch` },
      { key: "customer_name", title: t`Customer`, sortable: true, filterType: "text" },
      { key: "item_name", title: t`Item`, sortable: true, filterType: "text" },
      { key: "batch_number", title: t`Batch Number`, filterType: "text" },
      { key: "currency_code", title: t`Currency` },
      { key: "quantity", title: t`Quantity`, sortable: true, filterType: "number", align: "end", sum: true },
      { key: "price", title: t`Price`, sortable: true, filterType: "number", kind: "money" },
      { key: "total_price", title: t`Total`, sortable: true, filterType: "number", kind: "money", sum: true },
    ],
    [t],
  );
  return (
    <Box>
      <CardTitle title={t`Sale Return Detail`} />
      <PagedTable<SaleReturnDetailRow>
        storageKey="/report/sale-return-detail"
        title={t`Sale Return Detail`}
        endpoint="report/sale-return-detail/"
        columns={columns}
        dateFilter
        currencyFilter
        showTotals
        onRowClick={(row) => navigate(`/sale/sale-return/${row.sale_return}/view`)}
      />
    </Box>
  );
}
