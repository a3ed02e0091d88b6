import { useMemo } from "react";
import { useLingui } from "@lingui/react/macro";
import type { ColumnDef } from "../../../components/table/column-def";
import { CrudList } from "../../../components/table/crud-list";

interface Measurement {
  id: number;
  name: string;
}

export default function MeasurementList() {
  const { t } = useLingui();
  const columns = useMemo<ColumnDef<Measurement>[]>(
    () => [
      { key: "id", title: t`ID`, sortable: true, filterType: "number", width: "120px" },
      { key: "name", title: t`Name`, sortable: true, filterType: "text" },
    ],
    [t],
  );
  return (
    <CrudList<Measurement>
      title={t`Measurements`}
      endpoint="measurement/"
      deleteCommand="measurement-delete"
      path="/stock/measurement"
      model="measurement"
      columns={columns}
      branchFilter={false}
    />
  );
}
