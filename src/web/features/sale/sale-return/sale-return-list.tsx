import { useMemo } from "react";
import { Box } from "@chakra-ui/react";
import { useLingui } from "@lingui/react/macro";
import { useNavigate } from "react-router";
import { CardTitle } from "../../../components/card-title";
import type { ColumnDef } from "../../../components/table/column-def";
import { PagedTable } from "../../../components/table/paged-table";

const PATH = "/sale/sale-return";

interface SaleReturnRow {
  id: number;
  invoice_no: number;
  sale_invoice_no: number;
  input_date: string;
  customer_name: string;
  currency_code: string;
  total_price: string;
}

export default function SaleReturnList() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const columns = useMemo<ColumnDef<SaleReturnRow>[]>(
    () => [
      { key: "invoice_no", title: t`Invoice No.`, sortable: true, filterType: "number" },
      { key: "sale_invoice_no", title: t`Sale Invoice No.`, sortable: true, filterType: "number" },
      { key: "input_date", title: t`Date`, sortable: true, kind: "date" },
      { key: "customer_name", title: t`Customer`, sortable: true, filterType: "text" },
      { key: "currency_code", title: t`Currency`, sortable: true },
      { key: "total_price", title: t`Total`, sortable: true, filterType: "number", kind: "money", sum: true },
    ],
    [t],
  );
  return (
    <Box>
      <CardTitle title={t`Sale Returns`} />
      <PagedTable<SaleReturnRow>
        storageKey={PATH}
        title={t`Sale Returns`}
        endpoint="sale-return/"
        columns={columns}
        dateFilter
        branchColumn
        currencyFilter
        showTotals
        addPermission="add_salereturn"
        onAdd={() => navigate(`${PATH}/add`)}
        onRowClick={(row) => navigate(`${PATH}/${row.id}/view`)}
      />
    </Box>
  );
}
