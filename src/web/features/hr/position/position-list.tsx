import { useMemo } from "react";
import { useLingui } from "@lingui/react/macro";
import type { ColumnDef } from "../../../components/table/column-def";
import { CrudList } from "../../../components/table/crud-list";
import { HR } from "../../../components/hr/hr-paths";

interface PositionRow {
  id: number;
  name: string;
  description: string;
  employee_count: number;
}

/** Positions (job titles), shared by every branch. */
export default function PositionList() {
  const { t } = useLingui();
  const columns = useMemo<ColumnDef<PositionRow>[]>(
    () => [
      { key: "id", title: t`ID`, sortable: true, filterType: "number", width: "100px" },
      { key: "name", title: t`Name`, sortable: true, filterType: "text" },
      { key: "description", title: t`Description`, filterType: "text" },
      { key: "employee_count", title: t`Employees`, align: "end", width: "120px" },
    ],
    [t],
  );
  return <CrudList<PositionRow> endpoint={HR.position.endpoint} path={HR.position.path} columns={columns} branchFilter={false} whole />;
}
