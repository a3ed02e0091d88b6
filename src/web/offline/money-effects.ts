import { isPositive, toDecimalString, tryMoney } from "../../core/money";
import type { LocalEffect } from "./db";
import { pendingDoc } from "./document-effects";

/**
 * The local effects of the money documents keyed offline (`POST accounting/expense|income|receipt|payment/`,
 * src/core/validation/accounting-schemas.ts): a provisional number, and the amount in or out of the
 * cashbox's balance as the device shows it (cashbox-overlay.ts). Pure.
 */

type Body = Record<string, unknown>;

/** The money documents that may be keyed offline, by outbox resource: in (+1) or out (-1) of the cashbox. */
export const OFFLINE_MONEY_DOCUMENTS = {
  "accounting/expense/": { doc: "expense", sign: -1 },
  "accounting/income/": { doc: "income", sign: 1 },
  "accounting/receipt/": { doc: "receipt", sign: 1 },
  "accounting/payment/": { doc: "payment", sign: -1 },
} as const satisfies Record<string, { doc: string; sign: 1 | -1 }>;

export type OfflineMoneyResource = keyof typeof OFFLINE_MONEY_DOCUMENTS;

const cashboxId = (value: unknown): number | null =>
  typeof value === "number" && Number.isInteger(value) ? value : typeof value === "string" && /^\d+$/.test(value) ? Number(value) : null;

/** A money document: pending under "P-<n>", moving its amount in or out of its cashbox. */
export function moneyDocumentEffects(resource: OfflineMoneyResource, body: Body): LocalEffect[] {
  const { doc, sign } = OFFLINE_MONEY_DOCUMENTS[resource];
  const cashbox = cashboxId(body.cashbox);
  const amount = tryMoney(body.amount);
  const effects: LocalEffect[] = [pendingDoc(doc)];
  if (cashbox !== null && amount && isPositive(amount)) {
    effects.push({ kind: "cashbox-move", cashbox_id: cashbox, amount: toDecimalString(amount.times(sign)) });
  }
  return effects;
}
