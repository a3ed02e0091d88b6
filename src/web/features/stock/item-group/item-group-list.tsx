import { useMemo } from "react";
import { useLingui } from "@lingui/react/macro";
import type { ColumnDef } from "../../../components/table/column-def";
import { CrudList } from "../../../components/table/crud-list";

interface ItemGroup {
  id: number;
  name: string;
}

export default function ItemGroupList() {
  const { t } = useLingui();
  const columns = useMemo<ColumnDef<ItemGroup>[]>(
    () => [
      { key: "id", title: t`ID`, sortable: true, filterType: "number", width: "120px" },
      { key: "name", title: t`Name`, sortable: true, filterType: "text" },
    ],
    [t],
  );
  return (
    <CrudList<ItemGroup>
      title={t`Item Groups`}
      endpoint="item-group/"
      deleteCommand="item-group-delete"
      path="/stock/item-group"
      model="itemgroup"
      columns={columns}
      branchFilter={false}
    />
  );
}
