import { useMemo } from "react";
import { useLingui } from "@lingui/react/macro";
import type { ColumnDef } from "../table/column-def";
import { CrudList } from "../table/crud-list";
import { MONEY_DOCUMENTS, partyName, type MoneyDocumentKind, type MoneyDocumentRecord } from "./money-document-kind";

/** Receipts or payments: number, date, party, cashbox, amount (summed), note; double-click opens the view. */
export function MoneyDocumentList({ kind }: { kind: MoneyDocumentKind }) {
  const { t, i18n } = useLingui();
  const meta = MONEY_DOCUMENTS[kind];
  const columns = useMemo<ColumnDef<MoneyDocumentRecord>[]>(
    () => [
      { key: "invoice_no", title: t`Number`, sortable: true, filterType: "number", width: "110px" },
      { key: "input_date", title: t`Date`, sortable: true, kind: "date" },
      meta.party === "customer"
        ? { key: "customer_name", title: t`Customer`, sortable: true, filterType: "text", text: partyName }
        : { key: "supplier_name", title: t`Supplier`, sortable: true, filterType: "text", text: partyName },
      { key: "cashbox_name", title: t`Cashbox`, sortable: true, filterType: "text" },
      { key: "currency_code", title: t`Currency`, sortable: true },
      { key: "amount", title: t`Amount`, sortable: true, filterType: "number", kind: "money", sum: true },
      { key: "note", title: t`Note`, filterType: "text" },
    ],
    [t, meta.party],
  );
  return (
    <CrudList<MoneyDocumentRecord>
      title={i18n._(meta.plural)}
      endpoint={meta.endpoint}
      path={meta.path}
      model={meta.model}
      columns={columns}
      opens="view"
      dateFilter
      dateField="input_date"
      currencyFilter
      showTotals
    />
  );
}
