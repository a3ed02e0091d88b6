import { useMemo } from "react";
import { useLingui } from "@lingui/react/macro";
import type { ColumnDef } from "../table/column-def";
import { CrudList } from "../table/crud-list";
import { CASHBOX_DOCUMENTS, typeName, type CashboxDocumentKind, type CashboxDocumentRecord } from "./cashbox-document-kind";

/** Expenses or incomes: number, date, type, cashbox, amount (summed), note; double-click opens the view. */
export function CashboxDocumentList({ kind }: { kind: CashboxDocumentKind }) {
  const { t, i18n } = useLingui();
  const meta = CASHBOX_DOCUMENTS[kind];
  const columns = useMemo<ColumnDef<CashboxDocumentRecord>[]>(
    () => [
      { key: "invoice_no", title: t`Number`, sortable: true, filterType: "number", width: "110px" },
      { key: "input_date", title: t`Date`, sortable: true, kind: "date" },
      { key: `${kind}_type_name`, title: i18n._(meta.typeLabel), sortable: true, filterType: "text", text: typeName },
      { key: "cashbox_name", title: t`Cashbox`, sortable: true, filterType: "text" },
      { key: "currency_code", title: t`Currency`, sortable: true },
      { key: "amount", title: t`Amount`, sortable: true, filterType: "number", kind: "money", sum: true },
      { key: "note", title: t`Note`, filterType: "text" },
    ],
    [t, i18n, kind, meta.typeLabel],
  );
  return (
    <CrudList<CashboxDocumentRecord>
      title={i18n._(meta.plural)}
      endpoint={meta.endpoint}
      path={meta.path}
      model={kind}
      columns={columns}
      opens="view"
      dateFilter
      dateField="input_date"
      currencyFilter
      showTotals
    />
  );
}
