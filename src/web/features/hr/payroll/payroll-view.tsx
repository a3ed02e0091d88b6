import { useMemo } from "react";
import { Button } from "@chakra-ui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { LuPrinter } from "react-icons/lu";
import { formatDate } from "../../../../core/dates";
import { formatAmount, tryMoney } from "../../../../core/money";
import { amountInWords } from "../../../../core/number-to-words";
import { buildTableBody, buildTableHead } from "../../../components/print/print-html";
import { usePrint } from "../../../components/print/use-print";
import type { ColumnDef } from "../../../components/table/column-def";
import { SimpleTable } from "../../../components/table/simple-table";
import { useHrLabels } from "../../../components/hr/hr-labels";
import { HR } from "../../../components/hr/hr-paths";
import { fieldsHtml, RecordView, type ViewField } from "../../../components/hr/record-view";
import type { PayrollLineRecord, PayrollRecord } from "./payroll-record";
import { PAYSLIP_CSS, payslipsHtml, type PayslipLabels } from "./payslips";

/** A pay run: period, cashbox, one line per employee, the net total in words; prints the run and the payslips. */
export default function PayrollView() {
  const { t } = useLingui();
  const labels = useHrLabels();
  const print = usePrint();
  const columns = useMemo<ColumnDef<PayrollLineRecord>[]>(
    () => [
      { key: "employee_name", title: t`Employee`, sortable: true },
      { key: "position_name", title: t`Position` },
      { key: "salary_structure", title: t`Salary Structure`, text: (r) => labels.structure(r.salary_structure) },
      { key: "base", title: t`Base`, kind: "money" },
      { key: "additions", title: t`Additions`, kind: "money" },
      { key: "deductions", title: t`Deductions`, kind: "money" },
      { key: "net", title: t`Net`, kind: "money", sortable: true },
    ],
    [t, labels],
  );
  const slipLabels: PayslipLabels = {
    payslip: t`Payslip`,
    employee: t`Employee`,
    position: t`Position`,
    period: t`Period`,
    structure: labels.structure,
    base: t`Base`,
    bonus: t`Bonus`,
    overtime: t`Overtime`,
    absence: t`Absence`,
    advance: t`Advance`,
    gross: t`Gross`,
    net: t`Net Pay`,
    paidFrom: t`Paid from`,
    signature: t`Signature`,
  };
  const fields = (r: PayrollRecord): ViewField[] => [
    { label: t`Number`, value: String(r.invoice_no) },
    { label: t`Branch`, value: r.branch_name },
    { label: t`Period`, value: `${formatDate(r.period_start)} - ${formatDate(r.period_end)}` },
    { label: t`Date`, value: formatDate(r.input_date) },
    { label: t`Cashbox`, value: r.cashbox_name },
    { label: t`Employees`, value: String(r.lines.length) },
    { label: t`Net total`, value: `${formatAmount(tryMoney(r.net_total) ?? 0)} ${r.currency_code}` },
    { label: t`Amount in words`, value: amountInWords(r.net_total, r.currency_code) },
    ...(r.note ? [{ label: t`Note`, value: r.note }] : []),
  ];
  const printBody = (r: PayrollRecord) =>
    fieldsHtml(fields(r)) +
    `<table><thead>${buildTableHead(columns.map((c) => c.title))}</thead><tbody>${buildTableBody(
      r.lines.map((l) => [
        l.employee_name,
        l.position_name ?? "",
        labels.structure(l.salary_structure),
        formatAmount(l.base),
        formatAmount(l.additions),
        formatAmount(l.deductions),
        formatAmount(l.net),
      ]),
    )}</tbody></table>`;
  return (
    <RecordView<PayrollRecord>
      endpoint={HR.payroll.endpoint}
      listPath={HR.payroll.path}
      changePermission="change_payroll"
      title={(r) => (r ? `${t`Payroll`} #${r.invoice_no}` : t`Payroll`)}
      fields={fields}
      printBody={printBody}
      actions={(r) => (
        <Button
          variant="outline"
          size="sm"
          onClick={() => print({ title: "", branchId: r.branch, css: PAYSLIP_CSS, body: payslipsHtml(r, slipLabels) })}
        >
          <LuPrinter />
          <Trans>Print Payslips</Trans>
        </Button>
      )}
      extra={(r) => (
        <SimpleTable<PayrollLineRecord>
          label={t`Employees paid`}
          columns={columns}
          rows={r.lines}
          totals={{ employee_name: t`Net total`, net: formatAmount(r.net_total) }}
        />
      )}
    />
  );
}
