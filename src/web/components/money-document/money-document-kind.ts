import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import { isPositive, tryMoney } from "../../../core/money";

/**
 * The two party money documents of the Accounting area: receipts from customers (settling sales and
 * customer debit invoices) and payments to suppliers (settling purchases and supplier debit invoices).
 * One list, form and view serve both.
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
  debitInvoicePath: string;
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
    debitInvoicePath: "/accounting/customer-debit-invoice",
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
    debitInvoicePath: "/accounting/supplier-debit-invoice",
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
  allocations?: MoneyDocumentAllocation[];
}

/** One invoice a receipt or payment settled: a sale, a purchase or a debit invoice. */
export interface MoneyDocumentAllocation {
  sale?: number;
  purchase?: number;
  debit_invoice?: number;
  invoice_no: number;
  input_date: string;
  net_price: string;
  paid_amount: string;
  amount: string;
}

/** What a receipt or payment settles: its party's sales or purchases ("goods"), or its debit invoices. */
export type InvoiceSource = "goods" | "debit";

/** "goods:12" or "debit:3" -> the amount typed for that invoice on the form (invoice-picker.tsx). */
export type PickedAmounts = Record<string, string>;

/** An invoice's key among the picked amounts of the form: "goods:12", "debit:3". */
export const pickedKey = (source: InvoiceSource, id: number) => `${source}:${id}`;

/** Where an allocation's invoice opens, and its key among the picked amounts. */
export function allocationTarget(meta: MoneyDocumentMeta, a: MoneyDocumentAllocation): { path: string; key: string } {
  if (a.debit_invoice !== undefined)
    return { path: `${meta.debitInvoicePath}/${a.debit_invoice}/view`, key: pickedKey("debit", a.debit_invoice) };
  const id = a.sale ?? a.purchase ?? 0;
  return { path: `${meta.invoicePath}/${id}/view`, key: pickedKey("goods", id) };
}

export const partyName = (r: MoneyDocumentRecord) => r.customer_name ?? r.supplier_name ?? "";

/**
 * The request body's `sales` / `purchases` and `debit_invoices` when the user picked invoices (amounts
 * above zero), else nothing: the server then settles the oldest open ones first.
 */
export function pickedAllocations(kind: MoneyDocumentKind, pick: boolean, picked: PickedAmounts): Record<string, unknown> {
  if (!pick) return {};
  const invoice = MONEY_DOCUMENTS[kind].invoice;
  const rows = Object.entries(picked)
    .filter(([, amount]) => isPositive(tryMoney(amount) ?? 0))
    .map(([key, amount]) => ({ source: key.split(":")[0], id: Number(key.split(":")[1]), amount }));
  return {
    [`${invoice}s`]: rows.filter((r) => r.source === "goods").map((r) => ({ [invoice]: r.id, amount: r.amount })),
    debit_invoices: rows.filter((r) => r.source === "debit").map((r) => ({ debit_invoice: r.id, amount: r.amount })),
  };
}
