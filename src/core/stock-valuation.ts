import { transfer, type AccountType, type PostingLine } from "./posting";
import {
  add,
  div,
  greaterThanOrEqual,
  isNegative,
  isPositive,
  isZero,
  mul,
  negate,
  round,
  sub,
  sum,
  toDecimalString,
  type MoneyInput,
} from "./money";

/**
 * The value of stock at cost, in the base currency (issue 33: the ledger's inventory equals it at every moment).
 * A stock row carries its value, not only a unit price: what comes in adds the value its document posts, what
 * goes out takes the row's value in proportion to the quantity (rounded to cents), and the last unit out takes
 * exactly what is left, so a row with no quantity holds no value and nothing drifts. The unit cost shown is
 * derived: value / quantity.
 */

/** The value `quantityOut` takes from a row holding `quantity` worth `value` (a positive amount). */
export function valueOut(value: MoneyInput, quantity: MoneyInput, quantityOut: MoneyInput): string {
  if (!isPositive(quantity) || greaterThanOrEqual(quantityOut, quantity)) return toDecimalString(value);
  return toDecimalString(round(div(mul(value, quantityOut), quantity)));
}

/**
 * The signed value a net change of `delta` moves on a row: out by the rule above; in at `valueIn` when the
 * document says what it brings (a purchase, a return at its sold cost), else at the row's unit cost now
 * (`fallbackUnitCost` for an empty row).
 */
export function valueMoved(
  row: { quantity: MoneyInput; value: MoneyInput; fallbackUnitCost: MoneyInput },
  delta: MoneyInput,
  valueIn: MoneyInput | null,
): string {
  // A new cost on the same quantity (an edited opening balance); an empty row holds no value.
  if (isZero(delta)) return valueIn == null || !isPositive(row.quantity) ? "0.00" : toDecimalString(valueIn);
  if (!isPositive(delta)) return toDecimalString(negate(valueOut(row.value, row.quantity, negate(delta))));
  if (valueIn != null) return toDecimalString(valueIn);
  const unit = isPositive(row.quantity) ? div(row.value, row.quantity) : row.fallbackUnitCost;
  return toDecimalString(round(mul(unit, delta)));
}

/** The unit cost shown for a row: its value per unit (null when it holds nothing). */
export const unitCost = (value: MoneyInput, quantity: MoneyInput): string | null =>
  isPositive(quantity) ? toDecimalString(round(div(value, quantity))) : null;

/**
 * Splits a total (already in cents) over lines in proportion to their weights, each rounded to cents and the
 * last taking what is left, so the parts add up to the total exactly (a purchase's net in base over its lines).
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

/** What a revaluation must post so the ledger's inventory follows the stock: the stock's change less the ledger's. */
export const revaluationNeeded = (stockChange: MoneyInput, ledgerChange: MoneyInput): string =>
  toDecimalString(round(add(stockChange, negate(ledgerChange))));

/** The memo of a revaluation's lines (the statements and the general ledger show it). */
export const REVALUATION_MEMO = "revaluation";

/** Where a revaluation's other side goes: a loss of damaged stock stays one, opening stock is opening equity. */
export function revaluationAccount(documentType: string): AccountType {
  if (documentType === "damaged_stock") return "damaged_stock";
  if (documentType === "opening_balance") return "opening_balance_equity";
  return "cost_of_goods";
}

/**
 * The lines that bring the ledger's inventory to the stock's value: `amount` (signed, base currency) more
 * inventory against the document's other account, or less.
 */
export function postRevaluation(baseCurrencyId: number, documentType: string, amount: MoneyInput): PostingLine[] {
  const base = { currency_id: baseCurrencyId, exchange_rate: 1 };
  const other: [AccountType, null] = [revaluationAccount(documentType), null];
  const lines = isNegative(amount)
    ? transfer(base, other, ["inventory", null], negate(amount))
    : transfer(base, ["inventory", null], other, amount);
  return lines.map((l) => ({ ...l, memo: REVALUATION_MEMO }));
}
