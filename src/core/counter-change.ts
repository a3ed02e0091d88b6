/**
 * Cash at the counter in several currencies: what the tendered money is worth in the sale's currency,
 * the change in the currency the cashier picks, and the quick amounts of the Pay dialog. Pure: the
 * counter screen, the device's offline sale and the server compute the same figures.
 *
 * Rates are base units per unit of a currency (1 for the base), as exchange rates and sales store them:
 * an amount in currency A is worth amount x rateA / rateB in currency B.
 */
import {
  div,
  greaterThan,
  isPositive,
  lessThan,
  mul,
  round,
  sub,
  sum,
  toDecimalString,
  toMoney,
  type Money,
  type MoneyInput,
} from "./money";

/** Money handed over (or given back) in one currency. */
export interface Tender {
  amount: MoneyInput;
  /** Base units per unit of the tender's currency. */
  rate: MoneyInput;
}

/**
 * The smallest amount a cashier hands out in a currency: change is counted in it. No setting names it
 * yet, so these are the notes of the counters the product serves; other currencies go to the cent.
 */
const CASH_STEPS: Readonly<Record<string, string>> = { IQD: "250", USD: "1" };
export const cashStep = (currencyCode: string | null | undefined): string => CASH_STEPS[currencyCode ?? ""] ?? "0.01";

/** The notes a customer usually hands over, smallest first: the Pay dialog's quick amounts. */
const CASH_NOTES: Readonly<Record<string, readonly string[]>> = {
  IQD: ["250", "500", "1000", "5000", "10000", "25000", "50000"],
  USD: ["1", "5", "10", "20", "50", "100"],
};
export const cashNotes = (currencyCode: string | null | undefined): readonly string[] => CASH_NOTES[currencyCode ?? ""] ?? [];

/** An amount of one currency in another, rounded half up to cents. */
export function valueIn(amount: MoneyInput, fromRate: MoneyInput, toRate: MoneyInput): Money {
  return round(div(mul(amount, fromRate), toRate));
}

/** Rounds down to a multiple of step (change never gives more than is owed). */
export function roundDownTo(amount: MoneyInput, step: MoneyInput): Money {
  const value = toMoney(amount);
  if (!isPositive(step) || !isPositive(value)) return round(value);
  return round(mul(value.div(toMoney(step)).floor(), step));
}

/** Rounds up to a multiple of step (the "round up" quick amount). */
export function roundUpTo(amount: MoneyInput, step: MoneyInput): Money {
  const value = toMoney(amount);
  if (!isPositive(step) || !isPositive(value)) return round(value);
  return round(mul(value.div(toMoney(step)).ceil(), step));
}

/** What the tenders are worth together in the sale's currency (each converted and rounded on its own, as booked). */
export const tenderedValue = (tenders: readonly Tender[], saleRate: MoneyInput): Money =>
  sum(tenders.map((t) => valueIn(t.amount, t.rate, saleRate)));

export interface ChangeInput {
  /** What the customer owes for this sale, in the sale's currency. */
  due: MoneyInput;
  saleRate: MoneyInput;
  tenders: readonly Tender[];
  /** The currency the change is given in. */
  changeRate: MoneyInput;
  /** Its smallest note (cashStep). */
  changeStep: MoneyInput;
}

export interface ChangeResult {
  /** The tenders' value in the sale's currency. */
  tendered: string;
  /** What is still owed (zero once the tenders cover the sale). */
  remaining: string;
  /** The change in the change currency, rounded down to its smallest note. */
  change: string;
  /** What the change is worth in the sale's currency. */
  changeValue: string;
  /** What the counter keeps past the sale because no smaller note exists, in the sale's currency. */
  kept: string;
  /** The sale's paid amount: tendered less the change, never past what is due. */
  paid: string;
}

