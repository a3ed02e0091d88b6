import { useLingui } from "@lingui/react/macro";
import { MoneyViewShell } from "../money-document/money-view-shell";
import { CASHBOX_DOCUMENTS, typeName, type CashboxDocumentKind, type CashboxDocumentRecord } from "./cashbox-document-kind";

/** An expense or income as it prints: number, date, type, cashbox, amount and the amount in words, note. */
export function CashboxDocumentView({ kind }: { kind: CashboxDocumentKind }) {
  const { t, i18n } = useLingui();
  const meta = CASHBOX_DOCUMENTS[kind];
  return (
    <MoneyViewShell<CashboxDocumentRecord>
      endpoint={meta.endpoint}
      listPath={meta.path}
      singular={i18n._(meta.singular)}
      changePermission={`change_${kind}`}
      attachmentsModel={kind === "expense" ? "expense" : undefined}
      fields={(r) => [
        { label: i18n._(meta.typeLabel), value: typeName(r) },
        { label: t`Cashbox`, value: r.cashbox_name },
      ]}
    />
  );
}
