import { useLingui } from "@lingui/react/macro";
import { formatDate } from "../../../../core/dates";
import { LedgerDocumentView, moneyText } from "../../../components/ledger-document-view";
import { ADJUSTMENT_ENDPOINT, ADJUSTMENT_PATH, type AdjustmentRecord } from "./adjustment-record";

/** A cashbox adjustment as it prints: the cashbox, expected, counted, the difference booked and why. */
export default function CashboxAdjustmentView() {
  const { t } = useLingui();
  return (
    <LedgerDocumentView<AdjustmentRecord>
      endpoint={ADJUSTMENT_ENDPOINT}
      listPath={ADJUSTMENT_PATH}
      name={t`Cashbox Adjustment`}
      changeCodes={["change_cashboxadjustment"]}
      fields={(r) => [
        { label: t`Number`, value: String(r.invoice_no) },
        { label: t`Date`, value: formatDate(r.input_date) },
        { label: t`Branch`, value: r.branch_name },
        { label: t`Cashbox`, value: r.cashbox_name },
        { label: t`Expected`, value: moneyText(r.expected_balance, r.currency_code) },
        { label: t`Counted`, value: moneyText(r.counted_balance, r.currency_code) },
        { label: t`Difference`, value: moneyText(r.amount, r.currency_code) },
        { label: t`Reason`, value: r.reason },
        ...(r.note ? [{ label: t`Note`, value: r.note }] : []),
      ]}
    />
  );
}
