import { useMemo } from "react";
import { Box, Link } from "@chakra-ui/react";
import { useLingui } from "@lingui/react/macro";
import { Link as RouterLink, useNavigate } from "react-router";
import { CardTitle } from "../../../components/card-title";
import type { ColumnDef } from "../../../components/table/column-def";
import { PagedTable } from "../../../components/table/paged-table";

interface SaleDetailRow {
  id: number;
  sale: number;
  invoice_no: number;
  input_date: string;
  branch_name: string;
  customer_name: string;
  item_name: string;
  item_code: string;
  batch_number: string;
  currency_code: string;
  quantity: string;
  price: string;
  discount: string;
  total_price: string;
  cost: string;
  profit: string;
}

/**
 * Sale detail (`/report/sale-detail`, view_saledetail): one row per sold line from report/sale-detail/
 * (the list engine), with every list filter, cost and profit, and the sums footer; the invoice number
 * opens the sale.
 */
export default function SaleDetailPage() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const columns = useMemo<ColumnDef<SaleDetailRow>[]>(
    () => [
      { key: "input_date", title: t`Date`, sortable: true, kind: "date" },
      {
        key: "invoice_no",
        title: t`Invoice No.`,
        sortable: true,
        filterType: "number",
        render: (row) => (
          <Link asChild colorPalette="blue">
            <RouterLink to={`/sale/sale/${row.sale}/view`}>{row.invoice_no}</RouterLink>
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
      { key: "discount", title: t`Discount`, filterType: "number", kind: "money" },
      { key: "total_price", title: t`Total`, sortable: true, filterType: "number", kind: "money", sum: true },
      { key: "cost", title: t`Cost`, sortable: true, filterType: "number", kind: "money", sum: true },
      { key: "profit", title: t`Profit`, sortable: true, filterType: "number", kind: "money", sum: true },
    ],
    [t],
  );
  return (
    <Box>
      <CardTitle title={t`Sale Detail`} />
      <PagedTable<SaleDetailRow>
        storageKey="/report/sale-detail"
        title={t`Sale Detail`}
        endpoint="report/sale-detail/"
        columns={columns}
        dateFilter
        currencyFilter
        showTotals
        onRowClick={(row) => navigate(`/sale/sale/${row.sale}/view`)}
      />
    </Box>
  );
}
