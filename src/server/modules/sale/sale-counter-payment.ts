import { MESSAGES, interpolate } from "../../../core/messages";
import { cashStep, settleTenders, valueIn } from "../../../core/counter-change";
import { isPositive, lessThan, max, round, sub, sum, toDecimalString, type MoneyInput } from "../../../core/money";

const VALUE_LIMIT = "1000000000000000";
import type { SaleTender } from "../../../core/posting";
import type { SaleInput, SaleTenderInput } from "../../../core/validation/sale-schemas";
import { MAX_ID } from "../../../core/validation/common";
import type { Tx } from "../../db/client";
import { fieldErrors } from "../../http/errors";
import { invalidChoice } from "../../http/resource";
import type { CashboxRow } from "../accounting/cashbox.repository";
import * as repo from "./sale.repository";

/**
 * A sale paid at the counter in several currencies (`payments`, `change`): each tender goes into a
 * cashbox of the sale's branch the caller may use, in that cashbox's currency, valued in the sale's
 * currency at the sale's rate (core counter-change); the change comes out of one cashbox, which the
 * caller locked first so its balance is checked inside the write.
 */

export interface CounterPayment {
  tenders: SaleTender[];
  change: SaleTender | null;
  /** What the counter keeps past the sale for lack of a smaller note (cash over). */
  kept: string;
  /** The sale's paid amount. */
  paid: string;
  /** The cashbox the sale row names: the first tender's (lists show it). */
  cashboxId: number;
}

/** True when the body pays through the counter's tenders rather than one cashbox and paid_amount. */
export const paidAtCounter = (body: Pick<SaleInput, "payments">): boolean => Array.isArray(body.payments) && body.payments.length > 0;

/** The cashbox ids a request's payments and change name (validated later): what to lock before the sale. */
export function requestedCounterCashboxes(payload: unknown): number[] {
  if (!payload || typeof payload !== "object") return [];
  const { payments, change } = payload as { payments?: unknown; change?: unknown };
  const list: unknown[] = Array.isArray(payments) ? (payments as unknown[]).slice(0, 20) : [];
  const entries = [...list, change];
  const ids: number[] = [];
  for (const entry of entries) {
    const raw = entry && typeof entry === "object" ? (entry as { cashbox?: unknown }).cashbox : null;
    const id = typeof raw === "number" ? raw : typeof raw === "string" && raw.trim() !== "" ? Number(raw) : NaN;
    if (Number.isInteger(id) && id > 0 && id <= MAX_ID) ids.push(id);
  }
  return ids;
}

interface SaleTerms {
  branchId: number;
  currencyId: number;
  exchangeRate: string;
}

/**
 * Checks and values the tenders and the change against the locked cashboxes. `due` is what the sale
 * leaves to pay (its net total); the tenders may exceed it only by the change and less than one note.
 */
