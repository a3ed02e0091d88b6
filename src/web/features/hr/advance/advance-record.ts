/** A salary advance as the API answers it. */
export interface AdvanceRecord {
  id: number;
  branch: number;
  branch_name: string;
  invoice_no: number;
  employee: number;
  employee_name: string;
  cashbox: number;
  cashbox_name: string;
  currency_code: string;
  amount: string;
  input_date: string;
  note: string;
}
