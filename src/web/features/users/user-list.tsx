import { useMemo } from "react";
import { useLingui } from "@lingui/react/macro";
import { DISPLAY_DATE_TIME, formatDate } from "../../../core/dates";
import type { ColumnDef } from "../../components/table/column-def";
import { CrudList } from "../../components/table/crud-list";
import { USERS_PATH } from "./user-form";

interface UserRow {
  id: number;
  username: string;
  first_name: string;
  last_name: string;
  email: string;
  is_superuser: boolean;
  is_active: boolean;
  group_names: string;
  branch_names: string;
  last_seen: string | null;
}

/** Users: who may sign in, with their roles and branches; a user is deactivated (edit), never deleted. */
export default function UserList() {
  const { t } = useLingui();
  const columns = useMemo<ColumnDef<UserRow>[]>(() => {
    const yesNo = [
      { id: "true", name: t`Yes` },
      { id: "false", name: t`No` },
    ];
    return [
      { key: "id", title: t`ID`, sortable: true, filterType: "number", width: "80px" },
      { key: "username", title: t`Username`, sortable: true, filterType: "text" },
      { key: "first_name", title: t`First name`, sortable: true, filterType: "text" },
      { key: "last_name", title: t`Last name`, sortable: true, filterType: "text" },
      { key: "email", title: t`Email`, sortable: true, filterType: "text" },
      { key: "group_names", title: t`Roles` },
      { key: "branch_names", title: t`Branches` },
      {
        key: "is_superuser",
        title: t`Superuser`,
        filterType: "list",
        list: yesNo,
        kind: "badge",
        badgeColor: (row) => (row.is_superuser ? "purple" : "gray"),
        text: (row) => (row.is_superuser ? t`Yes` : t`No`),
      },
      {
        key: "is_active",
        title: t`Active`,
        filterType: "list",
        list: yesNo,
        kind: "badge",
        badgeColor: (row) => (row.is_active ? "green" : "red"),
        text: (row) => (row.is_active ? t`Active` : t`Inactive`),
      },
      { key: "last_seen", title: t`Last seen`, render: (row) => formatDate(row.last_seen, DISPLAY_DATE_TIME) },
    ];
  }, [t]);
  return (
    <CrudList<UserRow> endpoint="user/" path={USERS_PATH} columns={columns} branchFilter={false} needsNetwork undeletable={() => true} />
  );
}
