/**
 * What a sale or purchase return gives back of what its invoice took (DESIGN "Money documents"): cash
 * through a cashbox (a refund) or a credit note the party's later invoices use. Pure; the server checks
 * it with the invoice and the cashbox locked.
 */
import { add, greaterThan, isPositive, max, min, toDecimalString, type Money, type MoneyInput } from "./money";

export interface SettlementAsk {
  refund: { cashbox: number; amount: MoneyInput } | null;
  credit_note: boolean;
}

/**
 * The most a return may give back: no more than it returns, and no more than its invoice took (its paid
 * amount now, with what this return gave back before, for an edit). Never below zero.
 */
export const returnableAmount = (returnTotal: MoneyInput, invoicePaid: MoneyInput, givenBefore: MoneyInput): Money =>
  max(min(returnTotal, add(invoicePaid, givenBefore)), 0);

export type SettlementProblem = "both" | "refund_above_returnable" | "nothing_to_credit" | null;

export function settlementProblem(ask: SettlementAsk, returnable: MoneyInput): SettlementProblem {
  if (ask.refund && ask.credit_note) return "both";
  if (ask.refund && greaterThan(ask.refund.amount, returnable)) return "refund_above_returnable";
  if (ask.credit_note && !isPositive(returnable)) return "nothing_to_credit";
  return null;
}

/** The refund as asked; a credit note of all that may be given back. */
export function settledAmounts(ask: SettlementAsk, returnable: MoneyInput): { refund: string; creditNote: string } {
  return {
    refund: toDecimalString(ask.refund ? ask.refund.amount : 0),
    creditNote: toDecimalString(ask.credit_note ? returnable : 0),
  };
}
