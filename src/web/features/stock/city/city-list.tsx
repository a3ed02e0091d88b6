import { useMemo } from "react";
import { useLingui } from "@lingui/react/macro";
import type { ColumnDef } from "../../../components/table/column-def";
import { CrudList } from "../../../components/table/crud-list";

interface City {
  id: number;
  name: string;
}

export default function CityList() {
  const { t } = useLingui();
  const columns = useMemo<ColumnDef<City>[]>(
    () => [
      { key: "id", title: t`ID`, sortable: true, filterType: "number", width: "120px" },
      { key: "name", title: t`Name`, sortable: true, filterType: "text" },
    ],
    [t],
  );
  return (
    <CrudList<City>
      title={t`Cities`}
      endpoint="city/"
      deleteCommand="city-delete"
      path="/stock/city"
      model="city"
      columns={columns}
      branchFilter={false}
    />
  );
}
