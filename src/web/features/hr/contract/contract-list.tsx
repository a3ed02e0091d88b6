import { useMemo } from "react";
import { useLingui } from "@lingui/react/macro";
import { booleanBadgeColumn } from "../../../components/table/boolean-badge-column";
import type { ColumnDef } from "../../../components/table/column-def";
import { CrudList } from "../../../components/table/crud-list";
import { useHrLabels } from "../../../components/hr/hr-labels";
import { HR } from "../../../components/hr/hr-paths";
import type { ContractRecord } from "./contract-record";

/** Employee contracts: employee, dates, salary in its currency (summed), structure, current or not. */
export default function ContractList() {
  const { t } = useLingui();
  const labels = useHrLabels();
  const columns = useMemo<ColumnDef<ContractRecord>[]>(
    () => [
      { key: "id", title: t`ID`, sortable: true, filterType: "number", width: "90px" },
      { key: "employee_name", title: t`Employee`, sortable: true, filterType: "text" },
      { key: "position_name", title: t`Position`, filterType: "text" },
      { key: "start_date", title: t`Start Date`, sortable: true, kind: "date" },
      { key: "end_date", title: t`End Date`, sortable: true, kind: "date" },
      { key: "salary_amount", title: t`Salary`, sortable: true, filterType: "number", kind: "money", sum: true },
      { key: "allowances", title: t`Allowances`, sortable: true, kind: "money", sum: true },
      { key: "currency_code", title: t`Currency`, sortable: true },
      {
        key: "salary_structure",
        title: t`Salary Structure`,
        text: (r) => labels.structure(r.salary_structure),
        render: (r) => labels.structure(r.salary_structure),
      },
      {
        ...booleanBadgeColumn<ContractRecord>(
          "is_current",
          t`Current`,
          { label: t`Current`, color: "green" },
          { label: t`Not current`, color: "gray" },
        ),
        filterType: undefined,
      },
    ],
    [t, labels],
  );
  return (
    <CrudList<ContractRecord>
      endpoint={HR.contract.endpoint}
      path={HR.contract.path}
      columns={columns}
      opens="view"
      dateFilter
      dateField="start_date"
      currencyFilter
      showTotals
    />
  );
}
