import { useMemo } from "react";
import { Box } from "@chakra-ui/react";
import { useLingui } from "@lingui/react/macro";
import { useNavigate } from "react-router";
import { formatAmount, tryMoney } from "../../../../core/money";
import { CardTitle } from "../../../components/card-title";
import { DeleteButton } from "../../../components/delete-button";
import type { ColumnDef } from "../../../components/table/column-def";
import { isPendingRow, PagedTable } from "../../../components/table/paged-table";

interface DamagedRow {
  id: number;
  invoice_no: number;
  input_date: string;
  branch_name: string;
  inventory_name: string;
  damaged_stock_type_name: string;
  total_quantity: string;
  total_cost: string;
  lines_count: number;
  note: string;
}

const PATH = "/stock/damaged-stock";

export default function DamagedStockList() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const columns = useMemo<ColumnDef<DamagedRow>[]>(
    () => [
      { key: "invoice_no", title: t`Number`, sortable: true, filterType: "number" },
      { key: "input_date", title: t`Date`, sortable: true, kind: "date" },
      { key: "branch_name", title: t`Branch` },
      { key: "inventory_name", title: t`Inventory`, sortable: true },
      { key: "damaged_stock_type_name", title: t`Damaged Stock Type`, sortable: true },
      { key: "lines_count", title: t`Lines`, align: "end" },
      { key: "total_quantity", title: t`Quantity`, align: "end", text: (r) => (tryMoney(r.total_quantity) ? formatAmount(r.total_quantity, { decimals: 3, trimZeros: true }) : "") },
      { key: "total_cost", title: t`Cost`, kind: "money" },
      { key: "note", title: t`Note`, filterType: "text" },
      {
        key: "actions",
        title: t`Actions`,
        noPrint: true,
        width: "1%",
        align: "center",
        render: (row, { reload }) => (isPendingRow(row) ? null : <DeleteButton permission="delete_damagedstock" recordKey={row.id} endpoint="damaged-stock/" onDeleted={reload} />),
      },
    ],
    [t],
  );
  return (
    <Box>
      <CardTitle title={t`Damaged Stock`} />
      <PagedTable<DamagedRow>
        title={t`Damaged Stock`}
        storageKey={PATH}
        endpoint="damaged-stock/"
        columns={columns}
        dateFilter
        addPermission="add_damagedstock"
        onAdd={() => navigate(`${PATH}/add`)}
        onRowClick={(row) => navigate(`${PATH}/${row.id}/view`)}
      />
    </Box>
  );
}
