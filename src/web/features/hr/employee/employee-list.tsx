import { useMemo } from "react";
import { useLingui } from "@lingui/react/macro";
import { booleanBadgeColumn } from "../../../components/table/boolean-badge-column";
import type { ColumnDef } from "../../../components/table/column-def";
import { CrudList } from "../../../components/table/crud-list";
import { HR } from "../../../components/hr/hr-paths";
import { useHrLabels } from "../../../components/hr/hr-labels";
import type { EmployeeRecord } from "./employee-record";

/** Employees of the user's branches: name, phone, position, structure, hire date, active or left. */
export default function EmployeeList() {
  const { t } = useLingui();
  const labels = useHrLabels();
  const columns = useMemo<ColumnDef<EmployeeRecord>[]>(
    () => [
      { key: "id", title: t`ID`, sortable: true, filterType: "number", width: "90px" },
      { key: "name", title: t`Name`, sortable: true, filterType: "text" },
      { key: "phone", title: t`Phone`, filterType: "text" },
      { key: "gender", title: t`Gender`, text: (r) => labels.gender(r.gender), render: (r) => labels.gender(r.gender) },
      { key: "position_name", title: t`Position`, sortable: true, filterType: "text" },
      {
        key: "salary_structure",
        title: t`Salary Structure`,
        text: (r) => labels.structure(r.salary_structure),
        render: (r) => labels.structure(r.salary_structure),
      },
      { key: "branch_name", title: t`Branch`, sortable: true },
      { key: "hire_date", title: t`Hire Date`, sortable: true, kind: "date" },
      booleanBadgeColumn<EmployeeRecord>("is_active", t`Status`, { label: t`Active`, color: "green" }, { label: t`Left`, color: "gray" }),
    ],
    [t, labels],
  );
  return <CrudList<EmployeeRecord> endpoint={HR.employee.endpoint} path={HR.employee.path} columns={columns} opens="view" />;
}
