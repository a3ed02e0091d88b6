import { useLingui } from "@lingui/react/macro";
import { MESSAGES } from "../../../../core/messages";
import { isPositive, tryMoney } from "../../../../core/money";
import type { AnyObjectSchema } from "yup";
import { customerDebitInvoiceSchema, supplierDebitInvoiceSchema } from "../../../../core/validation/accounting-document-schemas";

/** A supplier or customer debit invoice as the API answers it (the party under its own name). */
export interface DebitInvoiceRecord {
  id: number;
  branch: number;
  branch_name: string;
  invoice_no: number;
  supplier?: number;
  customer?: number;
  party_name: string;
  currency: number;
  currency_code: string;
  amount: string;
  /** What receipts (customer) or payments (supplier) settled of it, what is left, and its status. */
  paid_amount: string;
  remaining: string;
  payment_status: string;
  input_date: string;
  note: string;
  /** The receipts or payments that settled part of it (a record's read only). */
  settled_by?: { id: number; invoice_no: number; input_date: string; amount: string }[];
}

export type DebitParty = "supplier" | "customer";

export const DEBIT_MODEL = "sale_debit_invoice";

/** Route, endpoint, commands' resource, schema and words of each kind. */
export function useDebitKind(party: DebitParty) {
  const { t } = useLingui();
  const path = `/accounting/${party}-debit-invoice`;
  const endpoint = `accounting/${party}-debit-invoice/`;
  const resource = `${party}-debit-invoice` as const;
  return party === "supplier"
    ? {
        party,
        path,
        endpoint,
        resource,
        schema: supplierDebitInvoiceSchema as AnyObjectSchema,
        plural: t`Supplier Debit Invoices`,
        singular: t`Supplier Debit Invoice`,
        add: t`Add Supplier Debit Invoice`,
        edit: t`Edit Supplier Debit Invoice`,
        partyLabel: t`Supplier`,
        settledByPath: "/accounting/payment",
        settledByTitle: t`Payments that settled it`,
        settledByName: t`Payment`,
      }
    : {
        party,
        path,
        endpoint,
        resource,
        schema: customerDebitInvoiceSchema as AnyObjectSchema,
        plural: t`Customer Debit Invoices`,
        singular: t`Customer Debit Invoice`,
        add: t`Add Customer Debit Invoice`,
        edit: t`Edit Customer Debit Invoice`,
        partyLabel: t`Customer`,
        settledByPath: "/accounting/receipt",
        settledByTitle: t`Receipts that settled it`,
        settledByName: t`Receipt`,
      };
}

/**
 * Why a debit invoice cannot be edited or deleted, as the server says it (SPEC section 4, as a sale
 * with receipts): paid, or settled in part by a receipt or payment; null when it can.
 */
export function debitInvoiceRefusal(record: Pick<DebitInvoiceRecord, "payment_status" | "paid_amount">): string | null {
  if (record.payment_status === "paid") return MESSAGES.paidCannotChange;
  if (isPositive(tryMoney(record.paid_amount) ?? 0)) return MESSAGES.linkedCannotChange;
  return null;
}
