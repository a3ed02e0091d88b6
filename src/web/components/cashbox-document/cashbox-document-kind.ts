import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";

/** Expenses (money out of a cashbox) and incomes (money in), each of a type. One list, form and view serve both. */
export type CashboxDocumentKind = "expense" | "income";

export interface CashboxDocumentMeta {
  endpoint: string;
  path: string;
  typeEndpoint: string;
  plural: MessageDescriptor;
  singular: MessageDescriptor;
  typeLabel: MessageDescriptor;
}

export const CASHBOX_DOCUMENTS: Record<CashboxDocumentKind, CashboxDocumentMeta> = {
  expense: {
    endpoint: "accounting/expense/",
    path: "/accounting/expense",
    typeEndpoint: "accounting/expense-type/",
    plural: msg`Expenses`,
    singular: msg`Expense`,
    typeLabel: msg`Expense Type`,
  },
  income: {
    endpoint: "accounting/income/",
    path: "/accounting/income",
    typeEndpoint: "accounting/income-type/",
    plural: msg`Incomes`,
    singular: msg`Income`,
    typeLabel: msg`Income Type`,
  },
};

/** An expense or income as the API answers it. */
export interface CashboxDocumentRecord {
  id: number;
  branch: number;
  branch_name: string;
  invoice_no: number;
  expense_type?: number;
  expense_type_name?: string;
  income_type?: number;
  income_type_name?: string;
  cashbox: number;
  cashbox_name: string;
  currency_code: string;
  amount: string;
  input_date: string;
  note: string;
}

export const typeName = (r: CashboxDocumentRecord) => r.expense_type_name ?? r.income_type_name ?? "";
