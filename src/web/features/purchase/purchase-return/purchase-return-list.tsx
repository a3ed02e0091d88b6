import { useMemo } from "react";
import { Box } from "@chakra-ui/react";
import { useLingui } from "@lingui/react/macro";
import { useNavigate } from "react-router";
import { CardTitle } from "../../../components/card-title";
import { DeleteButton } from "../../../components/delete-button";
import type { ColumnDef } from "../../../components/table/column-def";
import { isPendingRow, PagedTable } from "../../../components/table/paged-table";

interface ReturnRow {
  id: number;
  invoice_no: number;
  input_date: string;
  purchase_invoice_no: number;
  supplier_name: string;
  inventory_name: string;
  currency_code: string;
  total_price: string;
  note: string | null;
}

const PATH = "/purchase/purchase-return";

export default function PurchaseReturnList() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const columns = useMemo<ColumnDef<ReturnRow>[]>(
    () => [
      { key: "invoice_no", title: t`Invoice No.`, sortable: true, filterType: "number" },
      { key: "input_date", title: t`Date`, sortable: true, kind: "date" },
      { key: "purchase_invoice_no", title: t`Purchase Invoice No.`, sortable: true, filterType: "number" },
      { key: "supplier_name", title: t`Supplier`, sortable: true, filterType: "text" },
      { key: "inventory_name", title: t`Inventory`, sortable: true },
      { key: "currency_code", title: t`Currency` },
      { key: "total_price", title: t`Total`, sortable: true, kind: "money", sum: true },
      { key: "note", title: t`Note` },
      {
        key: "actions",
        title: t`Actions`,
        noPrint: true,
        width: "1%",
        align: "center",
        render: (row, { reload }) => (isPendingRow(row) ? null : <DeleteButton permission="delete_purchasereturn" recordKey={row.id} endpoint="purchase-return/" onDeleted={reload} />),
      },
    ],
    [t],
  );
  return (
    <Box>
      <CardTitle title={t`Purchase Returns`} />
      <PagedTable<ReturnRow>
        title={t`Purchase Returns`}
        storageKey={PATH}
        endpoint="purchase-return/"
        columns={columns}
        dateFilter
        currencyFilter
        showTotals
        addPermission="add_purchasereturn"
        onAdd={() => navigate(`${PATH}/add`)}
        onRowClick={(row) => navigate(`${PATH}/${row.id}/view`)}
      />
    </Box>
  );
}
