/** A capital entry as the API answers it. */
export interface CapitalRecord {
  id: number;
  branch: number;
  branch_name: string;
  invoice_no: number;
  direction: "in" | "out";
  partner: number | null;
  partner_name: string | null;
  cashbox: number;
  cashbox_name: string;
  currency_code: string;
  amount: string;
  input_date: string;
  note: string;
}

export const CAPITAL_PATH = "/accounting/capital";
export const CAPITAL_ENDPOINT = "accounting/capital/";
