/**
 * Postings of the cashbox and party documents beyond receipts, payments, expenses, incomes and transfers:
 * money conversions, cashbox adjustments, capital and debit invoices. Pure, like posting.ts;
 * every function's lines balance per currency (assertBalanced).
 */
import { realiseExchangeDifference } from "./exchange-difference";
import { isNegative, negate, type MoneyInput } from "./money";
import { assertBalanced, transfer, type MoneyContext, type PostingLine } from "./posting";

const balanced = (lines: PostingLine[]): PostingLine[] => {
  assertBalanced(lines);
  return lines;
};

export interface MoneyConversionDoc {
  from_cashbox_id: number;
  to_cashbox_id: number;
  from: MoneyContext;
  to: MoneyContext;
  /** What leaves the source cashbox, in its currency. */
  amount: MoneyInput;
  /** What enters the target cashbox, in its currency. */
  amount_in: MoneyInput;
  base_currency_id: number;
}

/**
 * Each currency balances on its own through the currency_exchange clearing account: the source's currency
 * leaves its cashbox into the clearing account (at the source's rate, its book rate), the target's comes out
 * of it into the target cashbox (at the conversion's rate). What the two differ in base is the exchange
 * gain or loss of the conversion, which leaves the clearing at zero in base.
 */
export function postMoneyConversion(doc: MoneyConversionDoc): PostingLine[] {
  const lines = [
    ...transfer(doc.from, ["currency_exchange", null], ["cashbox", doc.from_cashbox_id], doc.amount),
    ...transfer(doc.to, ["cashbox", doc.to_cashbox_id], ["currency_exchange", null], doc.amount_in),
  ];
  return balanced([...lines, ...realiseExchangeDifference(lines, doc.base_currency_id)]);
}

export interface CashboxAdjustmentDoc extends MoneyContext {
  cashbox_id: number;
  /** counted - expected: positive books money in, negative out. */
  amount: MoneyInput;
}

/** A count above the ledger books the surplus into the cashbox; below it, the shortage out (cash over and short). */
export function postCashboxAdjustment(doc: CashboxAdjustmentDoc): PostingLine[] {
  return balanced(
    isNegative(doc.amount)
      ? transfer(doc, ["cash_over_short", null], ["cashbox", doc.cashbox_id], negate(doc.amount))
      : transfer(doc, ["cashbox", doc.cashbox_id], ["cash_over_short", null], doc.amount),
  );
}

export type CapitalDirection = "in" | "out";

export interface CapitalDoc extends MoneyContext {
  direction: CapitalDirection;
  partner_id: number | null;
  cashbox_id: number;
  amount: MoneyInput;
}

/** Capital put in raises the cashbox and the partner's capital; a drawing lowers both. */
export function postCapital(doc: CapitalDoc): PostingLine[] {
  const owner: ["capital", number | null] = ["capital", doc.partner_id];
  return balanced(
    doc.direction === "in"
      ? transfer(doc, ["cashbox", doc.cashbox_id], owner, doc.amount)
      : transfer(doc, owner, ["cashbox", doc.cashbox_id], doc.amount),
  );
}

export interface DebitInvoiceDoc extends MoneyContext {
  party: "supplier" | "customer";
  party_id: number;
  amount: MoneyInput;
}

/** An amount owed without goods: a customer owes more (debit), or we owe a supplier more (credit). */
export function postDebitInvoice(doc: DebitInvoiceDoc): PostingLine[] {
  const party: ["supplier" | "customer", number] = [doc.party, doc.party_id];
  return balanced(
    doc.party === "customer"
      ? transfer(doc, party, ["debit_invoice", null], doc.amount)
      : transfer(doc, ["debit_invoice", null], party, doc.amount),
  );
}
