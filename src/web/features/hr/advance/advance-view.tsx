import { useLingui } from "@lingui/react/macro";
import { formatDate } from "../../../../core/dates";
import { formatAmount, tryMoney } from "../../../../core/money";
import { amountInWords } from "../../../../core/number-to-words";
import { HR } from "../../../components/hr/hr-paths";
import { RecordView } from "../../../components/hr/record-view";
import type { AdvanceRecord } from "./advance-record";

/** A salary advance as it prints, with the amount in words and room for the employee's signature. */
export default function AdvanceView() {
  const { t } = useLingui();
  return (
    <RecordView<AdvanceRecord>
      endpoint={HR.advance.endpoint}
      listPath={HR.advance.path}
      changePermission="change_payroll"
      title={(r) => (r ? `${t`Salary Advance`} #${r.invoice_no}` : t`Salary Advance`)}
      fields={(r) => [
        { label: t`Number`, value: String(r.invoice_no) },
        { label: t`Date`, value: formatDate(r.input_date) },
        { label: t`Branch`, value: r.branch_name },
        { label: t`Employee`, value: r.employee_name },
        { label: t`Cashbox`, value: r.cashbox_name },
        { label: t`Amount`, value: `${formatAmount(tryMoney(r.amount) ?? 0)} ${r.currency_code}` },
        { label: t`Amount in words`, value: amountInWords(r.amount, r.currency_code) },
        ...(r.note ? [{ label: t`Note`, value: r.note }] : []),
      ]}
    />
  );
}
