import { useLingui } from "@lingui/react/macro";
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
  input_date: string;
  note: string;
}

export type DebitParty = "supplier" | "customer";

export const DEBIT_MODEL = "sale_debit_invoice";

/** Route, endpoint, schema and words of each kind. */
export function useDebitKind(party: DebitParty) {
  const { t } = useLingui();
  const path = `/accounting/${party}-debit-invoice`;
  const endpoint = `accounting/${party}-debit-invoice/`;
  return party === "supplier"
    ? {
        party,
        path,
        endpoint,
        schema: supplierDebitInvoiceSchema as AnyObjectSchema,
        plural: t`Supplier Debit Invoices`,
        singular: t`Supplier Debit Invoice`,
        add: t`Add Supplier Debit Invoice`,
        edit: t`Edit Supplier Debit Invoice`,
        partyLabel: t`Supplier`,
      }
    : {
        party,
        path,
        endpoint,
        schema: customerDebitInvoiceSchema as AnyObjectSchema,
        plural: t`Customer Debit Invoices`,
        singular: t`Customer Debit Invoice`,
        add: t`Add Customer Debit Invoice`,
        edit: t`Edit Customer Debit Invoice`,
        partyLabel: t`Customer`,
      };
}
