import { useLingui } from "@lingui/react/macro";
import { formatDate } from "../../../../core/dates";
import { amountInWords } from "../../../../core/number-to-words";
import { LedgerDocumentView, moneyText } from "../../../components/ledger-document-view";
import { CONVERSION_ENDPOINT, CONVERSION_PATH, type ConversionRecord } from "./conversion-record";

/** A money conversion as it prints: both cashboxes, amount out, rate, amount in (also in words). */
export default function MoneyConversionView() {
  const { t } = useLingui();
  return (
    <LedgerDocumentView<ConversionRecord>
      endpoint={CONVERSION_ENDPOINT}
      recordType="cashbox_money_conversion"
      listPath={CONVERSION_PATH}
      name={t`Money Conversion`}
      changeCodes={["change_cashboxmoneyconversion"]}
      fields={(r) => [
        { label: t`Number`, value: String(r.invoice_no) },
        { label: t`Date`, value: formatDate(r.input_date) },
        { label: t`Branch`, value: r.branch_name },
        { label: t`From Cashbox`, value: r.from_cashbox_name },
        { label: t`Amount Out`, value: moneyText(r.amount, r.from_currency_code) },
        { label: t`Exchange Rate`, value: r.exchange_rate },
        { label: t`To Cashbox`, value: r.to_cashbox_name },
        { label: t`Amount In`, value: moneyText(r.amount_in, r.to_currency_code) },
        { label: t`Amount in words`, value: amountInWords(r.amount_in, r.to_currency_code) },
        ...(r.note ? [{ label: t`Note`, value: r.note }] : []),
      ]}
    />
  );
}
