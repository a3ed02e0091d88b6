import { useMemo } from "react";
import { Badge } from "@chakra-ui/react";
import { useLingui } from "@lingui/react/macro";
import type { ColumnDef } from "../../components/table/column-def";
import { CrudList } from "../../components/table/crud-list";

export const ROLES_PATH = "/setting/role";

/** Why the server refuses the caller a change of the role (core/user-rights.ts), null when it allows it. */
type ChangeRefusal = "manage-above" | "member-above" | "grant-above" | "superuser" | "raise-own" | null;

interface RoleRow {
  id: number;
  name: string;
  permissions: string[];
  user_count: number;
  can_change: boolean;
  change_refusal: ChangeRefusal;
}

/** Roles (groups): named permission sets such as Manager, HR and Cashier. */
export default function RoleList() {
  const { t } = useLingui();
  const columns = useMemo<ColumnDef<RoleRow>[]>(() => {
    const reason = (refusal: ChangeRefusal) =>
      refusal === "member-above" ? t`A member is outside what you may manage` : t`It holds permissions you lack`;
    return [
      { key: "id", title: t`ID`, sortable: true, filterType: "number", width: "80px" },
      { key: "name", title: t`Name`, sortable: true, filterType: "text" },
      { key: "permissions", title: t`Permissions`, align: "end", render: (row) => row.permissions.length },
      { key: "user_count", title: t`Users`, align: "end" },
      {
        key: "can_change",
        title: t`You may change it`,
        render: (row) =>
          row.can_change ? (
            t`Yes`
          ) : (
            <Badge colorPalette="orange" title={reason(row.change_refusal)} data-testid="role-locked">
              {t`No`}: {reason(row.change_refusal)}
            </Badge>
          ),
      },
    ];
  }, [t]);
  return <CrudList<RoleRow> path={ROLES_PATH} columns={columns} branchFilter={false} undeletable={(row) => !row.can_change} needsNetwork />;
}
