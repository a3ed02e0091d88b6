import { useMemo } from "react";
import { useLingui } from "@lingui/react/macro";
import type { ColumnDef } from "../../../components/table/column-def";
import { CrudList } from "../../../components/table/crud-list";

interface Cashbox {
  id: number;
  name: string;
  branch_name: string;
  currency_code: string;
  balance: string;
}

/** Cashboxes with the balance of each, as the ledger has it (the server sums it). */
export default function CashboxList() {
  const { t } = useLingui();
  const columns = useMemo<ColumnDef<Cashbox>[]>(
    () => [
      { key: "id", title: t`ID`, sortable: true, filterType: "number", width: "100px" },
      { key: "name", title: t`Name`, sortable: true, filterType: "text" },
      { key: "branch_name", title: t`Branch`, sortable: true, filterType: "text" },
      { key: "currency_code", title: t`Currency`, sortable: true, filterType: "text" },
      { key: "balance", title: t`Balance`, sortable: true, filterType: "number", kind: "money" },
    ],
    [t],
  );
  return (
    <CrudList<Cashbox>
      title={t`Cashboxes`}
      endpoint="accounting/cashbox/"
      path="/accounting/cashbox"
      model="cashbox"
      columns={columns}
      currencyFilter
    />
  );
}
