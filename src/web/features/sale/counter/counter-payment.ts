/** The counter's Pay dialog as pure rules: which cashbox takes each currency, the change, the sale body. */
import { cashStep, counterChange, type ChangeResult } from "../../../../core/counter-change";
import { isPositive, tryMoney } from "../../../../core/money";
import { settledPaymentType } from "../../../../core/payment-status";
import type { CashboxRef } from "../../../../core/api-types";

/** One currency the counter takes: the user's cashbox of it in the sale's branch, with its rate (base units per unit). */
export interface TenderCurrency {
  currencyId: number;
  code: string;
  cashboxId: number;
  rate: string;
}

/** The user's first cashbox of each currency in the branch, base currency first (each currency goes into its own). */
export function tenderCurrencies(
  cashboxes: readonly CashboxRef[],
  branchId: number | null,
  rateOf: (currencyId: number) => string,
  baseCurrencyId: number | null,
): TenderCurrency[] {
  const seen = new Map<number, TenderCurrency>();
  for (const box of cashboxes) {
    if (branchId !== null && box.branch_id !== branchId) continue;
    if (seen.has(box.currency.id)) continue;
    const rate = box.currency.id === baseCurrencyId ? "1" : rateOf(box.currency.id);
    if (!tryMoney(rate) || !isPositive(rate)) continue;
    seen.set(box.currency.id, { currencyId: box.currency.id, code: box.currency.code, cashboxId: box.id, rate });
  }
  return [...seen.values()].sort((a, b) => Number(b.currencyId === baseCurrencyId) - Number(a.currencyId === baseCurrencyId));
}

export interface PayState {
  /** Amount handed over per currency id (decimal text, "" for none). */
  amounts: Readonly<Record<number, string>>;
  /** The currency the change is given in. */
  changeCurrencyId: number;
}

export interface PayOutcome extends ChangeResult {
  payments: { cashbox: number; amount: string; exchange_rate: string }[];
  /** The sale body's `change`: the change and the cashbox it comes out of (null without change). */
  changeTender: { cashbox: number; amount: string; exchange_rate: string } | null;
  /** The sale's payment type, by the server's rule (settledPaymentType): Cash once paid covers what is due. */
  paymentType: "cash" | "debit";
}

/** The change and the sale's payment fields for what is handed over (core counterChange, as the server reads it). */
export function payOutcome(due: string, saleRate: string, currencies: readonly TenderCurrency[], state: PayState): PayOutcome {
  const handed = currencies
    .map((c) => ({ c, amount: tryMoney(state.amounts[c.currencyId] ?? "") }))
    .filter((h): h is { c: TenderCurrency; amount: NonNullable<typeof h.amount> } => h.amount !== null && isPositive(h.amount));
  const changeCurrency = currencies.find((c) => c.currencyId === state.changeCurrencyId) ?? currencies[0];
  const result = counterChange({
    due,
    saleRate,
    tenders: handed.map((h) => ({ amount: h.amount, rate: h.c.rate })),
    changeRate: changeCurrency?.rate ?? saleRate,
    changeStep: cashStep(changeCurrency?.code),
  });
  return {
    ...result,
    paymentType: settledPaymentType(due, result.paid),
    payments: handed.map((h) => ({ cashbox: h.c.cashboxId, amount: h.amount.toFixed(2), exchange_rate: h.c.rate })),
    changeTender:
      changeCurrency && isPositive(result.change)
        ? { cashbox: changeCurrency.cashboxId, amount: result.change, exchange_rate: changeCurrency.rate }
        : null,
  };
}
