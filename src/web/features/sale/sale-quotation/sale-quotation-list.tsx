import { useMemo } from "react";
import { Box } from "@chakra-ui/react";
import { useLingui } from "@lingui/react/macro";
import { useNavigate } from "react-router";
import { CardTitle } from "../../../components/card-title";
import type { ColumnDef } from "../../../components/table/column-def";
import { PagedTable } from "../../../components/table/paged-table";
import type { QuotationRecord } from "./sale-quotation-form";

const PATH = "/sale/sale-quotation";

export default function SaleQuotationList() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const columns = useMemo<ColumnDef<QuotationRecord>[]>(
    () => [
      { key: "invoice_no", title: t`Invoice No.`, sortable: true, filterType: "number" },
      { key: "input_date", title: t`Date`, sortable: true, kind: "date" },
      { key: "customer_name", title: t`Customer`, sortable: true, filterType: "text" },
      { key: "currency_code", title: t`Currency`, sortable: true },
      { key: "total_price", title: t`Total`, sortable: true, filterType: "number", kind: "money", sum: true },
      { key: "discount", title: t`Discount`, sortable: true, filterType: "number", kind: "money", sum: true },
      { key: "net_price", title: t`Net`, sortable: true, filterType: "number", kind: "money", sum: true },
      {
        key: "converted_sale_id",
        title: t`Converted`,
        kind: "badge",
        badgeColor: () => "green",
        text: (r) => (r.converted_sale_id ? t`Sale ${r.converted_sale_invoice_no ?? r.converted_sale_id}` : ""),
      },
    ],
    [t],
  );
  return (
    <Box>
      <CardTitle title={t`Sale Quotations`} />
      <PagedTable<QuotationRecord>
        storageKey={PATH}
        title={t`Sale Quotations`}
        endpoint="sale-quotation/"
        columns={columns}
        dateFilter
        branchColumn
        currencyFilter
        showTotals
        addPermission="add_salequotation"
        onAdd={() => navigate(`${PATH}/add`)}
        onRowClick={(row) => navigate(`${PATH}/${row.id}/view`)}
      />
    </Box>
  );
}
