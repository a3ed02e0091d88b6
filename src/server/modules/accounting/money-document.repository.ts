import { sql, type SQL } from "drizzle-orm";
import { queryRows, type Executor, type Tx } from "../../db/client";

/**
 * Queries of the two party money documents: receipts (customer, settling sales) and payments
 * (supplier, settling purchases). Every function takes the transaction it runs in; the identifiers
 * come from the fixed table below, never from input.
 */
export type MoneyDocKind = "receipt" | "payment";

interface KindTables {
  doc: string;
  alloc: string;
  docFk: string;
  invoice: string;
  invoiceFk: string;
  party: string;
  /** Extra condition of a live invoice (sales are tombstoned). */
  invoiceLive: SQL;
}

export const KIND_TABLES: Record<MoneyDocKind, KindTables> = {
  receipt: {
    doc: "receipt",
    alloc: "receipt_allocation",
    docFk: "receipt_id",
    invoice: "sale",
    invoiceFk: "sale_id",
    party: "customer_id",
    invoiceLive: sql`i.deleted_at is null`,
  },
  payment: {
    doc: "payment",
    alloc: "payment_allocation",
    docFk: "payment_id",
    invoice: "purchase",
    invoiceFk: "purchase_id",
    party: "supplier_id",
    invoiceLive: sql`true`,
  },
};

const id = (name: string) => sql.identifier(name);

export interface MoneyDocRow {
  id: number;
  branch_id: number;
  party_id: number;
  cashbox_id: number;
  currency_id: number;
  exchange_rate: string;
  amount: string;
  input_date: string;
  note: string;
  updated_at: Date | string;
}

export async function lockDocument(tx: Tx, kind: MoneyDocKind, docId: number): Promise<MoneyDocRow | null> {
  const k = KIND_TABLES[kind];
  const [row] = await queryRows<MoneyDocRow>(
    tx,
    sql`select id, branch_id, ${id(k.party)} as party_id, cashbox_id, currency_id, exchange_rate::text as exchange_rate,
          amount::text as amount, input_date, note, updated_at
        from ${id(k.doc)} where id = ${docId} for update`,
  );
  return row ?? null;
}

/** Whether the party may be used in the branch: a customer of it, or a supplier serving it. */
export async function partyInBranch(ex: Executor, kind: MoneyDocKind, partyId: number, branchId: number): Promise<boolean> {
  const rows =
    kind === "receipt"
      ? await queryRows(ex, sql`select 1 from customer where id = ${partyId} and branch_id = ${branchId} and deleted_at is null`)
      : await queryRows(
          ex,
          sql`select 1 from supplier s join supplier_branch sb on sb.supplier_id = s.id
              where s.id = ${partyId} and sb.branch_id = ${branchId} and s.deleted_at is null`,
        );
  return rows.length > 0;
}

/** Whether the currency is the base one, and its latest rate otherwise. */
export async function currencyRate(ex: Executor, currencyId: number): Promise<{ isBase: boolean; latest: string | null }> {
  const [row] = await queryRows<{ is_base: boolean; latest: string | null }>(
    ex,
    sql`select c.is_base, (select rate::text from exchange_rate where currency_id = c.id and deleted_at is null
          order by input_date desc, id desc limit 1) as latest
        from currency c where c.id = ${currencyId}`,
  );
  return { isBase: row?.is_base ?? false, latest: row?.latest ?? null };
}

/** An invoice as allocation needs it: what it is owed (net) and what it took (paid). */
export interface InvoiceRow {
  id: number;
  branch_id: number;
  party_id: number;
  currency_id: number;
  net: string;
  paid: string;
}

const invoiceColumns = (k: KindTables) =>
  sql`i.id, i.branch_id, i.${id(k.party)} as party_id, i.currency_id, (i.total_price - i.discount)::text as net, i.paid_amount::text as paid`;

/** Locks the invoices (in id order, the lock order after the cashboxes); absent or deleted ones are left out. */
export async function lockInvoices(tx: Tx, kind: MoneyDocKind, ids: readonly number[]): Promise<Map<number, InvoiceRow>> {
  const k = KIND_TABLES[kind];
  if (ids.length === 0) return new Map();
  const rows = await queryRows<InvoiceRow>(
    tx,
    sql`select ${invoiceColumns(k)} from ${id(k.invoice)} i
        where i.id in (${sql.join(
          [...new Set(ids)].map((v) => sql`${v}`),
          sql`, `,
        )}) and ${k.invoiceLive}
        order by i.id for update`,
  );
  return new Map(rows.map((r) => [r.id, r]));
}

/** The party's open invoices of a branch and currency, oldest first (date, then id), locked. */
export async function lockOpenInvoices(
  tx: Tx,
  kind: MoneyDocKind,
  partyId: number,
  branchId: number,
  currencyId: number,
): Promise<InvoiceRow[]> {
  const k = KIND_TABLES[kind];
  const open = await queryRows<{ id: number }>(
    tx,
    sql`select i.id from ${id(k.invoice)} i
        where i.${id(k.party)} = ${partyId} and i.branch_id = ${branchId} and i.currency_id = ${currencyId}
          and i.paid_amount < i.total_price - i.discount and ${k.invoiceLive}
        order by i.input_date, i.id`,
  );
  const locked = await lockInvoices(
    tx,
    kind,
    open.map((r) => r.id),
  );
  return open.map((r) => locked.get(r.id)).filter((r): r is InvoiceRow => !!r);
}

