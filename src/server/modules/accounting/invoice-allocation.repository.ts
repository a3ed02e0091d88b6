import { sql, type SQL } from "drizzle-orm";
import { queryRows, type Executor, type Tx } from "../../db/client";
import { invoiceStandingSql } from "../documents/invoice-standing";
import type { MoneyDocKind } from "./money-document.repository";

/**
 * The invoices a receipt or payment settles and their allocation rows (DESIGN "Money documents"): a
 * receipt settles the customer's sales and customer debit invoices, a payment the supplier's purchases
 * and supplier debit invoices. Every function takes the kind of invoice and the transaction it runs in;
 * the identifiers come from the fixed table below, never from input.
 */
export type InvoiceKind = "sale" | "purchase" | "customer_debit_invoice" | "supplier_debit_invoice";

interface InvoiceTables {
  invoice: string;
  party: string;
  /** Its net total, over alias i. */
  net: SQL;
  /** What its returns took back, over alias i (a debit invoice has none). */
  returned: SQL;
  /** What it is owed after its returns, over alias i (the SQL twin of core invoiceStanding's owed). */
  owed: SQL;
  /** Extra condition of a live invoice (sales are tombstoned). */
  live: SQL;
  alloc: string;
  docFk: string;
  invoiceFk: string;
  /** The request's list of allocations and the invoice field of one ("sales", "sale"). */
  field: string;
  key: string;
  /** Oldest first on one day: a debit invoice (an opening balance, a fee) before the day's trade (core compareInvoiceAge). */
  rank: 0 | 1;
}

const goods = invoiceStandingSql("i");
const noReturns = sql`0`;

export const INVOICE_TABLES: Record<InvoiceKind, InvoiceTables> = {
  sale: {
    invoice: "sale",
    party: "customer_id",
    net: goods.net,
    returned: sql`i.returned_amount`,
    owed: goods.owed,
    live: sql`i.deleted_at is null`,
    alloc: "receipt_allocation",
    docFk: "receipt_id",
    invoiceFk: "sale_id",
    field: "sales",
    key: "sale",
    rank: 1,
  },
  purchase: {
    invoice: "purchase",
    party: "supplier_id",
    net: goods.net,
    returned: sql`i.returned_amount`,
    owed: goods.owed,
    live: sql`true`,
    alloc: "payment_allocation",
    docFk: "payment_id",
    invoiceFk: "purchase_id",
    field: "purchases",
    key: "purchase",
    rank: 1,
  },
  customer_debit_invoice: {
    invoice: "customer_debit_invoice",
    party: "customer_id",
    net: sql`i.amount`,
    returned: noReturns,
    owed: sql`i.amount`,
    live: sql`true`,
    alloc: "receipt_debit_allocation",
    docFk: "receipt_id",
    invoiceFk: "customer_debit_invoice_id",
    field: "debit_invoices",
    key: "debit_invoice",
    rank: 0,
  },
  supplier_debit_invoice: {
    invoice: "supplier_debit_invoice",
    party: "supplier_id",
    net: sql`i.amount`,
    returned: noReturns,
    owed: sql`i.amount`,
    live: sql`true`,
    alloc: "payment_debit_allocation",
    docFk: "payment_id",
    invoiceFk: "supplier_debit_invoice_id",
    field: "debit_invoices",
    key: "debit_invoice",
    rank: 0,
  },
};

/** What each document kind settles, in lock order (after the cashboxes): its goods invoices by id, then its debit invoices by id. */
export const SETTLES: Record<MoneyDocKind, readonly [InvoiceKind, InvoiceKind]> = {
  receipt: ["sale", "customer_debit_invoice"],
  payment: ["purchase", "supplier_debit_invoice"],
};

const id = (name: string) => sql.identifier(name);
const idList = (ids: readonly number[]) =>
  sql.join(
    ids.map((v) => sql`${v}`),
    sql`, `,
  );

/** An invoice as allocation needs it: its net total, what its returns took back and what it took (paid). */
export interface InvoiceRow {
  kind: InvoiceKind;
  id: number;
  branch_id: number;
  party_id: number;
  currency_id: number;
  input_date: string;
  net: string;
  returned: string;
  paid: string;
}

/** Locks the invoices (in id order); absent or deleted ones are left out. */
export async function lockInvoices(tx: Tx, kind: InvoiceKind, ids: readonly number[]): Promise<Map<number, InvoiceRow>> {
  const k = INVOICE_TABLES[kind];
  if (ids.length === 0) return new Map();
  const rows = await queryRows<InvoiceRow>(
    tx,
    sql`select ${kind}::text as kind, i.id, i.branch_id, i.${id(k.party)} as party_id, i.currency_id, i.input_date,
          ${k.net}::text as net, ${k.returned}::text as returned, i.paid_amount::text as paid
        from ${id(k.invoice)} i
        where i.id in (${idList([...new Set(ids)])}) and ${k.live}
        order by i.id for update`,
  );
  return new Map(rows.map((r) => [r.id, r]));
}

