import { formatDate } from "../../../../core/dates";
import { formatAmount, tryMoney } from "../../../../core/money";
import { escapeHtml } from "../../../components/print/print-html";
import type { PayrollLineRecord, PayrollRecord } from "./payroll-record";

/** The words a payslip prints, translated by the caller. */
export interface PayslipLabels {
  payslip: string;
  employee: string;
  position: string;
  period: string;
  structure: (value: string) => string;
  base: string;
  bonus: string;
  overtime: string;
  absence: string;
  advance: string;
  gross: string;
  net: string;
  paidFrom: string;
  signature: string;
}

const money = (value: string, code: string) => `${formatAmount(tryMoney(value) ?? 0)} ${escapeHtml(code)}`;

function payslip(run: PayrollRecord, line: PayrollLineRecord, l: PayslipLabels): string {
  const rows: [string, string][] = [
    [`${l.base} (${l.structure(line.salary_structure)})`, line.base],
    [l.bonus, line.bonus],
    [l.overtime, line.overtime],
    [`- ${l.absence}`, line.absence],
    [l.gross, line.gross],
    [`- ${l.advance}`, line.advance],
  ];
  return `<div class="payslip">
<div class="payslip-title">${escapeHtml(l.payslip)} #${run.invoice_no}</div>
<div><b>${escapeHtml(l.employee)}:</b> ${escapeHtml(line.employee_name)}${line.position_name ? ` (${escapeHtml(line.position_name)})` : ""}</div>
<div><b>${escapeHtml(l.period)}:</b> ${formatDate(run.period_start)} - ${formatDate(run.period_end)}</div>
<div><b>${escapeHtml(l.paidFrom)}:</b> ${escapeHtml(run.cashbox_name)}</div>
<table>${rows.map(([label, value]) => `<tr><td>${escapeHtml(label)}</td><td class="amount">${money(value, run.currency_code)}</td></tr>`).join("")}
<tr class="net"><td>${escapeHtml(l.net)}</td><td class="amount">${money(line.net, run.currency_code)}</td></tr></table>
<div class="signature">${escapeHtml(l.signature)}: ____________________</div>
</div>`;
}

/** Every employee's payslip of a pay run, one per page. */
export function payslipsHtml(run: PayrollRecord, labels: PayslipLabels): string {
  return run.lines.map((line) => payslip(run, line, labels)).join("");
}

export const PAYSLIP_CSS = `
.payslip { page-break-after: always; break-after: page; padding-top: 4px; }
.payslip:last-child { page-break-after: auto; break-after: auto; }
.payslip-title { font-size: 16px; font-weight: bold; text-align: center; margin: 4px 0 8px; }
.payslip table { margin-top: 8px; }
.payslip td.amount { text-align: end; width: 40%; }
.payslip tr.net td { font-weight: bold; background: #eee; }
.payslip .signature { margin-top: 28px; }
`;
