/** A cashbox transfer as the API answers it. */
export interface TransferRecord {
  id: number;
  branch: number;
  branch_name: string;
  invoice_no: number;
  from_cashbox: number;
  from_cashbox_name: string;
  to_cashbox: number;
  to_cashbox_name: string;
  currency_code: string;
  amount: string;
  input_date: string;
  note: string;
}

export const TRANSFER_PATH = "/accounting/cashbox/transfer";
export const TRANSFER_ENDPOINT = "accounting/cashbox-transfer/";
