/**
 * Exchange differences (DESIGN "The books"). Every ledger line carries the rate it was booked at, and its
 * base value is its amount at that rate, rounded to cents (lineBaseValue: the statements sum exactly these).
 * What an account holds in a foreign currency therefore has a base value too, and its book rate is that
 * value per unit held: a moving average, because each inflow adds its own amount at its own rate.
 *
 * Money leaving a cashbox (a conversion, a payment) or a debt being settled (a receipt, a payment) leaves at
 * the account's book rate; what it is worth at the other side differs when rates moved, and that difference
 * is realised: it goes from the exchange clearing to exchange gains and losses, in the base currency, so the
 * clearing nets to zero in base after every document. Pure, like posting.ts.
 */
import { div, isPositive, isZero, mul, negate, round, sum, toDecimalString, type MoneyInput } from "./money";
import type { PostingLine } from "./posting";
import { RATE_DECIMALS } from "./validation/accounting-schemas";

/** A line's amount in the base currency: amount x rate, rounded half up to cents. */
export const lineBaseValue = (amount: MoneyInput, rate: MoneyInput) => round(mul(amount, rate));

/** What one account holds in one currency: debit - credit in that currency, and the base value of the same lines. */
export interface Holding {
  units: MoneyInput;
  base: MoneyInput;
}

/**
 * The book rate of a holding: its base value per unit held (a liability's both sides are negative, which
 * reads the same), to the ledger's rate decimals. An account that holds nothing, or whose value and units
 * disagree in sign (left over from rounding), has no average of its own: the fallback (today's rate) is used.
 */
export function bookRate(holding: Holding, fallback: MoneyInput): string {
  if (!isZero(holding.units)) {
    const average = div(holding.base, holding.units);
    if (isPositive(average)) return toDecimalString(average, RATE_DECIMALS);
  }
  return toDecimalString(fallback, RATE_DECIMALS);
}

/** debit - credit of the exchange clearing in the base currency over some lines. */
export function clearingBaseNet(lines: readonly PostingLine[]): string {
  const clearing = lines.filter((l) => l.account_type === "currency_exchange");
  return toDecimalString(sum(clearing.map((l) => lineBaseValue(l.debit, l.exchange_rate).minus(lineBaseValue(l.credit, l.exchange_rate)))));
}

/**
 * The lines that close a document's exchange clearing in the base currency: what it was debited more than
 * credited (the value given exceeded the value received) is a loss, the other way a gain. The clearing's
 * foreign lines stay as they are, so each currency's lines still balance; nothing for no difference.
 */
export function realiseExchangeDifference(lines: readonly PostingLine[], baseCurrencyId: number): PostingLine[] {
  const net = clearingBaseNet(lines);
  if (isZero(net)) return [];
  const amount = toDecimalString(isPositive(net) ? net : negate(net));
  const side = (account_type: PostingLine["account_type"], debit: boolean): PostingLine => ({
    account_type,
    account_id: null,
    currency_id: baseCurrencyId,
    debit: debit ? amount : "0.00",
    credit: debit ? "0.00" : amount,
    exchange_rate: toDecimalString(1, RATE_DECIMALS),
  });
  // A loss debits exchange gains and losses and credits the clearing; a gain the other way.
  const loss = isPositive(net);
  return [side("exchange_gain_loss", loss), side("currency_exchange", !loss)];
}

/**
 * A posting booked before inventory was kept in the base currency, as it is now (posting.ts transferInBase):
 * each inventory line in a foreign currency becomes the clearing's line in that currency and an inventory
 * line in base against the clearing, at the line's own rate. Null when the posting has no such line.
 */
export function inventoryInBase<L extends PostingLine>(lines: readonly L[], baseCurrencyId: number): L[] | null {
  const foreign = (l: L) => l.account_type === "inventory" && l.currency_id !== baseCurrencyId;
  if (!lines.some(foreign)) return null;
  return lines.flatMap((l) => {
    if (!foreign(l)) return [l];
    const value = toDecimalString(lineBaseValue(isPositive(l.debit) ? l.debit : l.credit, l.exchange_rate));
    const base = { ...l, currency_id: baseCurrencyId, exchange_rate: toDecimalString(1, RATE_DECIMALS) };
    const debit = isPositive(l.debit);
    return [
      { ...l, account_type: "currency_exchange" as const },
      { ...base, debit: debit ? value : "0.00", credit: debit ? "0.00" : value },
      { ...base, account_type: "currency_exchange" as const, debit: debit ? "0.00" : value, credit: debit ? value : "0.00" },
    ];
  });
}
