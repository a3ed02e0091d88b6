import { useMemo } from "react";
import { useLingui } from "@lingui/react/macro";
import { DISPLAY_DATE_TIME, formatDate } from "../../../../core/dates";
import { booleanBadgeColumn } from "../../../components/table/boolean-badge-column";
import type { ColumnDef } from "../../../components/table/column-def";
import { CrudList } from "../../../components/table/crud-list";
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

// Approved transfers cannot be deleted (SPEC section 4).
const isApproved = (row: TransferRow): boolean => row.approved;

export default function TransferList() {
  const { t } = useLingui();
  const columns = useMemo<ColumnDef<TransferRow>[]>(
    () => [
      { key: "invoice_no", title: t`Number`, sortable: true, filterType: "number" },
      { key: "input_date", title: t`Date`, sortable: true, kind: "date" },
      { key: "branch_name", title: t`Branch` },
      { key: "from_inventory_name", title: t`From Inventory`, sortable: true },
      { key: "to_inventory_name", title: t`To Inventory`, sortable: true },
      { key: "lines_count", title: t`Lines`, align: "end" },
      { key: "total_quantity", title: t`Quantity`, align: "end", text: (row) => formatQuantityText(row.total_quantity) },
      booleanBadgeColumn<TransferRow>(
        "approved",
        t`Status`,
        { label: t`Approved`, color: "green" },
        { label: t`Pending`, color: "orange" },
      ),
      { key: "approved_by_name", title: t`Approved By` },
      { key: "approved_at", title: t`Approved At`, sortable: true, text: (row) => formatDate(row.approved_at, DISPLAY_DATE_TIME) },
      { key: "note", title: t`Note`, filterType: "text" },
    ],
    [t],
  );
  return <CrudList<TransferRow> columns={columns} dateFilter opens="view" undeletable={isApproved} />;
}
