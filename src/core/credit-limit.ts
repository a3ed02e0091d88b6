/**
 * A customer's credit limit (customer.credit_limit, in the base currency): whether a sale takes them
 * past it. A warning, never a block; the counter and the sale form ask the same question here.
 *
 * "Past the limit": what they owe after the sale's unpaid part is more than the limit. Owing exactly the
 * limit is within it; a sale that adds nothing owed (paid in full) never warns, even for a customer
 * already past the limit, since it does not take them further.
 */
import { add, greaterThan, isPositive, max, mul, round, sub, toDecimalString, tryMoney, type MoneyInput } from "./money";

export interface CreditLimitInput {
  /** The customer's limit in the base currency; null or "" for none. */
  limit: MoneyInput | null | undefined;
  /** What the customer owes now, in the base currency (negative: we owe them). */
  balance: MoneyInput;
  /** What this sale leaves unpaid, in the sale's currency. */
  owed: MoneyInput;
  /** Base units per unit of the sale's currency (1 for a sale in the base currency). */
  rate?: MoneyInput;
}

export interface CreditLimitCheck {
  /** What the customer would owe after the sale, in the base currency. */
  after: string;
  /** The sale takes them past their limit. */
  over: boolean;
  /** By how much `after` passes the limit (0 when within it or without one). */
  excess: string;
  /** What is left of the limit before the sale (null without a limit; never below 0). */
  available: string | null;
}

/** A sale's unpaid part in the base currency, to the cent. */
export const owedInBase = (owed: MoneyInput, rate: MoneyInput = 1): string => toDecimalString(round(mul(owed, rate)));

export function checkCreditLimit({ limit, balance, owed, rate = 1 }: CreditLimitInput): CreditLimitCheck {
  const added = tryMoney(owedInBase(tryMoney(owed) ?? 0, tryMoney(rate) ?? 1)) ?? 0;
  const after = add(tryMoney(balance) ?? 0, added);
  const ceiling = limit === null || limit === undefined || limit === "" ? null : tryMoney(limit);
  if (ceiling === null) return { after: toDecimalString(after), over: false, excess: "0.00", available: null };
  const over = isPositive(added) && greaterThan(after, ceiling);
  return {
    after: toDecimalString(after),
    over,
    excess: toDecimalString(over ? sub(after, ceiling) : 0),
    available: toDecimalString(max(sub(ceiling, tryMoney(balance) ?? 0), 0)),
  };
}
