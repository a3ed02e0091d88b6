/**
 * The one decimal type for amounts and quantities (DESIGN section 3). Every amount is a Decimal from
 * this module's own decimal.js clone, so nobody else's global Decimal settings can change our results,
 * and no amount ever goes through JavaScript float arithmetic.
 */
import DecimalJs from "decimal.js";

/** 40 significant digits: far beyond numeric(20, 3) so intermediate products never lose cents. */
export const Decimal = DecimalJs.clone({
  precision: 40,
  rounding: DecimalJs.ROUND_HALF_UP,
  toExpNeg: -40,
  toExpPos: 40,
});

/** An instance of the clone (the instance type is shared by all decimal.js clones). */
export type Money = DecimalJs;
/** What the helpers accept: a Decimal, a decimal string ("1250.00", "-3", ".5") or a finite number. */
export type MoneyInput = Money | string | number;

/** Amounts are shown and stored with 2 decimals. */
export const MONEY_SCALE = 2;
/** Quantities are stored with up to 3 decimals. */
export const QUANTITY_SCALE = 3;

export class InvalidDecimalError extends Error {
  constructor(readonly input: unknown) {
    super(`Invalid decimal value: ${JSON.stringify(input) ?? String(input)}`);
    this.name = "InvalidDecimalError";
  }
}

// Plain decimal notation only: decimal.js would also accept "0x1f", "1e5" and "Infinity".
const DECIMAL_TEXT = /^[+-]?(\d+\.?\d*|\.\d+)$/;

/** True when `text` is a plain decimal string (optional sign, digits, optional point). */
export function isDecimalString(text: string): boolean {
  return DECIMAL_TEXT.test(text.trim());
}

/** Parses a decimal; throws InvalidDecimalError on NaN, Infinity, empty or garbage input. */
export function toMoney(value: MoneyInput): Money {
  if (DecimalJs.isDecimal(value)) {
    if (!value.isFinite()) throw new InvalidDecimalError(value.toString());
    return new Decimal(value);
  }
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new InvalidDecimalError(value);
    return new Decimal(value);
  }
  if (typeof value === "string" && isDecimalString(value)) return new Decimal(value.trim());
  throw new InvalidDecimalError(value);
}

/** Like toMoney but gives null instead of throwing. */
export function tryMoney(value: unknown): Money | null {
  if (typeof value !== "string" && typeof value !== "number" && !DecimalJs.isDecimal(value)) return null;
  try {
    return toMoney(value);
  } catch {
    return null;
  }
}

export const ZERO: Money = new Decimal(0);

export const add = (a: MoneyInput, b: MoneyInput): Money => toMoney(a).plus(toMoney(b));
export const sub = (a: MoneyInput, b: MoneyInput): Money => toMoney(a).minus(toMoney(b));
export const mul = (a: MoneyInput, b: MoneyInput): Money => toMoney(a).times(toMoney(b));

/** Division; a zero divisor is a programming error, so it throws instead of giving Infinity. */
export function div(a: MoneyInput, b: MoneyInput): Money {
  const divisor = toMoney(b);
  if (divisor.isZero()) throw new RangeError("Division by zero");
  return toMoney(a).dividedBy(divisor);
}

export const negate = (a: MoneyInput): Money => toMoney(a).negated();
export const abs = (a: MoneyInput): Money => toMoney(a).abs();

/** Rounds half away from zero (commercial rounding: 2.345 -> 2.35, -2.345 -> -2.35). */
export function round(value: MoneyInput, scale: number = MONEY_SCALE): Money {
  return toMoney(value).toDecimalPlaces(scale, DecimalJs.ROUND_HALF_UP);
}

export const roundQuantity = (value: MoneyInput): Money => round(value, QUANTITY_SCALE);

/** -1, 0 or 1. */
export function compare(a: MoneyInput, b: MoneyInput): -1 | 0 | 1 {
  return toMoney(a).comparedTo(toMoney(b)) as -1 | 0 | 1;
}

export const equals = (a: MoneyInput, b: MoneyInput): boolean => compare(a, b) === 0;
export const greaterThan = (a: MoneyInput, b: MoneyInput): boolean => compare(a, b) > 0;
export const greaterThanOrEqual = (a: MoneyInput, b: MoneyInput): boolean => compare(a, b) >= 0;
export const lessThan = (a: MoneyInput, b: MoneyInput): boolean => compare(a, b) < 0;
export const lessThanOrEqual = (a: MoneyInput, b: MoneyInput): boolean => compare(a, b) <= 0;

export const isZero = (a: MoneyInput): boolean => toMoney(a).isZero();
/** Strictly below zero; "-0" is not negative. */
export const isNegative = (a: MoneyInput): boolean => toMoney(a).lessThan(0);
export const isPositive = (a: MoneyInput): boolean => toMoney(a).greaterThan(0);

export const min = (a: MoneyInput, b: MoneyInput): Money => (lessThanOrEqual(a, b) ? toMoney(a) : toMoney(b));
export const max = (a: MoneyInput, b: MoneyInput): Money => (greaterThanOrEqual(a, b) ? toMoney(a) : toMoney(b));

/** Sum of a list; the empty list sums to zero. */
export function sum(values: readonly MoneyInput[]): Money {
  return values.reduce<Money>((total, value) => total.plus(toMoney(value)), ZERO);
}

/** Number of digits after the point, ignoring trailing zeros ("1.50" -> 1). */
export const decimalPlaces = (value: MoneyInput): number => toMoney(value).decimalPlaces();

/**
 * The JSON form: a fixed-point decimal string as Django REST sends it ("1250.00", "-0.50", "3.000").
 * Rounded half-up to `scale`; never exponent notation; negative zero prints as "0.00".
 */
export function toDecimalString(value: MoneyInput, scale: number = MONEY_SCALE): string {
  const rounded = round(value, scale);
  return (rounded.isZero() ? ZERO : rounded).toFixed(scale);
}

export interface FormatAmountOptions {
  /** Digits after the point (default 2). */
  decimals?: number;
  /** Drop trailing zeros after the point ("1,250.50" -> "1,250.5", "3.00" -> "3"). */
  trimZeros?: boolean;
  thousandsSeparator?: string;
  decimalSeparator?: string;
}

/** Display form with thousands separators: formatAmount("1234567.891") -> "1,234,567.89". */
export function formatAmount(value: MoneyInput, options: FormatAmountOptions = {}): string {
  const { decimals = MONEY_SCALE, trimZeros = false, thousandsSeparator = ",", decimalSeparator = "." } = options;
  const fixed = toDecimalString(value, decimals);
  const negative = fixed.startsWith("-");
  const [intPart, fracPart = ""] = (negative ? fixed.slice(1) : fixed).split(".");
  const grouped = intPart.replace(/\B(?=(\d{3})+(?!\d))/g, thousandsSeparator);
  const fraction = trimZeros ? fracPart.replace(/0+$/, "") : fracPart;
  return `${negative ? "-" : ""}${grouped}${fraction ? decimalSeparator + fraction : ""}`;
}
