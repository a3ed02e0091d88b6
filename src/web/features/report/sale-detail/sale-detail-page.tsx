import { useMemo } from "react";
import { Box } from "@chakra-ui/react";
import { useLingui } from "@lingui/react/macro";
import { useNavigate } from "react-router";
import { CardTitle } from "../../../components/card-title";
import { PagedTable } from "../../../components/table/paged-table";
import { defaultDateRange } from "../../../../core/dates";
import { documentLink, useLineColumns, type DocumentLineRow } from "./line-columns";

interface SaleDetailRow extends DocumentLineRow {
  id: number;
  sale: number;
  invoice_no: number;
  discount: string;
  cost: string;
  profit: string;
}

/**
 * Sale detail (`/report/sale-detail`, view_saledetail): one row per sold line from report/sale-detail/
 * (the list engine), with every list filter, cost and profit, and the sums footer; the invoice number
 * opens the sale. It opens on this month, newest first (SPEC's default range), the range kept in the URL.
 */
export default function SaleDetailPage() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const lineColumns = useLineColumns<SaleDetailRow>();
  const defaultQuery = useMemo(() => ({ dateRange: defaultDateRange(), ordering: "-input_date" }), []);
  const columns = useMemo(
    () =>
      lineColumns(
        [
          {
            key: "invoice_no",
            title: t`Invoice No.`,
            sortable: true,
            filterType: "number",
            render: (row) => documentLink(`/sale/sale/${row.sale}/view`, row.invoice_no),
          },
        ],
        [
          { key: "discount", title: t`Discount`, filterType: "number", kind: "money" },
          { key: "cost", title: t`Cost`, sortable: true, filterType: "number", kind: "money", sum: true },
          { key: "profit", title: t`Profit`, sortable: true, filterType: "number", kind: "money", sum: true },
        ],
      ),
    [lineColumns, t],
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
        dateRangeInUrl
        defaultQuery={defaultQuery}
        currencyFilter
        showTotals
        onRowClick={(row) => navigate(`/sale/sale/${row.sale}/view`)}
      />
    </Box>
  );
}
