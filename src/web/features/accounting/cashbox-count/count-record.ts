/** A cashbox count (end of a day or shift) as the API answers it. */
export interface CountRecord {
  id: number;
  branch: number;
  branch_name: string;
  invoice_no: number;
  cashbox: number;
  cashbox_name: string;
  currency_code: string;
  shift: string;
  expected_balance: string;
  counted_balance: string;
  difference: string;
  closed_by_name: string | null;
  closed_at: string;
  adjustment: number | null;
  adjustment_no: number | null;
  input_date: string;
  note: string;
}

export const COUNT_PATH = "/accounting/cashbox/count";
export const COUNT_ENDPOINT = "accounting/cashbox-count/";
/** Where a count's adjustment opens. */
export const ADJUSTMENT_PATH = "/accounting/cashbox/adjustment";
