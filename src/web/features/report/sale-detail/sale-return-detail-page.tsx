import { useMemo } from "react";
import { Box } from "@chakra-ui/react";
import { useLingui } from "@lingui/react/macro";
import { useNavigate } from "react-router";
import { CardTitle } from "../../../components/card-title";
import { PagedTable } from "../../../components/table/paged-table";
import { defaultDateRange } from "../../../../core/dates";
import { documentLink, useLineColumns, type DocumentLineRow } from "./line-columns";

interface SaleReturnDetailRow extends DocumentLineRow {
  id: number;
  sale_return: number;
  invoice_no: number;
  sale: number;
  sale_invoice_no: number;
}

/**
 * Sale return detail (`/report/sale-return-detail`, view_salereturndetail): one row per returned line
 * from report/sale-return-detail/, with the return's and the sale's numbers linking to their views; like
 * the sale detail, it opens on this month, newest first, the range kept in the URL.
 */
export default function SaleReturnDetailPage() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const lineColumns = useLineColumns<SaleReturnDetailRow>();
  const defaultQuery = useMemo(() => ({ dateRange: defaultDateRange(), ordering: "-input_date" }), []);
  const columns = useMemo(
    () =>
      lineColumns([
        {
          key: "invoice_no",
          title: t`Invoice No.`,
          sortable: true,
          filterType: "number",
          render: (row) => documentLink(`/sale/sale-return/${row.sale_return}/view`, row.invoice_no),
        },
        {
          key: "sale_invoice_no",
          title: t`Sale Invoice No.`,
          sortable: true,
          filterType: "number",
          render: (row) => documentLink(`/sale/sale/${row.sale}/view`, row.sale_invoice_no),
        },
      ]),
    [lineColumns, t],
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
        dateRangeInUrl
        defaultQuery={defaultQuery}
        currencyFilter
        showTotals
        onRowClick={(row) => navigate(`/sale/sale-return/${row.sale_return}/view`)}
      />
    </Box>
  );
}
