/**
 * Exchange rates (SPEC sections 3 and 9). The base currency is IQD. A rate record says how many base
 * units one unit of its currency is worth: {currency: "USD", rate: "1480"} means 1 USD = 1480 IQD.
 * The base currency's own rate is 1 whether or not a record exists.
 */
import { div, isPositive, mul, round, toMoney, type Money, type MoneyInput } from "./money";

export const BASE_CURRENCY = "IQD";

export interface RateQuote {
  /** ISO code, e.g. "USD". */
  currency: string;
  rate: MoneyInput;
}

export class MissingRateError extends Error {
  constructor(readonly currency: string) {
    super(`No exchange rate for ${currency}`);
    this.name = "MissingRateError";
  }
}

/**
 * SPEC's helper, as stated: for IQD the rate is used as is; for other currencies its inverse
 * (USD 1480 -> 1/1480, the USD value of one dinar). A non-positive rate is refused.
 */
export function rateFactor(currencyCode: string, rate: MoneyInput): Money {
  if (!isPositive(rate)) throw new RangeError(`Exchange rate must be positive: ${String(rate)}`);
  return currencyCode.toUpperCase() === BASE_CURRENCY ? toMoney(rate) : div(1, rate);
}

/** Base units per one unit of `currency`; throws MissingRateError when no usable rate exists. */
export function rateOf(currency: string, rates: readonly RateQuote[], base: string = BASE_CURRENCY): Money {
  const code = currency.toUpperCase();
  if (code === base.toUpperCase()) return toMoney(1);
  const quote = rates.find((r) => r.currency.toUpperCase() === code);
  if (!quote || !isPositive(quote.rate)) throw new MissingRateError(code);
  return toMoney(quote.rate);
}

/** Amount in `currency` expressed in the base currency (not rounded). */
export const toBase = (amount: MoneyInput, rate: MoneyInput): Money => mul(amount, rate);
/** Base-currency amount expressed in a currency of the given rate (not rounded). */
export const fromBase = (amount: MoneyInput, rate: MoneyInput): Money => div(amount, rate);

export interface ConvertOptions {
  /** Decimals of the result, rounded half up (default 2). */
  scale?: number;
  base?: string;
}

/**
 * Converts through the base currency: convertAmount("100", "USD", "IQD", [{currency: "USD", rate: "1480"}])
 * -> 148000.00. Rounds once, at the end.
 */
export function convertAmount(
  amount: MoneyInput,
  from: string,
  to: string,
  rates: readonly RateQuote[],
  options: ConvertOptions = {},
): Money {
  const { scale = 2, base = BASE_CURRENCY } = options;
  if (from.toUpperCase() === to.toUpperCase()) return round(amount, scale);
  const inBase = toBase(amount, rateOf(from, rates, base));
  return round(fromBase(inBase, rateOf(to, rates, base)), scale);
}
