import { sql } from "drizzle-orm";
import { queryRows, type Executor, type Tx } from "../../db/client";
import { hasAllocations, SETTLES } from "./invoice-allocation.repository";

/**
 * Queries of the two party money documents: receipts (customer) and payments (supplier); what they
 * settle is in invoice-allocation.repository.ts. Every function takes the transaction it runs in; the
 * identifiers come from the fixed table below, never from input.
 */
export type MoneyDocKind = "receipt" | "payment";

interface KindTables {
  doc: string;
  party: string;
}

export const KIND_TABLES: Record<MoneyDocKind, KindTables> = {
  receipt: { doc: "receipt", party: "customer_id" },
  payment: { doc: "payment", party: "supplier_id" },
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

/** Whether any receipt or payment settles the sale or purchase (then it cannot change: SPEC section 4). */
export const invoiceHasAllocations = (ex: Executor, kind: MoneyDocKind, invoiceId: number): Promise<boolean> =>
  hasAllocations(ex, SETTLES[kind][0], invoiceId);

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
