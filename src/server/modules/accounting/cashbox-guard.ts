import { sql } from "drizzle-orm";
import { MESSAGES } from "../../../core/messages";
import { isNegative, lessThan } from "../../../core/money";
import { MAX_ID } from "../../../core/validation/common";
import { queryRows, type Tx } from "../../db/client";
import { badRequest, staleRecord } from "../../http/errors";
import { cashboxBalance, type CashboxRow } from "./cashbox.repository";

/**
 * The balances of the locked cashboxes before a write, and the last ledger row then: the rows after it
 * on a locked cashbox are the write's own (every writer of a cashbox's rows holds its lock).
 */
export class CashboxBalances extends Map<number, string> {
  constructor(readonly lastEntryId: number) {
    super();
  }
}

/** The balances of the locked cashboxes, before a write. */
export async function balances(tx: Tx, boxes: Iterable<CashboxRow>): Promise<CashboxBalances> {
  const [last] = await queryRows<{ id: number }>(tx, sql`select coalesce(max(id), 0)::int as id from ledger_entry`);
  const out = new CashboxBalances(last.id);
  for (const box of boxes) out.set(box.id, await cashboxBalance(tx, box.id, box.currencyId));
  return out;
}

/**
 * Whether the rows a write added to a cashbox (those after `lastEntryId`) take it below zero at the end
 * of their own date or of any later one, lower than it was there before the write (a cashbox already
 * short on a day may still take money in). One pass over the cashbox's days from the write's earliest
 * date on: the running balance with the write's rows and without them.
 */
async function overdrawnOnSomeDate(tx: Tx, box: CashboxRow, lastEntryId: number): Promise<boolean> {
  const account = sql`account_type = 'cashbox' and account_id = ${box.id} and currency_id = ${box.currencyId}`;
  const [row] = await queryRows<{ overdrawn: boolean }>(
    tx,
    sql`with first as (
          select min(entry_date) as d from ledger_entry where id > ${lastEntryId} and ${account}
        ), opening as (
          select coalesce(sum(debit - credit), 0) as s from ledger_entry, first where ${account} and entry_date < first.d
        ), days as (
          select entry_date, sum(debit - credit) as net, coalesce(sum(debit - credit) filter (where id > ${lastEntryId}), 0) as own
          from ledger_entry, first where ${account} and entry_date >= first.d
          group by entry_date
        ), running as (
          select opening.s + sum(net) over w as after, opening.s + sum(net - own) over w as before
          from days, opening window w as (order by entry_date)
        )
        select exists (select 1 from running where after < 0 and after < before) as overdrawn`,
  );
  return row.overdrawn;
}

/**
 * No write takes a cashbox below zero, today or on any date: after it (inside it, the cashboxes locked)
 * each one holds zero or more, or at least no less than before (a cashbox already short may still take
 * money in), and so does it at the end of the write's date and of every later date (a backdated
 * payment may not spend money the cashbox did not hold yet).
 */
export async function assertNotOverdrawn(tx: Tx, boxes: Iterable<CashboxRow>, before: Map<number, string>): Promise<void> {
  for (const box of boxes) {
    const after = await cashboxBalance(tx, box.id, box.currencyId);
    if (isNegative(after) && lessThan(after, before.get(box.id) ?? "0")) throw badRequest(MESSAGES.cashboxBalanceNotEnough);
    if (before instanceof CashboxBalances && (await overdrawnOnSomeDate(tx, box, before.lastEntryId))) {
      throw badRequest(MESSAGES.cashboxBalanceNotEnough);
    }
  }
}

/**
 * The cashbox a sale or purchase names, read without a lock. Its edit or delete locks that cashbox
 * before the document (cashboxes come first in every lock order: a receipt locks its cashbox, then the
 * sales it settles), and then checks that the locked document still names it (`assertLocked`).
 */
export async function peekCashbox(tx: Tx, table: "sale" | "purchase", id: number): Promise<number | null> {
  const [row] = await queryRows<{ cashbox_id: number | null }>(tx, sql`select cashbox_id from ${sql.identifier(table)} where id = ${id}`);
  return row?.cashbox_id ?? null;
}

/** A cashbox id as a request names it (validated later), or null: what to lock before the document. */
export function requestedCashbox(payload: unknown): number | null {
  const raw = payload && typeof payload === "object" ? (payload as { cashbox?: unknown }).cashbox : null;
  const id = typeof raw === "number" ? raw : typeof raw === "string" && raw.trim() !== "" ? Number(raw) : NaN;
  // An id past the column's range names no cashbox: validation refuses it later.
  return Number.isInteger(id) && id > 0 && id <= MAX_ID ? id : null;
}

/**
 * The document names a cashbox other than those asked to be locked first: it changed in between, the
 * client reloads (423). Compared with the ids asked for, not the rows locked: a deleted cashbox (one
 * named with nothing paid, so without entries) locks nothing and is no change.
 */
export function assertLocked(asked: readonly number[], cashboxId: number | null | undefined): void {
  if (cashboxId != null && !asked.includes(cashboxId)) throw staleRecord();
}