export async function settleCounterPayment(
  tx: Tx,
  sale: SaleTerms,
  boxes: Map<number, CashboxRow>,
  body: Pick<SaleInput, "payments" | "change">,
  due: MoneyInput,
): Promise<CounterPayment> {
  const payments = body.payments ?? [];
  const entries: { input: SaleTenderInput; path: string }[] = [
    ...payments.map((p, i) => ({ input: p, path: `payments[${i}]` })),
    ...(body.change ? [{ input: body.change, path: "change" }] : []),
  ];
  const boxOf = (e: { input: SaleTenderInput; path: string }) => {
    const box = boxes.get(e.input.cashbox);
    if (!box || box.branchId !== sale.branchId) throw invalidChoice(`${e.path}.cashbox`);
    return box;
  };
  const currencies = await repo.currencyRates(tx, [...new Set(entries.map((e) => boxOf(e).currencyId))]);
  const tender = (e: { input: SaleTenderInput; path: string }): SaleTender & { step: string } => {
    const box = boxOf(e);
    const currency = currencies.get(box.currencyId);
    const rate =
      box.currencyId === sale.currencyId ? sale.exchangeRate : currency?.isBase ? "1" : (e.input.exchange_rate ?? currency?.rate ?? null);
    if (!rate || !isPositive(rate)) throw fieldErrors({ [`${e.path}.exchange_rate`]: [MESSAGES.enterExchangeRate] });
    const value = valueIn(e.input.amount, rate, sale.exchangeRate);
    // Its worth in the sale's currency is stored and booked: it stays within the money columns.
    if (!lessThan(value, VALUE_LIMIT)) throw fieldErrors({ [`${e.path}.amount`]: [interpolate(MESSAGES.lessThan, { max: VALUE_LIMIT })] });
    return {
      cashbox_id: box.id,
      currency_id: box.currencyId,
      exchange_rate: rate,
      amount: e.input.amount,
      value: toDecimalString(value),
      step: cashStep(currency?.code),
    };
  };
  const tenders = payments.map((p, i) => tender({ input: p, path: `payments[${i}]` }));
  const change = body.change ? tender({ input: body.change, path: "change" }) : null;
  // Less than one smallest note of the change currency (or, without change, of a tender's) may stay as cash over.
  const tolerance = change
    ? valueIn(change.step, change.exchange_rate, sale.exchangeRate)
    : tenders.map((t) => valueIn(t.step, t.exchange_rate, sale.exchangeRate)).reduce((a, b) => max(a, b));
  const settled = settleTenders({
    due,
    saleRate: sale.exchangeRate,
    tenders: tenders.map((t) => ({ amount: t.amount, rate: t.exchange_rate })),
    change: change ? { amount: change.amount, rate: change.exchange_rate } : null,
    toleranceValue: tolerance,
  });
  if (!settled.ok) {
    if (settled.problem === "change_exceeds_tendered") throw fieldErrors({ change: [MESSAGES.changeAboveTendered] });
    throw fieldErrors({ paid_amount: [interpolate(MESSAGES.lessThanOrEqual, { max: toDecimalString(due) })] });
  }
  const strip = ({ step: _step, ...t }: SaleTender & { step: string }): SaleTender => t;
  return {
    tenders: tenders.map(strip),
    change: change ? strip(change) : null,
    kept: settled.kept,
    paid: settled.paid,
    cashboxId: tenders[0].cashbox_id,
  };
}

/** The rows a counter payment is stored as. */
export const counterPaymentRows = (payment: CounterPayment) => [
  ...payment.tenders.map((t) => row(t, false)),
  ...(payment.change ? [row(payment.change, true)] : []),
];

const row = (t: SaleTender, isChange: boolean) => ({
  cashboxId: t.cashbox_id,
  currencyId: t.currency_id,
  exchangeRate: toDecimalString(t.exchange_rate, 6),
  amount: toDecimalString(t.amount),
  value: toDecimalString(t.value),
  isChange,
});

/** A stored counter payment back as its posting needs it (a repost after extra material); null for a sale paid the old way. */
export function storedCounterPayment(rows: readonly repo.SalePaymentRow[], paid: MoneyInput): CounterPayment | null {
  const tendersRows = rows.filter((r) => !r.isChange);
  if (tendersRows.length === 0) return null;
  const toTender = (r: repo.SalePaymentRow): SaleTender => ({
    cashbox_id: r.cashboxId,
    currency_id: r.currencyId,
    exchange_rate: r.exchangeRate,
    amount: r.amount,
    value: r.value,
  });
  const changeRow = rows.find((r) => r.isChange);
  const tenders = tendersRows.map(toTender);
  const change = changeRow ? toTender(changeRow) : null;
  const kept = round(sub(sub(sum(tenders.map((t) => t.value)), change?.value ?? 0), paid));
  return {
    tenders,
    change,
    kept: toDecimalString(max(kept, 0)),
    paid: toDecimalString(paid),
    cashboxId: tenders[0].cashbox_id,
  };
}
