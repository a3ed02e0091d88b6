import { useLingui } from "@lingui/react/macro";
import { formatDate } from "../../../../core/dates";
import { formatAmount, tryMoney } from "../../../../core/money";
import { amountInWords } from "../../../../core/number-to-words";
import { useHrLabels } from "../../../components/hr/hr-labels";
import { HR } from "../../../components/hr/hr-paths";
import { RecordView } from "../../../components/hr/record-view";
import type { ContractRecord } from "./contract-record";

/** A contract as it prints: employee, dates, salary (and in words), structure, allowances, notes. */
export default function ContractView() {
  const { t } = useLingui();
  const labels = useHrLabels();
  const money = (value: string, code: string) => `${formatAmount(tryMoney(value) ?? 0)} ${code}`;
  return (
    <RecordView<ContractRecord>
      endpoint={HR.contract.endpoint}
      listPath={HR.contract.path}
      changePermission="change_employeecontract"
      title={(r) => (r ? `${t`Employee Contract`} #${r.id}` : t`Employee Contract`)}
      fields={(r) => [
        { label: t`Employee`, value: r.employee_name },
        { label: t`Position`, value: r.position_name ?? "" },
        { label: t`Branch`, value: r.branch_name },
        { label: t`Start Date`, value: formatDate(r.start_date) },
        { label: t`End Date`, value: r.end_date ? formatDate(r.end_date) : t`Open-ended` },
        { label: t`Salary Structure`, value: labels.structure(r.salary_structure) },
        { label: t`Salary`, value: money(r.salary_amount, r.currency_code) },
        { label: t`Amount in words`, value: amountInWords(r.salary_amount, r.currency_code) },
        { label: t`Allowances`, value: money(r.allowances, r.currency_code) },
        ...(r.notes ? [{ label: t`Notes`, value: r.notes }] : []),
      ]}
    />
  );
}
