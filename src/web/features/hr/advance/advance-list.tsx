import { useMemo } from "react";
import { useLingui } from "@lingui/react/macro";
import type { ColumnDef } from "../../../components/table/column-def";
import { CrudList } from "../../../components/table/crud-list";
import { HR } from "../../../components/hr/hr-paths";
import type { AdvanceRecord } from "./advance-record";

/** Salary advances: number, date, employee, cashbox, amount (summed); recovered by the next pay run. */
export default function AdvanceList() {
  const { t } = useLingui();
  const columns = useMemo<ColumnDef<AdvanceRecord>[]>(
    () => [
      { key: "invoice_no", title: t`Number`, sortable: true, filterType: "number", width: "110px" },
      { key: "input_date", title: t`Date`, sortable: true, kind: "date" },
      { key: "employee_name", title: t`Employee`, sortable: true, filterType: "text" },
      { key: "cashbox_name", title: t`Cashbox`, sortable: true, filterType: "text" },
      { key: "currency_code", title: t`Currency`, sortable: true },
      { key: "amount", title: t`Amount`, sortable: true, filterType: "number", kind: "money", sum: true },
      { key: "note", title: t`Note`, filterType: "text" },
    ],
    [t],
  );
  return (
    <CrudList<AdvanceRecord>
      endpoint={HR.advance.endpoint}
      path={HR.advance.path}
      columns={columns}
      opens="view"
      dateFilter
      branchColumn
      dateField="input_date"
      currencyFilter
      showTotals
    />
  );
}
