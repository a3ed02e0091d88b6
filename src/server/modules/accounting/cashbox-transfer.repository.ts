import { sql } from "drizzle-orm";
import { queryRows, type Tx } from "../../db/client";

/** Queries of cashbox transfers; each takes the transaction it runs in. */
export interface TransferRow {
  id: number;
  branch_id: number;
  from_cashbox_id: number;
  to_cashbox_id: number;
  currency_id: number;
  exchange_rate: string;
  amount: string;
  input_date: string;
  updated_at: Date | string;
}

export async function lockTransfer(tx: Tx, id: number): Promise<TransferRow | null> {
  const [row] = await queryRows<TransferRow>(
    tx,
    sql`select id, branch_id, from_cashbox_id, to_cashbox_id, currency_id, exchange_rate::text as exchange_rate, amount::text as amount,
          input_date, updated_at from cashbox_transfer where id = ${id} for update`,
  );
  return row ?? null;
}

export interface TransferValues {
  branchId: number;
  fromCashboxId: number;
  toCashboxId: number;
  currencyId: number;
  exchangeRate: string;
  amount: string;
  inputDate: string;
  note: string;
}

export async function insertTransfer(tx: Tx, v: TransferValues, formToken: string | null, userId: number): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`insert into cashbox_transfer (branch_id, invoice_no, from_cashbox_id, to_cashbox_id, currency_id, exchange_rate, amount, input_date, note, form_token, created_by)
        values (${v.branchId}, 0, ${v.fromCashboxId}, ${v.toCashboxId}, ${v.currencyId}, ${v.exchangeRate}, ${v.amount}, ${v.inputDate}, ${v.note}, ${formToken}, ${userId})
        returning id`,
  );
  return row.id;
}

export async function updateTransfer(tx: Tx, id: number, v: TransferValues): Promise<void> {
  await tx.execute(
    sql`update cashbox_transfer set branch_id = ${v.branchId}, from_cashbox_id = ${v.fromCashboxId}, to_cashbox_id = ${v.toCashboxId},
          currency_id = ${v.currencyId}, exchange_rate = ${v.exchangeRate}, amount = ${v.amount}, input_date = ${v.inputDate}, note = ${v.note},
          updated_at = now()
        where id = ${id}`,
  );
}

export async function deleteTransfer(tx: Tx, id: number): Promise<void> {
  await tx.execute(sql`delete from cashbox_transfer where id = ${id}`);
}
