import { sql } from "drizzle-orm";
import { queryRows, type Executor, type Tx } from "../../db/client";
import type { AuthContext } from "../../http/access";
import { cashboxNotUsable, cashboxUsableSql } from "../users/cashbox-rights";

/** A cashbox row as the money documents need it. */
export interface CashboxRow {
  id: number;
  branchId: number;
  currencyId: number;
}

/**
 * Whether a document still moves money through the cashbox (then it cannot be deleted or change
 * currency): one whose rows on it do not net to zero. A deleted document's rows stay in the
 * append-only ledger beside their reversal, and no longer count.
 */
export async function cashboxHasEntries(ex: Executor, id: number): Promise<boolean> {
  const rows = await queryRows<{ one: number }>(
    ex,
    sql`select 1 as one from ledger_entry where account_type = 'cashbox' and account_id = ${id}
        group by document_type, document_id having sum(debit - credit) <> 0 limit 1`,
  );
  return rows.length > 0;
}

/**
 * Locks the cashboxes a document moves money through (`select ... for update`), in id order, the one
 * lock order of every document that touches cashboxes (DESIGN "Money documents"), so two writers never
 * wait on each other in a cycle. Deleted cashboxes are absent from the answer; one of the caller's
 * branches that they may not use (users/cashbox-rights.ts) refuses the whole write with 403.
 */
export async function lockCashboxes(tx: Tx, auth: AuthContext, ids: readonly number[]): Promise<Map<number, CashboxRow>> {
  const unique = [...new Set(ids)].sort((a, b) => a - b);
  const found = new Map<number, CashboxRow>();
  for (const id of unique) {
    const [row] = await queryRows<{ id: number; branch_id: number; currency_id: number; usable: boolean }>(
      tx,
      sql`select c.id, c.branch_id, c.currency_id, ${cashboxUsableSql(auth, sql`c.id`)} as usable
          from cashbox c where c.id = ${id} and c.deleted_at is null for update`,
    );
    if (!row) continue;
    // Another branch's cashbox is the caller's own check to refuse as an invalid choice (never saying it exists).
    if (!row.usable && auth.branchIds.includes(row.branch_id)) throw cashboxNotUsable();
    found.set(row.id, { id: row.id, branchId: row.branch_id, currencyId: row.currency_id });
  }
  return found;
}

/** Locks a cashbox record for its own edit or delete (master data: no money moves, so no usage right is asked). */
export async function lockCashboxRecord(tx: Tx, id: number): Promise<CashboxRow | null> {
  const [row] = await queryRows<{ id: number; branch_id: number; currency_id: number }>(
    tx,
    sql`select id, branch_id, currency_id from cashbox where id = ${id} and deleted_at is null for update`,
  );
  return row ? { id: row.id, branchId: row.branch_id, currencyId: row.currency_id } : null;
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
