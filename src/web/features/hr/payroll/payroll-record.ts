/** A pay run as the API answers it, with its lines. */
export interface PayrollLineRecord {
  id?: number;
  employee: number;
  employee_name: string;
  position_name: string | null;
  salary_structure: string;
  units: string;
  base: string;
  bonus: string;
  overtime: string;
  additions: string;
  absence: string;
  advance: string;
  deductions: string;
  gross: string;
  net: string;
}

export interface PayrollRecord {
  id: number;
  branch: number;
  branch_name: string;
  invoice_no: number;
  period_start: string;
  period_end: string;
  cashbox: number;
  cashbox_name: string;
  currency_code: string;
  employee_count: number;
  net_total: string;
  input_date: string;
  note: string;
  updated_at: string;
  lines: PayrollLineRecord[];
}
