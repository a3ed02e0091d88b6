import { sql } from "drizzle-orm";
import { queryRows, type Executor, type Tx } from "../../db/client";

/** Queries of the one-cashbox documents: expenses (money out) and incomes (money in), each by a type. */
export type CashboxDocKind = "expense" | "income";

const table = (kind: CashboxDocKind) => sql.identifier(kind);
const typeColumn = (kind: CashboxDocKind) => sql.identifier(`${kind}_type_id`);

export interface CashboxDocRow {
  id: number;
  branch_id: number;
  type_id: number;
  cashbox_id: number;
  currency_id: number;
  exchange_rate: string;
  amount: string;
  input_date: string;
  note: string;
  updated_at: Date | string;
}

export async function lockCashboxDocument(tx: Tx, kind: CashboxDocKind, id: number): Promise<CashboxDocRow | null> {
  const [row] = await queryRows<CashboxDocRow>(
    tx,
    sql`select id, branch_id, ${typeColumn(kind)} as type_id, cashbox_id, currency_id, exchange_rate::text as exchange_rate,
          amount::text as amount, input_date, note, updated_at
        from ${table(kind)} where id = ${id} for update`,
  );
  return row ?? null;
}

export async function typeExists(ex: Executor, kind: CashboxDocKind, typeId: number): Promise<boolean> {
  const rows = await queryRows(ex, sql`select 1 from ${sql.identifier(`${kind}_type`)} where id = ${typeId} and deleted_at is null`);
  return rows.length > 0;
}

export interface CashboxDocValues {
  branchId: number;
  typeId: number;
  cashboxId: number;
  currencyId: number;
  exchangeRate: string;
  amount: string;
  inputDate: string;
  note: string;
}

export async function insertCashboxDocument(
  tx: Tx,
  kind: CashboxDocKind,
  v: CashboxDocValues,
  formToken: string | null,
  userId: number,
): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`insert into ${table(kind)} (branch_id, invoice_no, ${typeColumn(kind)}, cashbox_id, currency_id, exchange_rate, amount, input_date, note, form_token, created_by)
        values (${v.branchId}, 0, ${v.typeId}, ${v.cashboxId}, ${v.currencyId}, ${v.exchangeRate}, ${v.amount}, ${v.inputDate}, ${v.note}, ${formToken}, ${userId})
        returning id`,
  );
  return row.id;
}

export async function updateCashboxDocument(tx: Tx, kind: CashboxDocKind, id: number, v: CashboxDocValues): Promise<void> {
  await tx.execute(
    sql`update ${table(kind)} set ${typeColumn(kind)} = ${v.typeId}, cashbox_id = ${v.cashboxId}, currency_id = ${v.currencyId},
          exchange_rate = ${v.exchangeRate}, amount = ${v.amount}, input_date = ${v.inputDate}, note = ${v.note}, updated_at = now()
        where id = ${id}`,
  );
}

export async function deleteCashboxDocument(tx: Tx, kind: CashboxDocKind, id: number): Promise<void> {
  await tx.execute(sql`delete from ${table(kind)} where id = ${id}`);
}
