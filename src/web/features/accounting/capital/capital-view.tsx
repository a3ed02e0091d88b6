import { useLingui } from "@lingui/react/macro";
import { formatDate } from "../../../../core/dates";
import { amountInWords } from "../../../../core/number-to-words";
import { LedgerDocumentView, moneyText } from "../../../components/ledger-document-view";
import { CAPITAL_ENDPOINT, CAPITAL_PATH, type CapitalRecord } from "./capital-record";
import { useDirectionLabel } from "./use-direction-label";

/** A capital entry as it prints: put in or drawn, partner, cashbox, amount and in words. */
export default function CapitalView() {
  const { t } = useLingui();
  const directionLabel = useDirectionLabel();
  return (
    <LedgerDocumentView<CapitalRecord>
      endpoint={CAPITAL_ENDPOINT}
      listPath={CAPITAL_PATH}
      name={t`Capital Entry`}
      changeCodes={["change_capital"]}
      fields={(r) => [
        { label: t`Number`, value: String(r.invoice_no) },
        { label: t`Date`, value: formatDate(r.input_date) },
        { label: t`Branch`, value: r.branch_name },
        { label: t`Direction`, value: directionLabel(r.direction) },
        ...(r.partner_name ? [{ label: t`Partner`, value: r.partner_name }] : []),
        { label: t`Cashbox`, value: r.cashbox_name },
        { label: t`Amount`, value: moneyText(r.amount, r.currency_code) },
        { label: t`Amount in words`, value: amountInWords(r.amount, r.currency_code) },
        ...(r.note ? [{ label: t`Note`, value: r.note }] : []),
      ]}
    />
  );
}
