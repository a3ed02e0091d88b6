import { useMemo } from "react";
import { useLingui } from "@lingui/react/macro";
import type { ColumnDef } from "../../components/table/column-def";
import { CrudList } from "../../components/table/crud-list";

export const ROLES_PATH = "/setting/role";

interface RoleRow {
  id: number;
  name: string;
  permissions: string[];
  user_count: number;
}

/** Roles (groups): named permission sets such as Manager, HR and Cashier. */
export default function RoleList() {
  const { t } = useLingui();
  const columns = useMemo<ColumnDef<RoleRow>[]>(
    () => [
      { key: "id", title: t`ID`, sortable: true, filterType: "number", width: "80px" },
      { key: "name", title: t`Name`, sortable: true, filterType: "text" },
      { key: "permissions", title: t`Permissions`, align: "end", render: (row) => row.permissions.length },
      { key: "user_count", title: t`Users`, align: "end" },
    ],
    [t],
  );
  return (
    <CrudList<RoleRow>
      title={t`Roles`}
      endpoint="user/group/"
      path={ROLES_PATH}
      model="user"
      columns={columns}
      branchFilter={false}
      needsNetwork
    />
  );
}
