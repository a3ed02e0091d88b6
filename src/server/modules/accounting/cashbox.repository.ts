import { sql } from "drizzle-orm";
import { queryRows, type Executor, type Tx } from "../../db/client";

/** A cashbox row as the money documents need it. */
export interface CashboxRow {
  id: number;
  branchId: number;
  currencyId: number;
}

/** Whether any ledger row is booked on the cashbox (then it cannot be deleted or change currency). */
export async function cashboxHasEntries(ex: Executor, id: number): Promise<boolean> {
  const rows = await queryRows<{ one: number }>(
    ex,
    sql`select 1 as one from ledger_entry where account_type = 'cashbox' and account_id = ${id} limit 1`,
  );
  return rows.length > 0;
}

/**
 * Locks cashboxes (`select ... for update`) in id order, the one lock order of every document that
 * touches cashboxes (DESIGN "Money documents"), so two writers never wait on each other in a cycle.
 * Deleted cashboxes are absent from the answer.
 */
export async function lockCashboxes(tx: Tx, ids: readonly number[]): Promise<Map<number, CashboxRow>> {
  const unique = [...new Set(ids)].sort((a, b) => a - b);
  const found = new Map<number, CashboxRow>();
  for (const id of unique) {
    const [row] = await queryRows<{ id: number; branch_id: number; currency_id: number }>(
      tx,
      sql`select id, branch_id, currency_id from cashbox where id = ${id} and deleted_at is null for update`,
    );
    if (row) found.set(row.id, { id: row.id, branchId: row.branch_id, currencyId: row.currency_id });
  }
  return found;
}

export async function lockCashbox(tx: Tx, id: number): Promise<CashboxRow | null> {
  return (await lockCashboxes(tx, [id])).get(id) ?? null;
}

/** debit - credit of the cashbox in its currency, from the ledger (call with the cashbox locked). */
export async function cashboxBalance(ex: Executor, id: number, currencyId: number): Promise<string> {
  const [row] = await queryRows<{ balance: string }>(
    ex,
    sql`select coalesce(sum(debit - credit), 0)::text as balance from ledger_entry
        where account_type = 'cashbox' and account_id = ${id} and currency_id = ${currencyId}`,
  );
  return row.balance;
}
