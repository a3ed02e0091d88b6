import { sql } from "drizzle-orm";
import { MESSAGES } from "../../../core/messages";
import { isNegative, lessThan } from "../../../core/money";
import { MAX_ID } from "../../../core/validation/common";
import { queryRows, type Tx } from "../../db/client";
import { badRequest, staleRecord } from "../../http/errors";
import { cashboxBalance, type CashboxRow } from "./cashbox.repository";

/** The balances of the locked cashboxes, before a write. */
export async function balances(tx: Tx, boxes: Iterable<CashboxRow>): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  for (const box of boxes) out.set(box.id, await cashboxBalance(tx, box.id, box.currencyId));
  return out;
}

/**
 * No write takes a cashbox below zero: after it (inside it, the cashboxes locked) each one holds zero or
 * more, or at least no less than before (a cashbox already short may still take money in).
 */
export async function assertNotOverdrawn(tx: Tx, boxes: Iterable<CashboxRow>, before: Map<number, string>): Promise<void> {
  for (const box of boxes) {
    const after = await cashboxBalance(tx, box.id, box.currencyId);
    if (isNegative(after) && lessThan(after, before.get(box.id) ?? "0")) throw badRequest(MESSAGES.cashboxBalanceNotEnough);
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
