import { useMemo } from "react";
import { useLingui } from "@lingui/react/macro";
import { formatAmount, tryMoney } from "../../../../core/money";
import type { ColumnDef } from "../../../components/table/column-def";
import { CrudList } from "../../../components/table/crud-list";

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

export default function DamagedStockList() {
  const { t } = useLingui();
  const columns = useMemo<ColumnDef<DamagedRow>[]>(
    () => [
      { key: "invoice_no", title: t`Number`, sortable: true, filterType: "number" },
      { key: "input_date", title: t`Date`, sortable: true, kind: "date" },
      { key: "branch_name", title: t`Branch` },
      { key: "inventory_name", title: t`Inventory`, sortable: true },
      { key: "damaged_stock_type_name", title: t`Damaged Stock Type`, sortable: true },
      { key: "lines_count", title: t`Lines`, align: "end" },
      {
        key: "total_quantity",
        title: t`Quantity`,
        align: "end",
        text: (r) => (tryMoney(r.total_quantity) ? formatAmount(r.total_quantity, { decimals: 3, trimZeros: true }) : ""),
      },
      { key: "total_cost", title: t`Cost`, kind: "money" },
      { key: "note", title: t`Note`, filterType: "text" },
    ],
    [t],
  );
  return <CrudList<DamagedRow> columns={columns} dateFilter opens="view" />;
}
