import { useMemo } from "react";
import { useLingui } from "@lingui/react/macro";
import type { ColumnDef } from "../../../components/table/column-def";
import { CrudList } from "../../../components/table/crud-list";
import { HR } from "../../../components/hr/hr-paths";
import type { PayrollRecord } from "./payroll-record";

/** Pay runs: number, period, cashbox, employees paid, net total (summed); a few a month, so the whole list at once. */
export default function PayrollList() {
  const { t } = useLingui();
  const columns = useMemo<ColumnDef<PayrollRecord>[]>(
    () => [
      { key: "invoice_no", title: t`Number`, sortable: true, filterType: "number", width: "110px" },
      { key: "period_start", title: t`Period Start`, sortable: true, kind: "date" },
      { key: "period_end", title: t`Period End`, sortable: true, kind: "date" },
      { key: "branch_name", title: t`Branch` },
      { key: "cashbox_name", title: t`Cashbox`, sortable: true, filterType: "text" },
      { key: "currency_code", title: t`Currency`, sortable: true },
      { key: "employee_count", title: t`Employees`, align: "end" },
      { key: "net_total", title: t`Net Pay`, sortable: true, filterType: "number", kind: "money", sum: true },
      { key: "input_date", title: t`Date`, sortable: true, kind: "date" },
      { key: "note", title: t`Note`, filterType: "text" },
    ],
    [t],
  );
  return (
    <CrudList<PayrollRecord>
      endpoint={HR.payroll.endpoint}
      path={HR.payroll.path}
      columns={columns}
      opens="view"
      dateFilter
      currencyFilter
      showTotals
      whole
    />
  );
}
