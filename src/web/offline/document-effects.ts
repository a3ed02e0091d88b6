import { isPositive, toDecimalString, tryMoney } from "../../core/money";
import type { CashboxMoveEffect, LocalEffect, PendingDocEffect, StockAddEffect, StockTakeEffect } from "./db";

/**
 * The local effects of the documents that move stock, from the request body the screens send
 * (`POST sale/`, `sale/:id/extra/`, `sale-quotation/:id/convert/` and `purchase/`,
 * src/core/validation/sale-schemas.ts and purchase-schemas.ts).
 * Pure: the outbox stores them with the entry and applies them (local-effects.ts, stock-overlay.ts).
 */

type Body = Record<string, unknown>;

const lines = (body: Body): Body[] =>
  Array.isArray(body.items) ? body.items.filter((line): line is Body => !!line && typeof line === "object") : [];

const positiveQuantity = (value: unknown): string | null => {
  const quantity = tryMoney(value);
  return quantity && isPositive(quantity) ? quantity.toString() : null;
};

const id = (value: unknown): number | null =>
  typeof value === "number" && Number.isInteger(value) ? value : typeof value === "string" && /^\d+$/.test(value) ? Number(value) : null;

export const pendingDoc = (doc: string): PendingDocEffect => ({ kind: "pending-doc", doc, number: null });

/**
 * The pending sale a quotation conversion becomes. Its request body holds only the payment, the
 * server takes the rest from the quotation, so the effect keeps the sale as the screen knows it
 * (`sale`: a `POST sale/` body) for the pending list and the provisional invoice.
 */
export interface PendingSaleDocEffect extends PendingDocEffect {
  sale: Body;
}

export const isPendingSaleDoc = (effect: LocalEffect): effect is PendingSaleDocEffect =>
  effect.kind === "pending-doc" && "sale" in effect && !!effect.sale && typeof effect.sale === "object";

/** Each line with a stock row takes its quantity (services take none). */
function stockTakes(body: Body): StockTakeEffect[] {
  const takes: StockTakeEffect[] = [];
  for (const line of lines(body)) {
    const stockId = id(line.stock);
    const quantity = positiveQuantity(line.quantity);
    if (stockId !== null && quantity !== null) takes.push({ kind: "stock-take", stock_id: stockId, quantity });
  }
  return takes;
}

/**
 * A sale paid at the counter (`payments`, `change`): each tender goes into its cashbox, the change comes
 * out of its own, so the balances the device shows follow and change beyond what a cashbox holds is
 * refused on the device as on the server (cashbox-overlay's cashboxShortage).
 */
function counterCashboxMoves(body: Body): CashboxMoveEffect[] {
  const move = (entry: unknown, sign: 1 | -1): CashboxMoveEffect[] => {
    if (!entry || typeof entry !== "object") return [];
    const cashbox = id((entry as Body).cashbox);
    const amount = tryMoney((entry as Body).amount);
    if (cashbox === null || !amount || !isPositive(amount)) return [];
    return [{ kind: "cashbox-move", cashbox_id: cashbox, amount: toDecimalString(amount.times(sign)) }];
  };
  const payments = Array.isArray(body.payments) ? body.payments : [];
  return [...payments.flatMap((p) => move(p, 1)), ...move(body.change, -1)];
}

/** A sale: a provisional number, its stock lines take their quantity, a counter payment moves its cashboxes. */
export function saleEffects(body: Body): LocalEffect[] {
  return [pendingDoc("sale"), ...stockTakes(body), ...counterCashboxMoves(body)];
}

/** A quotation converted into `sale` (the sale it becomes): a provisional sale taking its stock. */
export function quotationConvertEffects(sale: Body): LocalEffect[] {
  const doc: PendingSaleDocEffect = { ...pendingDoc("sale"), sale };
  return [doc, ...stockTakes(sale)];
}

/** Extra material added to a sale: shown pending on that sale, its lines take their stock. */
export function saleExtraEffects(body: Body): LocalEffect[] {
  return [pendingDoc("sale-extra"), ...stockTakes(body)];
}

/** A purchase: a provisional number, and each line adds to its (inventory, item, batch, expiry) row. */
export function purchaseEffects(body: Body): LocalEffect[] {
  const inventoryId = id(body.inventory);
  const adds: StockAddEffect[] = [];
  for (const line of lines(body)) {
    const itemId = id(line.item);
    const quantity = positiveQuantity(line.quantity);
    if (inventoryId === null || itemId === null || quantity === null) continue;
    adds.push({
      kind: "stock-add",
      inventory_id: inventoryId,
      item_id: itemId,
      batch_number: typeof line.batch_number === "string" ? line.batch_number : "",
      expire_date: typeof line.expire_date === "string" && line.expire_date !== "" ? line.expire_date : null,
      quantity,
    });
  }
  return [pendingDoc("purchase"), ...adds];
}
