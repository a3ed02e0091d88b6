import { index, pgTable, serial } from "drizzle-orm/pg-core";
import { lineOf, money, refersTo } from "./columns";
import { payment, receipt } from "./accounting";
import { customerDebitInvoice, supplierDebitInvoice } from "./accounting-documents";

/**
 * What a receipt or payment settles of the party's debit invoices, beside the sales and purchases it
 * settles (receipt_allocation, payment_allocation): one row per (document, debit invoice, amount),
 * written in the document's transaction. A sub-ledger link, not a posting: the ledger already has the
 * receipt's or payment's whole amount on the party's account.
 */
export const receiptDebitAllocation = pgTable(
  "receipt_debit_allocation",
  {
    id: serial("id").primaryKey(),
    receiptId: lineOf("receipt_id", () => receipt.id),
    customerDebitInvoiceId: refersTo("customer_debit_invoice_id", () => customerDebitInvoice.id),
    amount: money("amount").notNull(),
  },
  (t) => [
    index("receipt_debit_allocation_receipt_idx").on(t.receiptId),
    index("receipt_debit_allocation_invoice_idx").on(t.customerDebitInvoiceId),
  ],
);

export const paymentDebitAllocation = pgTable(
  "payment_debit_allocation",
  {
    id: serial("id").primaryKey(),
    paymentId: lineOf("payment_id", () => payment.id),
    supplierDebitInvoiceId: refersTo("supplier_debit_invoice_id", () => supplierDebitInvoice.id),
    amount: money("amount").notNull(),
  },
  (t) => [
    index("payment_debit_allocation_payment_idx").on(t.paymentId),
    index("payment_debit_allocation_invoice_idx").on(t.supplierDebitInvoiceId),
  ],
);
