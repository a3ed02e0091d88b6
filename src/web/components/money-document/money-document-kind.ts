import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";

/**
 * The two party money documents of the Accounting area: receipts from customers (settling sales)
 * and payments to suppliers (settling purchases). One list, form and view serve both.
 */
export type MoneyDocumentKind = "receipt" | "payment";

export interface MoneyDocumentMeta {
  endpoint: string;
  path: string;
  model: string;
  plural: MessageDescriptor;
  singular: MessageDescriptor;
  party: "customer" | "supplier";
  invoice: "sale" | "purchase";
  invoicePath: string;
}

export const MONEY_DOCUMENTS: Record<MoneyDocumentKind, MoneyDocumentMeta> = {
  receipt: {
    endpoint: "accounting/receipt/",
    path: "/accounting/receipt",
    model: "receipt",
    plural: msg`Receipts`,
    singular: msg`Receipt`,
    party: "customer",
    invoice: "sale",
    invoicePath: "/sale/sale",
  },
  payment: {
    endpoint: "accounting/payment/",
    path: "/accounting/payment",
    model: "payment",
    plural: msg`Payments`,
    singular: msg`Payment`,
    party: "supplier",
    invoice: "purchase",
    invoicePath: "/purchase/purchase",
  },
};

/** A receipt or payment as the API answers it. */
export interface MoneyDocumentRecord {
  id: number;
  branch: number;
  branch_name: string;
  invoice_no: number;
  customer?: number;
  customer_name?: string;
  supplier?: number;
  supplier_name?: string;
  cashbox: number;
  cashbox_name: string;
  currency_code: string;
  amount: string;
  input_date: string;
  note: string;
  updated_at: string;
  allocations?: {
    sale?: number;
    purchase?: number;
    invoice_no: number;
    input_date: string;
    net_price: string;
    paid_amount: string;
    amount: string;
  }[];
}

export const partyName = (r: MoneyDocumentRecord) => r.customer_name ?? r.supplier_name ?? "";
