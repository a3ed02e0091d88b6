import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import { add, isPositive, toDecimalString, tryMoney } from "../../../core/money";

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
  /** The party's open credit notes (from its returns), and the permission that reads them. */
  creditNoteEndpoint: string;
  creditNotePermission: string;
  /** Where a credit note (its return) opens. */
  creditNotePath: string;
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
    creditNoteEndpoint: "sale/credit-note/",
    creditNotePermission: "view_salereturn",
    creditNotePath: "/sale/sale-return",
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
    creditNoteEndpoint: "purchase/credit-note/",
    creditNotePermission: "view_purchasereturn",
    creditNotePath: "/purchase/purchase-return",
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
  credit_notes?: MoneyDocumentCreditNote[];
}

/** A credit note a receipt or payment used: the note (its return), what it used, and the note's number, date and amount. */
export interface MoneyDocumentCreditNote {
  credit_note: number;
  amount: string;
  invoice_no: number;
  input_date: string;
  note_amount: string;
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

/** Credit note id -> the amount typed for it on the form (credit-note-picker.tsx). */
export type CreditNoteAmounts = Record<string, string>;

/** An open credit note as the form lists it: its number, date, amount and what is open of it. */
export interface UsableCreditNote {
  id: number;
  number: number;
  date: string;
  amount: string;
  open: string;
}

/**
 * The notes the form offers: the party's open ones and, on an edit, the ones the document used, with what
 * it used back in their open amount (the server gives it back before it uses them again), oldest first.
 */
export function usableCreditNotes(open: readonly UsableCreditNote[], usedBefore: readonly MoneyDocumentCreditNote[]): UsableCreditNote[] {
  const byId = new Map(open.map((n) => [n.id, { ...n }]));
  for (const used of usedBefore) {
    const listed = byId.get(used.credit_note);
    if (listed) listed.open = toDecimalString(add(listed.open, used.amount));
    else
      byId.set(used.credit_note, {
        id: used.credit_note,
        number: used.invoice_no,
        date: used.input_date,
        amount: used.note_amount,
        open: toDecimalString(used.amount),
      });
  }
  return [...byId.values()].sort((a, b) => (a.date === b.date ? a.id - b.id : a.date < b.date ? -1 : 1));
}

/** The request body's `credit_notes`: the notes with an amount above zero (an edit always sends them: none gives them back). */
export const creditNotesBody = (amounts: CreditNoteAmounts) =>
  Object.entries(amounts)
    .filter(([, amount]) => isPositive(tryMoney(amount) ?? 0))
    .map(([id, amount]) => ({ credit_note: Number(id), amount }));

/** The form's amounts of a loaded document's credit notes. */
export const creditNoteAmountsOf = (used: readonly MoneyDocumentCreditNote[] | undefined): CreditNoteAmounts =>
  Object.fromEntries((used ?? []).map((u) => [String(u.credit_note), u.amount]));
