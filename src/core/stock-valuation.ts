import { add, div, greaterThanOrEqual, isPositive, isZero, mul, negate, round, sub, sum, toDecimalString, type MoneyInput } from "./money";

/**
 * Stock at cost, in the base currency (issue 33: the ledger's inventory equals the stock's value at cost at
 * every moment). Each stock row keeps its quantity and its value (moving weighted average): what comes in adds
 * the value its document books (a purchase line net of discount, opening stock, a transfer's source value, a
 * sale return's sold value); what goes out (a sale, damaged stock, a purchase return, a transfer out) takes
 * quantity x average cost, rounded to cents, and the row's last unit takes exactly what is left, so a row at
 * quantity 0 is at value 0. The document posts exactly the values its lines moved, so nothing is revalued.
 */

/** The value `quantityOut` takes from a row holding `quantity` worth `value` (a positive amount, in cents). */
export function valueOut(value: MoneyInput, quantity: MoneyInput, quantityOut: MoneyInput): string {
  if (!isPositive(quantity) || greaterThanOrEqual(quantityOut, quantity)) return toDecimalString(value);
  return toDecimalString(round(div(mul(value, quantityOut), quantity)));
}

/** The unit cost shown for a row: its value per unit, rounded (null when it holds nothing). */
export const unitCost = (value: MoneyInput, quantity: MoneyInput): string | null =>
  isPositive(quantity) ? toDecimalString(round(div(value, quantity))) : null;

/**
 * Splits a total over lines in proportion to their weights, each rounded to cents and the last taking what is
 * left, so the parts add up to the total exactly (a purchase's net in the base currency over its lines).
 */
export function allocateValue(total: MoneyInput, weights: readonly MoneyInput[]): string[] {
  const whole = sum(weights);
  let left = round(total);
  return weights.map((w, i) => {
    if (i === weights.length - 1) return toDecimalString(left);
    const part = isZero(whole) ? round(0) : round(div(mul(total, w), whole));
    left = round(sub(left, part));
    return toDecimalString(part);
  });
}

/**
 * The part of a sold line's value at cost that `quantity` of it brings back (a sale return): per unit of that
 * line, rounded; the whole line's value when all of it comes back.
 */
export const returnedValue = (lineValue: MoneyInput, lineQuantity: MoneyInput, quantity: MoneyInput): string =>
  valueOut(lineValue, lineQuantity, quantity);

/** A running stock row: what it holds and is worth, moved one movement at a time. */
export interface ValuedRow {
  quantity: MoneyInput;
  value: MoneyInput;
}

/**
 * The signed value one movement of `delta` moves on `row`: `given` when the document says it (what comes in,
 * or the exact reversal of an earlier movement), else out by valueOut (an incoming movement without a value
 * comes in at the row's average, or at `fallbackUnitCost` for an empty row).
 */
export function movementValue(row: ValuedRow, delta: MoneyInput, given: MoneyInput | null, fallbackUnitCost: MoneyInput = 0): string {
  if (given != null) return toDecimalString(given);
  if (isZero(delta)) return "0.00";
  if (!isPositive(delta)) return toDecimalString(negate(valueOut(row.value, row.quantity, negate(delta))));
  const unit = isPositive(row.quantity) ? div(row.value, row.quantity) : fallbackUnitCost;
  return toDecimalString(round(mul(unit, delta)));
}

/** The row after a movement of `delta` worth `value`. */
export const moved = (row: ValuedRow, delta: MoneyInput, value: MoneyInput): ValuedRow => ({
  quantity: add(row.quantity, delta),
  value: add(row.value, value),
});
