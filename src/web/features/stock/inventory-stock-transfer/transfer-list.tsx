import { useMemo } from "react";
import { Box } from "@chakra-ui/react";
import { useLingui } from "@lingui/react/macro";
import { useNavigate } from "react-router";
import { DISPLAY_DATE_TIME, formatDate } from "../../../../core/dates";
import { CardTitle } from "../../../components/card-title";
import { DeleteButton } from "../../../components/delete-button";
import type { ColumnDef } from "../../../components/table/column-def";
import { isPendingRow, PagedTable } from "../../../components/table/paged-table";
import { formatQuantityText } from "./transfer-status";

interface TransferRow {
  id: number;
  invoice_no: number;
  input_date: string;
  branch_name: string;
  from_inventory_name: string;
  to_inventory_name: string;
  approved: boolean;
  approved_by_name: string | null;
  approved_at: string | null;
  created_by_name: string | null;
  total_quantity: string;
  lines_count: number;
  note: string;
}

const PATH = "/stock/inventory-stock-transfer";

export default function TransferList() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const columns = useMemo<ColumnDef<TransferRow>[]>(
    () => [
      { key: "invoice_no", title: t`Number`, sortable: true, filterType: "number" },
      { key: "input_date", title: t`Date`, sortable: true, kind: "date" },
      { key: "branch_name", title: t`Branch` },
      { key: "from_inventory_name", title: t`From Inventory`, sortable: true },
      { key: "to_inventory_name", title: t`To Inventory`, sortable: true },
      { key: "lines_count", title: t`Lines`, align: "end" },
      { key: "total_quantity", title: t`Quantity`, align: "end", text: (row) => formatQuantityText(row.total_quantity) },
      {
        key: "approved",
        title: t`Status`,
        filterType: "list",
        list: [
          { id: "false", name: t`Pending` },
          { id: "true", name: t`Approved` },
        ],
        kind: "badge",
        badgeColor: (row) => (row.approved ? "green" : "orange"),
        text: (row) => (row.approved ? t`Approved` : t`Pending`),
      },
      { key: "approved_by_name", title: t`Approved By` },
      { key: "approved_at", title: t`Approved At`, sortable: true, text: (row) => formatDate(row.approved_at, DISPLAY_DATE_TIME) },
      { key: "note", title: t`Note`, filterType: "text" },
      {
        key: "actions",
        title: t`Actions`,
        noPrint: true,
        width: "1%",
        align: "center",
        // Approved transfers cannot be deleted (SPEC section 4).
        render: (row, { reload }) =>
          isPendingRow(row) || row.approved ? null : <DeleteButton permission="delete_inventorystocktransfer" recordKey={row.id} endpoint="inventory-stock-transfer/" onDeleted={reload} />,
      },
    ],
    [t],
  );
  return (
    <Box>
      <CardTitle title={t`Inventory Transfers`} />
      <PagedTable<TransferRow>
        title={t`Inventory Transfers`}
        storageKey={PATH}
        endpoint="inventory-stock-transfer/"
        columns={columns}
        dateFilter
        addPermission="add_inventorystocktransfer"
        onAdd={() => navigate(`${PATH}/add`)}
        onRowClick={(row) => navigate(`${PATH}/${row.id}/view`)}
      />
    </Box>
  );
}
