import { useMemo } from "react";
import { useLingui } from "@lingui/react/macro";
import type { ColumnDef } from "../../../components/table/column-def";
import { CrudList } from "../../../components/table/crud-list";
import { useCurrentUser } from "../../../lib/use-permission";

interface Supplier {
  id: number;
  name: string;
  phone: string | null;
  address: string | null;
  branches: (number | { id: number; name: string })[];
}

export default function SupplierList() {
  const { t } = useLingui();
  const user = useCurrentUser();
  const branches = useMemo(() => user?.branches ?? [], [user]);
  const columns = useMemo<ColumnDef<Supplier>[]>(
    () => [
      { key: "id", title: t`ID`, sortable: true, filterType: "number", width: "100px" },
      { key: "name", title: t`Name`, sortable: true, filterType: "text" },
      { key: "phone", title: t`Phone`, sortable: true, filterType: "text" },
      { key: "address", title: t`Address`, filterType: "text" },
      {
        key: "branches",
        title: t`Branches`,
        text: (row) =>
          (row.branches ?? [])
            .map((b) => (typeof b === "object" ? b.name : (branches.find((x) => x.id === b)?.name ?? String(b))))
            .join(", "),
      },
    ],
    [t, branches],
  );
  return <CrudList<Supplier> columns={columns} />;
}
