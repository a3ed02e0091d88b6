import { MESSAGES } from "../../../core/messages";
import { isNegative, lessThan } from "../../../core/money";
import type { Tx } from "../../db/client";
import { badRequest } from "../../http/errors";
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
