import { useMemo } from "react";
import { useLingui } from "@lingui/react/macro";
import type { ColumnDef } from "../../../components/table/column-def";
import { CrudList } from "../../../components/table/crud-list";
import type { OpeningBalanceRow } from "./opening-balance-record";

/** One opening balance per branch: its date, how many lines of each kind, and the stock's value at cost. */
export default function OpeningBalanceList() {
  const { t } = useLingui();
  const columns = useMemo<ColumnDef<OpeningBalanceRow>[]>(
    () => [
      { key: "invoice_no", title: t`Number`, sortable: true, filterType: "number", width: "110px" },
      { key: "branch_name", title: t`Branch`, sortable: true, filterType: "text" },
      { key: "input_date", title: t`Date`, sortable: true, kind: "date" },
      { key: "cashbox_count", title: t`Cashboxes`, align: "end" },
      { key: "customer_count", title: t`Customers`, align: "end" },
      { key: "supplier_count", title: t`Suppliers`, align: "end" },
      { key: "stock_count", title: t`Stock lines`, align: "end" },
      { key: "stock_value", title: t`Stock value at cost`, sortable: true, kind: "money", sum: true },
      { key: "note", title: t`Note`, filterType: "text" },
    ],
    [t],
  );
  return <CrudList<OpeningBalanceRow> columns={columns} opens="view" dateFilter dateField="input_date" showTotals />;
}
