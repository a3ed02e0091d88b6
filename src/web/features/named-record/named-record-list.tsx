import { useMemo } from "react";
import { useLingui } from "@lingui/react/macro";
import type { ColumnDef } from "../../components/table/column-def";
import { CrudList } from "../../components/table/crud-list";
import { useRecordRoute } from "../../components/record-route";

interface NamedRecord {
  id: number;
  name: string;
}

/** The list of a record kind that is only its name (cities, measurements, expense types...): its route says which. */
export default function NamedRecordList() {
  const { t } = useLingui();
  const short = useRecordRoute()?.shortList ?? false;
  const columns = useMemo<ColumnDef<NamedRecord>[]>(
    () => [
      { key: "id", title: t`ID`, sortable: true, filterType: "number", width: "120px" },
      { key: "name", title: t`Name`, sortable: true, filterType: "text" },
    ],
    [t],
  );
  return <CrudList<NamedRecord> columns={columns} branchFilter={false} whole={short} />;
}
