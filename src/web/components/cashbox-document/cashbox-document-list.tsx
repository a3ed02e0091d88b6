import { useMemo } from "react";
import { useLingui } from "@lingui/react/macro";
import { MoneyListShell } from "../money-document/money-list-shell";
import type { ColumnDef } from "../table/column-def";
import { CASHBOX_DOCUMENTS, typeName, type CashboxDocumentKind, type CashboxDocumentRecord } from "./cashbox-document-kind";

/** Expenses or incomes: number, date, type, cashbox, amount (summed), note; double-click opens the view. */
export function CashboxDocumentList({ kind }: { kind: CashboxDocumentKind }) {
  const { t, i18n } = useLingui();
  const meta = CASHBOX_DOCUMENTS[kind];
  const columns = useMemo<ColumnDef<CashboxDocumentRecord>[]>(
    () => [
      { key: `${kind}_type_name`, title: i18n._(meta.typeLabel), sortable: true, filterType: "text", text: typeName },
      { key: "cashbox_name", title: t`Cashbox`, sortable: true, filterType: "text" },
    ],
    [t, i18n, kind, meta.typeLabel],
  );
  return (
    <MoneyListShell
      title={i18n._(meta.plural)}
      endpoint={meta.endpoint}
      deleteCommand={`${kind}-delete` as const}
      path={meta.path}
      model={kind}
      columns={columns}
    />
  );
}
