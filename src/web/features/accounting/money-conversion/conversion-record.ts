/** A money conversion as the API answers it. */
export interface ConversionRecord {
  id: number;
  branch: number;
  branch_name: string;
  invoice_no: number;
  from_cashbox: number;
  from_cashbox_name: string;
  to_cashbox: number;
  to_cashbox_name: string;
  from_currency_code: string;
  to_currency_code: string;
  amount: string;
  exchange_rate: string;
  amount_in: string;
  input_date: string;
  note: string;
  created_by_name: string | null;
}

export const CONVERSION_PATH = "/accounting/cashbox/money-conversion";
export const CONVERSION_ENDPOINT = "accounting/money-conversion/";
