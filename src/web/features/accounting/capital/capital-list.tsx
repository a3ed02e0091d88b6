import { useMemo } from "react";
import { useLingui } from "@lingui/react/macro";
import type { ColumnDef } from "../../../components/table/column-def";
import { DocumentList } from "../../../components/table/document-list";
import { useMoneyListColumns } from "../../../components/money-document/use-money-list-columns";
import { CAPITAL_ENDPOINT, CAPITAL_PATH, type CapitalRecord } from "./capital-record";
import { useDirectionLabel } from "./use-direction-label";

/** Capital put in and drawn: number, date, direction, partner, cashbox, amount (the total nets drawings off). */
export default function CapitalList() {
  const { t } = useLingui();
  const directionLabel = useDirectionLabel();
  const own = useMemo<ColumnDef<CapitalRecord>[]>(
    () => [
      { key: "direction", title: t`Direction`, sortable: true, render: (r) => directionLabel(r.direction) },
      { key: "partner_name", title: t`Partner`, sortable: true, filterType: "text" },
      { key: "cashbox_name", title: t`Cashbox`, sortable: true, filterType: "text" },
    ],
    [t, directionLabel],
  );
  const columns = useMoneyListColumns(own);
  return <DocumentList<CapitalRecord> endpoint={CAPITAL_ENDPOINT} path={CAPITAL_PATH} columns={columns} needsNetwork />;
}
