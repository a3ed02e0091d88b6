/** An employee contract as the API answers it. */
export interface ContractRecord {
  id: number;
  employee: number;
  employee_name: string;
  position_name: string | null;
  branch: number;
  branch_name: string;
  start_date: string;
  end_date: string | null;
  salary_amount: string;
  currency: number;
  currency_code: string;
  salary_structure: string;
  allowances: string;
  notes: string;
  is_current: boolean;
}
