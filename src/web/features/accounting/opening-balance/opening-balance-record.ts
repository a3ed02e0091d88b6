/** An opening balance as the API answers it (GET accounting/opening-balance/<id>/), and its list row. */
export interface OpeningMoneyLineRecord {
  currency: number;
  currency_code: string;
  exchange_rate: string;
  amount: string;
}

export interface OpeningStockLineRecord {
  inventory: number;
  inventory_name: string;
  item: number;
  item_name: string;
  item_code: string | null;
  stock: number;
  batch_number: string;
  expire_date: string | null;
  quantity: string;
  cost: string;
  total_cost: string;
}

export interface OpeningBalanceRow {
  id: number;
  branch: number;
  branch_name: string;
  invoice_no: number;
  input_date: string;
  note: string | null;
  stock_value: string;
  cashbox_count: number;
  customer_count: number;
  supplier_count: number;
  stock_count: number;
  updated_at: string;
}

export interface OpeningBalanceRecord extends OpeningBalanceRow {
  cashboxes: (OpeningMoneyLineRecord & { cashbox: number; cashbox_name: string })[];
  customers: (OpeningMoneyLineRecord & { customer: number; customer_name: string })[];
  suppliers: (OpeningMoneyLineRecord & { supplier: number; supplier_name: string })[];
  stock: OpeningStockLineRecord[];
}

export const OPENING_BALANCE_PATH = "/accounting/opening-balance";
export const OPENING_BALANCE_ENDPOINT = "accounting/opening-balance/";
