import { useMemo } from "react";
import { useLingui } from "@lingui/react/macro";
import type { ColumnDef } from "../../../components/table/column-def";
import { CrudList } from "../../../components/table/crud-list";

interface IncomeType {
  id: number;
  name: string;
}

export default function IncomeTypeList() {
  const { t } = useLingui();
  const columns = useMemo<ColumnDef<IncomeType>[]>(
    () => [
      { key: "id", title: t`ID`, sortable: true, filterType: "number", width: "120px" },
      { key: "name", title: t`Name`, sortable: true, filterType: "text" },
    ],
    [t],
  );
  return (
    <CrudList<IncomeType>
      title={t`Income Types`}
      endpoint="accounting/income-type/"
      deleteCommand="income-type-delete"
      path="/accounting/income-type"
      model="incometype"
      columns={columns}
      branchFilter={false}
      whole
    />
  );
}