export async function setInvoicePaid(tx: Tx, kind: MoneyDocKind, invoiceId: number, paid: string): Promise<void> {
  const k = KIND_TABLES[kind];
  await tx.execute(sql`update ${id(k.invoice)} set paid_amount = ${paid}, updated_at = now() where id = ${invoiceId}`);
}

export interface AllocationRow {
  invoice_id: number;
  amount: string;
}

export async function documentAllocations(ex: Executor, kind: MoneyDocKind, docId: number): Promise<AllocationRow[]> {
  const k = KIND_TABLES[kind];
  return queryRows<AllocationRow>(
    ex,
    sql`select ${id(k.invoiceFk)} as invoice_id, amount::text as amount from ${id(k.alloc)} where ${id(k.docFk)} = ${docId} order by id`,
  );
}

/** What all documents of this kind allocated to each invoice. */
export async function allocatedTo(ex: Executor, kind: MoneyDocKind, invoiceIds: readonly number[]): Promise<Map<number, string>> {
  const k = KIND_TABLES[kind];
  if (invoiceIds.length === 0) return new Map();
  const rows = await queryRows<{ invoice_id: number; total: string }>(
    ex,
    sql`select ${id(k.invoiceFk)} as invoice_id, sum(amount)::text as total from ${id(k.alloc)}
        where ${id(k.invoiceFk)} in (${sql.join(
          invoiceIds.map((v) => sql`${v}`),
          sql`, `,
        )}) group by 1`,
  );
  return new Map(rows.map((r) => [r.invoice_id, r.total]));
}

export async function replaceAllocations(
  tx: Tx,
  kind: MoneyDocKind,
  docId: number,
  rows: readonly { invoiceId: number; amount: string }[],
): Promise<void> {
  const k = KIND_TABLES[kind];
  await tx.execute(sql`delete from ${id(k.alloc)} where ${id(k.docFk)} = ${docId}`);
  for (const r of rows) {
    await tx.execute(
      sql`insert into ${id(k.alloc)} (${id(k.docFk)}, ${id(k.invoiceFk)}, amount) values (${docId}, ${r.invoiceId}, ${r.amount})`,
    );
  }
}

/** Whether any receipt or payment settles the invoice (then it cannot change: SPEC section 4). */
export async function invoiceHasAllocations(ex: Executor, kind: MoneyDocKind, invoiceId: number): Promise<boolean> {
  const k = KIND_TABLES[kind];
  const rows = await queryRows(ex, sql`select 1 from ${id(k.alloc)} where ${id(k.invoiceFk)} = ${invoiceId} limit 1`);
  return rows.length > 0;
}

export interface DocumentValues {
  branchId: number;
  partyId: number;
  cashboxId: number;
  currencyId: number;
  exchangeRate: string;
  amount: string;
  inputDate: string;
  note: string;
}

export async function insertDocument(
  tx: Tx,
  kind: MoneyDocKind,
  v: DocumentValues,
  formToken: string | null,
  userId: number,
): Promise<number> {
  const k = KIND_TABLES[kind];
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`insert into ${id(k.doc)} (branch_id, invoice_no, ${id(k.party)}, cashbox_id, currency_id, exchange_rate, amount, input_date, note, form_token, created_by)
        values (${v.branchId}, 0, ${v.partyId}, ${v.cashboxId}, ${v.currencyId}, ${v.exchangeRate}, ${v.amount}, ${v.inputDate}, ${v.note}, ${formToken}, ${userId})
        returning id`,
  );
  return row.id;
}

export async function updateDocument(tx: Tx, kind: MoneyDocKind, docId: number, v: DocumentValues): Promise<void> {
  const k = KIND_TABLES[kind];
  await tx.execute(
    sql`update ${id(k.doc)} set ${id(k.party)} = ${v.partyId}, cashbox_id = ${v.cashboxId}, currency_id = ${v.currencyId},
          exchange_rate = ${v.exchangeRate}, amount = ${v.amount}, input_date = ${v.inputDate}, note = ${v.note}, updated_at = now()
        where id = ${docId}`,
  );
}

export async function deleteDocument(tx: Tx, kind: MoneyDocKind, docId: number): Promise<void> {
  await tx.execute(sql`delete from ${id(KIND_TABLES[kind].doc)} where id = ${docId}`);
}

/** The receipts that settled part of a sale, by date then id, with what each gave it (an installment sale's schedule). */
export async function saleReceipts(
  ex: Executor,
  saleId: number,
): Promise<{ receipt: number; receipt_no: number; input_date: string; amount: string }[]> {
  return queryRows(
    ex,
    sql`select r.id as receipt, r.invoice_no as receipt_no, r.input_date, sum(a.amount)::text as amount
        from receipt_allocation a join receipt r on r.id = a.receipt_id
        where a.sale_id = ${saleId} group by r.id order by r.input_date, r.id`,
  );
}
