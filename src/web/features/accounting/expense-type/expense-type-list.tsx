import { useMemo } from "react";
import { useLingui } from "@lingui/react/macro";
import type { ColumnDef } from "../../../components/table/column-def";
import { CrudList } from "../../../components/table/crud-list";

interface ExpenseType {
  id: number;
  name: string;
}

export default function ExpenseTypeList() {
  const { t } = useLingui();
  const columns = useMemo<ColumnDef<ExpenseType>[]>(
    () => [
      { key: "id", title: t`ID`, sortable: true, filterType: "number", width: "120px" },
      { key: "name", title: t`Name`, sortable: true, filterType: "text" },
    ],
    [t],
  );
  return (
    <CrudList<ExpenseType>
      title={t`Expense Types`}
      endpoint="accounting/expense-type/"
      deleteCommand="expense-type-delete"
      path="/accounting/expense-type"
      model="expensetype"
      columns={columns}
      branchFilter={false}
      whole
    />
  );
}
