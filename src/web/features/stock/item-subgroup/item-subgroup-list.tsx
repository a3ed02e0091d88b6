import { useMemo } from "react";
import { useLingui } from "@lingui/react/macro";
import type { ColumnDef } from "../../../components/table/column-def";
import { CrudList } from "../../../components/table/crud-list";
import { refName } from "../../../components/table/ref-value";
import { TIMINGS } from "../../../lib/timings";

interface ItemSubgroup {
  id: number;
  name: string;
  item_group: number | { id: number; name: string } | null;
  item_group_name?: string;
}

export default function ItemSubgroupList() {
  const { t } = useLingui();
  const columns = useMemo<ColumnDef<ItemSubgroup>[]>(
    () => [
      { key: "id", title: t`ID`, sortable: true, filterType: "number", width: "120px" },
      { key: "name", title: t`Name`, sortable: true, filterType: "text" },
      {
        key: "item_group",
        title: t`Item Group`,
        sortable: true,
        filterType: "list",
        listEndpoint: "item-group/all/",
        listFilterDebounceMs: TIMINGS.groupSelectDebounceMs,
        text: (row) => refName(row, "item_group"),
      },
    ],
    [t],
  );
  return <CrudList<ItemSubgroup> columns={columns} branchFilter={false} />;
}
