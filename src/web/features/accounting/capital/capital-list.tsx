import { useMemo } from "react";
import { useLingui } from "@lingui/react/macro";
import type { ColumnDef } from "../../../components/table/column-def";
import { CrudList } from "../../../components/table/crud-list";
import { CAPITAL_ENDPOINT, CAPITAL_PATH, type CapitalRecord } from "./capital-record";
import { useDirectionLabel } from "./use-direction-label";

/** Capital put in and drawn: number, date, direction, partner, cashbox, amount (the total nets drawings off). */
export default function CapitalList() {
  const { t } = useLingui();
  const directionLabel = useDirectionLabel();
  const columns = useMemo<ColumnDef<CapitalRecord>[]>(
    () => [
      { key: "invoice_no", title: t`Number`, sortable: true, filterType: "number", width: "110px" },
      { key: "input_date", title: t`Date`, sortable: true, kind: "date" },
      { key: "direction", title: t`Direction`, sortable: true, render: (r) => directionLabel(r.direction) },
      { key: "partner_name", title: t`Partner`, sortable: true, filterType: "text" },
      { key: "cashbox_name", title: t`Cashbox`, sortable: true, filterType: "text" },
      { key: "currency_code", title: t`Currency`, sortable: true },
      { key: "amount", title: t`Amount`, sortable: true, filterType: "number", kind: "money", sum: true },
      { key: "note", title: t`Note`, filterType: "text" },
    ],
    [t, directionLabel],
  );
  return (
    <CrudList<CapitalRecord>
      endpoint={CAPITAL_ENDPOINT}
      path={CAPITAL_PATH}
      columns={columns}
      opens="view"
      dateFilter
      branchColumn
      dateField="input_date"
      currencyFilter
      showTotals
      needsNetwork
    />
  );
}
