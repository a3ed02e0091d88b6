/**
 * Money conversions between cashboxes of two currencies. The stated rate reads as the exchange
 * rate screen quotes it, base units per unit of the foreign side (USD 1480 means 1 USD = 1480 IQD), in both
 * directions: USD -> IQD multiplies by it, IQD -> USD divides by it. Between two foreign currencies it is
 * units of the target per unit of the source. Pure: the form and the server compute the same amount in.
 */
import { div, isPositive, mul, round, toDecimalString, type MoneyInput } from "./money";
import { RATE_DECIMALS } from "./validation/accounting-schemas";

export interface ConversionSide {
  isBase: boolean;
  /** The currency's latest rate (base units per unit), "1" for the base, null when none is recorded. */
  latestRate: string | null;
}

/** How the stated rate turns the amount out into the amount in. */
export const conversionMultiplies = (from: ConversionSide, to: ConversionSide): boolean => !from.isBase || to.isBase;

/** The amount that enters the target cashbox, rounded half up to cents. */
export function convertedAmount(amount: MoneyInput, rate: MoneyInput, from: ConversionSide, to: ConversionSide): string {
  return toDecimalString(round(conversionMultiplies(from, to) ? mul(amount, rate) : div(amount, rate)));
}

const usable = (rate: string | null): rate is string => rate !== null && isPositive(rate);

/** The rate a conversion proposes when none is stated: the latest recorded one; null when there is none. */
export function defaultConversionRate(from: ConversionSide, to: ConversionSide): string | null {
  if (from.isBase) return usable(to.latestRate) ? to.latestRate : null;
  if (to.isBase) return usable(from.latestRate) ? from.latestRate : null;
  if (!usable(from.latestRate) || !usable(to.latestRate)) return null;
  return toDecimalString(div(from.latestRate, to.latestRate), RATE_DECIMALS);
}

/**
 * The rate each side's ledger lines carry (base units per unit of its currency). A foreign source leaves
 * at its cashbox's book rate (exchange-difference.ts), so what the conversion realises against it is an
 * exchange gain or loss; the target enters at the stated rate when the source is the base, and between two
 * foreign currencies at what the stated rate makes of the source's latest rate. Null when a needed latest
 * rate is missing.
 */
export function conversionLineRates(
  rate: MoneyInput,
  from: ConversionSide,
  to: ConversionSide,
  fromBookRate: MoneyInput,
): { from: string; to: string } | null {
  const r = toDecimalString(rate, RATE_DECIMALS);
  if (from.isBase) return { from: "1", to: r };
  const book = toDecimalString(fromBookRate, RATE_DECIMALS);
  if (to.isBase) return { from: book, to: "1" };
  if (!usable(from.latestRate)) return null;
  return { from: book, to: toDecimalString(div(from.latestRate, rate), RATE_DECIMALS) };
}