/** The party's open invoices of a kind in a branch and currency, locked. */
export async function lockOpenInvoices(
  tx: Tx,
  kind: InvoiceKind,
  partyId: number,
  branchId: number,
  currencyId: number,
): Promise<InvoiceRow[]> {
  const k = INVOICE_TABLES[kind];
  const open = await queryRows<{ id: number }>(
    tx,
    sql`select i.id from ${id(k.invoice)} i
        where i.${id(k.party)} = ${partyId} and i.branch_id = ${branchId} and i.currency_id = ${currencyId}
          and i.paid_amount < ${k.owed} and ${k.live}`,
  );
  return [
    ...(
      await lockInvoices(
        tx,
        kind,
        open.map((r) => r.id),
      )
    ).values(),
  ];
}

export async function setInvoicePaid(tx: Tx, kind: InvoiceKind, invoiceId: number, paid: string): Promise<void> {
  await tx.execute(sql`update ${id(INVOICE_TABLES[kind].invoice)} set paid_amount = ${paid}, updated_at = now() where id = ${invoiceId}`);
}

export interface AllocationRow {
  invoice_id: number;
  amount: string;
}

/** What a receipt or payment allocated to invoices of this kind. */
export async function documentAllocations(ex: Executor, kind: InvoiceKind, docId: number): Promise<AllocationRow[]> {
  const k = INVOICE_TABLES[kind];
  return queryRows<AllocationRow>(
    ex,
    sql`select ${id(k.invoiceFk)} as invoice_id, amount::text as amount from ${id(k.alloc)} where ${id(k.docFk)} = ${docId} order by id`,
  );
}

/** What all receipts or payments allocated to each invoice. */
export async function allocatedTo(ex: Executor, kind: InvoiceKind, invoiceIds: readonly number[]): Promise<Map<number, string>> {
  const k = INVOICE_TABLES[kind];
  if (invoiceIds.length === 0) return new Map();
  const rows = await queryRows<{ invoice_id: number; total: string }>(
    ex,
    sql`select ${id(k.invoiceFk)} as invoice_id, sum(amount)::text as total from ${id(k.alloc)}
        where ${id(k.invoiceFk)} in (${idList(invoiceIds)}) group by 1`,
  );
  return new Map(rows.map((r) => [r.invoice_id, r.total]));
}

export async function replaceAllocations(
  tx: Tx,
  kind: InvoiceKind,
  docId: number,
  rows: readonly { invoiceId: number; amount: string }[],
): Promise<void> {
  const k = INVOICE_TABLES[kind];
  await tx.execute(sql`delete from ${id(k.alloc)} where ${id(k.docFk)} = ${docId}`);
  for (const r of rows) {
    await tx.execute(
      sql`insert into ${id(k.alloc)} (${id(k.docFk)}, ${id(k.invoiceFk)}, amount) values (${docId}, ${r.invoiceId}, ${r.amount})`,
    );
  }
}

/** Whether any receipt or payment settles the invoice (then it cannot change: SPEC section 4). */
export async function hasAllocations(ex: Executor, kind: InvoiceKind, invoiceId: number): Promise<boolean> {
  const k = INVOICE_TABLES[kind];
  const rows = await queryRows(ex, sql`select 1 from ${id(k.alloc)} where ${id(k.invoiceFk)} = ${invoiceId} limit 1`);
  return rows.length > 0;
}

/**
 * A receipt's or payment's allocations as a JSON column of its read, goods invoices then debit invoices,
 * each as {sale | purchase | debit_invoice: id, invoice_no, input_date, net_price, returned_amount, paid_amount, amount}.
 */
export function allocationsJson(kind: MoneyDocKind, docId: SQL): SQL {
  const parts = SETTLES[kind].map((invoiceKind, order) => {
    const k = INVOICE_TABLES[invoiceKind];
    return sql`select ${order} as ord, a.id, json_build_object(${k.key}::text, a.${id(k.invoiceFk)}, 'invoice_no', i.invoice_no,
        'input_date', i.input_date, 'net_price', ${k.net}::text,
        'returned_amount', ${k.returned}::text, 'paid_amount', i.paid_amount::text, 'amount', a.amount::text) as j
      from ${id(k.alloc)} a join ${id(k.invoice)} i on i.id = a.${id(k.invoiceFk)} where a.${id(k.docFk)} = ${docId}`;
  });
  return sql`coalesce((select json_agg(x.j order by x.ord, x.id) from (${sql.join(parts, sql` union all `)}) x), '[]'::json)`;
}

/**
 * The receipts or payments that settled part of a debit invoice, as a JSON column of its read:
 * {id, invoice_no, input_date, amount}, by date then id.
 */
export function settledByJson(kind: "customer_debit_invoice" | "supplier_debit_invoice", invoiceId: SQL): SQL {
  const k = INVOICE_TABLES[kind];
  const doc = id(kind === "customer_debit_invoice" ? "receipt" : "payment");
  return sql`coalesce((select json_agg(json_build_object('id', m.id, 'invoice_no', m.invoice_no, 'input_date', m.input_date,
      'amount', a.amount::text) order by m.input_date, m.id)
    from ${id(k.alloc)} a join ${doc} m on m.id = a.${id(k.docFk)} where a.${id(k.invoiceFk)} = ${invoiceId}), '[]'::json)`;
}
