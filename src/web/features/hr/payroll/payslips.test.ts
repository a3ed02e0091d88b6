import { describe, expect, it } from "vitest";
import { payslipsHtml, type PayslipLabels } from "./payslips";
import type { PayrollRecord } from "./payroll-record";

const labels: PayslipLabels = {
  payslip: "Payslip",
  employee: "Employee",
  position: "Position",
  period: "Period",
  structure: (s) => s.toUpperCase(),
  base: "Base",
  bonus: "Bonus",
  overtime: "Overtime",
  absence: "Absence",
  advance: "Advance",
  gross: "Gross",
  net: "Net",
  paidFrom: "Paid from",
  signature: "Signature",
};

const line = (name: string, net: string) => ({
  employee: 1,
  employee_name: name,
  position_name: "Driver",
  salary_structure: "monthly",
  units: "1.0000",
  base: "1000.00",
  bonus: "0.00",
  overtime: "0.00",
  additions: "0.00",
  absence: "0.00",
  advance: "0.00",
  deductions: "0.00",
  gross: "1000.00",
  net,
});

describe("payslipsHtml", () => {
  it("prints one escaped payslip per employee with the period, the amounts and the net", () => {
    const run = {
      invoice_no: 4,
      period_start: "2026-10-01",
      period_end: "2026-10-31",
      cashbox_name: "Main <IQD>",
      currency_code: "IQD",
      lines: [line("Aram", "1000.00"), line("Shilan & co", "900.00")],
    } as PayrollRecord;
    const html = payslipsHtml(run, labels);
    expect(html.match(/class="payslip"/g)).toHaveLength(2);
    expect(html).toContain("Payslip #4");
    expect(html).toContain("01/10/2026 - 31/10/2026");
    expect(html).toContain("Shilan &amp; co");
    expect(html).toContain("Main &lt;IQD&gt;");
    expect(html).toContain("Base (MONTHLY)");
    expect(html).toMatch(/Net<\/td><td class="amount">900(\.00)? IQD/);
  });
});
