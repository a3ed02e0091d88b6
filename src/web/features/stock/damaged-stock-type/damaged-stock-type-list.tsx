import { useMemo } from "react";
import { useLingui } from "@lingui/react/macro";
import type { ColumnDef } from "../../../components/table/column-def";
import { CrudList } from "../../../components/table/crud-list";

interface DamagedStockType {
  id: number;
  name: string;
}

export default function DamagedStockTypeList() {
  const { t } = useLingui();
  const columns = useMemo<ColumnDef<DamagedStockType>[]>(
    () => [
      { key: "id", title: t`ID`, sortable: true, filterType: "number", width: "120px" },
      { key: "name", title: t`Name`, sortable: true, filterType: "text" },
    ],
    [t],
  );
  return (
    <CrudList<DamagedStockType>
      title={t`Damaged Stock Types`}
      endpoint="damaged-stock-type/"
      deleteCommand="damaged-stock-type-delete"
      path="/stock/damaged-stock-type"
      model="damagedstocktype"
      columns={columns}
      branchFilter={false}
      whole
    />
  );
}
