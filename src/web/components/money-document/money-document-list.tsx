import { useMemo } from "react";
import { useLingui } from "@lingui/react/macro";
import type { ColumnDef } from "../table/column-def";
import { MONEY_DOCUMENTS, partyName, type MoneyDocumentKind, type MoneyDocumentRecord } from "./money-document-kind";
import { MoneyListShell } from "./money-list-shell";

/** Receipts or payments: number, date, party, cashbox, amount (summed), note; double-click opens the view. */
export function MoneyDocumentList({ kind }: { kind: MoneyDocumentKind }) {
  const { t, i18n } = useLingui();
  const meta = MONEY_DOCUMENTS[kind];
  const columns = useMemo<ColumnDef<MoneyDocumentRecord>[]>(
    () => [
      meta.party === "customer"
        ? { key: "customer_name", title: t`Customer`, sortable: true, filterType: "text", text: partyName }
        : { key: "supplier_name", title: t`Supplier`, sortable: true, filterType: "text", text: partyName },
      { key: "cashbox_name", title: t`Cashbox`, sortable: true, filterType: "text" },
    ],
    [t, meta.party],
  );
  return (
    <MoneyListShell
      title={i18n._(meta.plural)}
      endpoint={meta.endpoint}
      deleteCommand={`${kind}-delete` as const}
      path={meta.path}
      model={meta.model}
      columns={columns}
    />
  );
}