export function counterChange(input: ChangeInput): ChangeResult {
  const tendered = tenderedValue(input.tenders, input.saleRate);
  const excess = sub(tendered, input.due);
  if (!isPositive(excess)) {
    return {
      tendered: toDecimalString(tendered),
      remaining: toDecimalString(round(sub(input.due, tendered))),
      change: "0.00",
      changeValue: "0.00",
      kept: "0.00",
      paid: toDecimalString(tendered),
    };
  }
  // The excess in the change currency, down to cents, then down to its smallest note.
  const exact = round(div(mul(excess, input.saleRate), input.changeRate)).toDecimalPlaces(2, 1);
  let change = roundDownTo(exact, input.changeStep);
  let changeValue = valueIn(change, input.changeRate, input.saleRate);
  // Half-up rounding of the value may overshoot the excess by a cent: one note less then.
  while (isPositive(change) && greaterThan(changeValue, excess)) {
    change = round(sub(change, input.changeStep));
    changeValue = valueIn(change, input.changeRate, input.saleRate);
  }
  return {
    tendered: toDecimalString(tendered),
    remaining: "0.00",
    change: toDecimalString(change),
    changeValue: toDecimalString(changeValue),
    kept: toDecimalString(round(sub(excess, changeValue))),
    paid: toDecimalString(round(input.due)),
  };
}

/**
 * The Pay dialog's quick amounts for a currency: the exact amount owed in it, that amount rounded up to
 * the smallest note, and the common notes that cover it; each once, smallest first.
 */
export function quickAmounts(dueInCurrency: MoneyInput, currencyCode: string | null | undefined): string[] {
  const due = round(dueInCurrency);
  if (!isPositive(due)) return [];
  const step = cashStep(currencyCode);
  const notes = cashNotes(currencyCode).filter((n) => !lessThan(n, due));
  const candidates = [due, roundUpTo(due, step), ...notes.map((n) => toMoney(n))];
  // A round-up to the largest note covers sums beyond every single note.
  const largest = cashNotes(currencyCode).at(-1);
  if (largest && greaterThan(due, largest)) candidates.push(roundUpTo(due, largest));
  const seen = new Set<string>();
  return candidates
    .sort((a, b) => a.comparedTo(b))
    .map((m) => toDecimalString(m))
    .filter((s) => (seen.has(s) ? false : (seen.add(s), true)));
}

/** The amount owed in a tender currency, for its "exact" quick amount (rounded up to cents so it covers). */
export function dueIn(due: MoneyInput, saleRate: MoneyInput, currencyRate: MoneyInput): string {
  return toDecimalString(toMoney(div(mul(due, saleRate), currencyRate)).toDecimalPlaces(2, 0));
}

export interface SettleInput {
  /** The sale's net total less what its returns took back, in the sale's currency. */
  due: MoneyInput;
  saleRate: MoneyInput;
  tenders: readonly Tender[];
  change: Tender | null;
  /** The smallest note of the change currency, or without change the largest of the tenders' ones, in the sale's currency. */
  toleranceValue: MoneyInput;
}

export type SettleResult =
  { ok: true; paid: string; kept: string } | { ok: false; problem: "change_exceeds_tendered" | "paid_exceeds_total" };

/**
 * The server's reading of a counter payment: paid = tenders' value less the change's, at the sale's
 * rate. What lies past the sale by less than one smallest note is what the counter keeps for lack of
 * change (booked as cash over); more than that is a paid amount above the total.
 */
export function settleTenders(input: SettleInput): SettleResult {
  const tendered = tenderedValue(input.tenders, input.saleRate);
  const changeValue = input.change ? valueIn(input.change.amount, input.change.rate, input.saleRate) : toMoney(0);
  if (greaterThan(changeValue, tendered)) return { ok: false, problem: "change_exceeds_tendered" };
  const paid = round(sub(tendered, changeValue));
  if (!greaterThan(paid, input.due)) return { ok: true, paid: toDecimalString(paid), kept: "0.00" };
  const kept = round(sub(paid, input.due));
  if (!lessThan(kept, input.toleranceValue)) return { ok: false, problem: "paid_exceeds_total" };
  return { ok: true, paid: toDecimalString(round(input.due)), kept: toDecimalString(kept) };
}
