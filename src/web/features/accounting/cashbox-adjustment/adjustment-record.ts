/** A cashbox adjustment as the API answers it. */
export interface AdjustmentRecord {
  id: number;
  branch: number;
  branch_name: string;
  invoice_no: number;
  cashbox: number;
  cashbox_name: string;
  currency_code: string;
  expected_balance: string;
  counted_balance: string;
  amount: string;
  reason: string;
  count_id: number | null;
  input_date: string;
  note: string;
}

export const ADJUSTMENT_PATH = "/accounting/cashbox/adjustment";
export const ADJUSTMENT_ENDPOINT = "accounting/cashbox-adjustment/";
