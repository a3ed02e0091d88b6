import { useMemo } from "react";
import { useLingui } from "@lingui/react/macro";
import type { ColumnDef } from "../../../components/table/column-def";
import { CrudList } from "../../../components/table/crud-list";
import { refId, refName } from "../../../components/table/ref-value";
import { useCurrentUser } from "../../../lib/use-permission";

interface Customer {
  id: number;
  name: string;
  phone: string | null;
  address: string | null;
  city: number | { id: number; name: string } | null;
  branch: number | { id: number; name: string } | null;
  is_general: boolean;
  credit_limit: string | null;
}

export default function CustomerList() {
  const { t } = useLingui();
  const user = useCurrentUser();
  const branches = useMemo(() => user?.branches ?? [], [user]);
  const columns = useMemo<ColumnDef<Customer>[]>(
    () => [
      { key: "id", title: t`ID`, sortable: true, filterType: "number", width: "100px" },
      { key: "name", title: t`Name`, sortable: true, filterType: "text" },
      { key: "phone", title: t`Phone`, sortable: true, filterType: "text" },
      { key: "address", title: t`Address`, filterType: "text" },
      { key: "city", title: t`City`, sortable: true, filterType: "list", listEndpoint: "city/all/", text: (row) => refName(row, "city") },
      {
        key: "branch",
        title: t`Branch`,
        sortable: true,
        filterType: "list",
        list: branches.map((b) => ({ id: b.id, name: b.name })),
        text: (row) => refName(row, "branch") || (branches.find((b) => b.id === refId(row.branch))?.name ?? ""),
      },
      { key: "credit_limit", title: t`Credit Limit`, sortable: true, filterType: "number", kind: "money" },
      {
        key: "is_general",
        title: t`General`,
        kind: "badge",
        badgeColor: () => "blue",
        text: (row) => (row.is_general ? t`General` : ""),
      },
    ],
    [t, branches],
  );
  // The branch column filters by branch already; the toolbar branch filter would repeat it.
  return <CrudList<Customer> columns={columns} branchFilter={false} />;
}
