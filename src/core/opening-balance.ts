/**
 * The opening balance of a branch (DESIGN "The books"): its cash, what its customers owe and its
 * suppliers are owed, and its stock at cost, on the day the business starts on the product, each against
 * opening balance equity. Pure, like posting.ts: the lines balance in every currency on their own
 * (each currency's money meets opening balance equity in that currency, so no clearing is needed), and
 * stock is valued in the base currency at quantity x cost.
 */
import { mul, round, sum, toDecimalString, type MoneyInput } from "./money";
import { assertBalanced, transfer, type MoneyContext, type PostingLine } from "./posting";

export interface OpeningMoneyLine extends MoneyContext {
  amount: MoneyInput;
}

export interface OpeningBalanceDoc {
  base_currency_id: number;
  cashboxes: (OpeningMoneyLine & { cashbox_id: number })[];
  customers: (OpeningMoneyLine & { customer_id: number })[];
  suppliers: (OpeningMoneyLine & { supplier_id: number })[];
  stock: { quantity: MoneyInput; cost: MoneyInput }[];
}

const EQUITY: ["opening_balance_equity", null] = ["opening_balance_equity", null];

/** A stock line's value: quantity x unit cost, to the cent. */
export const openingStockValue = (quantity: MoneyInput, cost: MoneyInput) => toDecimalString(round(mul(quantity, cost)));

/** Cash held and what customers owe are assets (debit); what suppliers are owed a liability (credit); stock an asset. */
export function postOpeningBalance(doc: OpeningBalanceDoc): PostingLine[] {
  const base = { currency_id: doc.base_currency_id, exchange_rate: 1 };
  const stockValue = round(sum(doc.stock.map((l) => openingStockValue(l.quantity, l.cost))));
  const lines = [
    ...doc.cashboxes.flatMap((l) => transfer(l, ["cashbox", l.cashbox_id], EQUITY, l.amount)),
    ...doc.customers.flatMap((l) => transfer(l, ["customer", l.customer_id], EQUITY, l.amount)),
    ...doc.suppliers.flatMap((l) => transfer(l, EQUITY, ["supplier", l.supplier_id], l.amount)),
    ...transfer(base, ["inventory", null], EQUITY, stockValue),
  ];
  assertBalanced(lines);
  return lines;
}

/** The identity of a stock line; two lines of one document may not share it. */
export const openingStockKey = (l: { inventory: number; item: number; batch_number?: string | null }) =>
  `${l.inventory}:${l.item}:${(l.batch_number ?? "").trim()}`;

/** Indexes of the lines that repeat an earlier line's key (the form and the server mark each). */
export function repeatedLines<L>(lines: readonly L[], key: (line: L) => string): number[] {
  const seen = new Set<string>();
  const repeated: number[] = [];
  lines.forEach((line, index) => {
    const k = key(line);
    if (seen.has(k)) repeated.push(index);
    seen.add(k);
  });
  return repeated;
}
