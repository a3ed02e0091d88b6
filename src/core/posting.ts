/**
 * Posting rules (DESIGN section 3): a document becomes balanced ledger lines. Pure: the server's
 * repositories save what these return, inside the document's transaction. Every function's lines
 * balance per currency (assertBalanced), which the tests check for each document kind.
 *
 * Accounts: partners (supplier, customer) and cashboxes have ids; fixed accounts do not.
 * Balances: supplier = credit - debit (what we owe); customer = debit - credit (what they owe);
 * cashbox = debit - credit (cash held); profit = revenue - cost_of_goods - damaged_stock.
 */
import { add, greaterThan, isPositive, mul, round, sub, sum, toDecimalString, type MoneyInput } from "./money";

export type AccountType =
  | "cashbox"
  | "supplier"
  | "customer"
  | "inventory"
  | "revenue"
  | "cost_of_goods"
  | "damaged_stock"
  | "expense"
  | "income"
  /** An employee: debit - credit is what they owe the business (salary advances not yet recovered). */
  | "employee"
  /** Clearing account of money conversions, one per currency, so each currency's lines still balance. */
  | "currency_exchange"
  /** Cash over and short: what cashbox counts found more or less than the ledger held. */
  | "cash_over_short"
  /** Owners' capital, by partner (account_id) or none: credit - debit is what was put in. */
  | "capital"
  /** The other side of debit invoices: amounts owed without goods (fees, opening balances). */
  | "debit_invoice"
  /** The other side of opening balances (cash, parties, stock the business held when it started on the product). */
  | "opening_balance_equity";

export interface PostingLine {
  account_type: AccountType;
  account_id: number | null;
  currency_id: number;
  debit: string;
  credit: string;
  /** Base-currency units per unit of currency_id. */
  exchange_rate: string;
}

export interface MoneyContext {
  currency_id: number;
  exchange_rate: MoneyInput;
}

const line = (
  account_type: AccountType,
  account_id: number | null,
  ctx: MoneyContext,
  side: "debit" | "credit",
  amount: MoneyInput,
): PostingLine => ({
  account_type,
  account_id,
  currency_id: ctx.currency_id,
  debit: side === "debit" ? toDecimalString(amount) : "0.00",
  credit: side === "credit" ? toDecimalString(amount) : "0.00",
  exchange_rate: toDecimalString(ctx.exchange_rate, 6),
});

/** Debit one account, credit another, for a positive amount; nothing for zero. */
export const transfer = (
  ctx: MoneyContext,
  debit: [AccountType, number | null],
  credit: [AccountType, number | null],
  amount: MoneyInput,
): PostingLine[] =>
  isPositive(amount) ? [line(debit[0], debit[1], ctx, "debit", amount), line(credit[0], credit[1], ctx, "credit", amount)] : [];

export class UnbalancedPostingError extends Error {}

export function assertBalanced(lines: readonly PostingLine[]): void {
  const byCurrency = new Map<number, { debit: MoneyInput[]; credit: MoneyInput[] }>();
  for (const l of lines) {
    const bucket = byCurrency.get(l.currency_id) ?? { debit: [], credit: [] };
    bucket.debit.push(l.debit);
    bucket.credit.push(l.credit);
    byCurrency.set(l.currency_id, bucket);
  }
  for (const [currency, { debit, credit }] of byCurrency) {
    if (!sum(debit).equals(sum(credit))) throw new UnbalancedPostingError(`Posting does not balance in currency ${currency}`);
  }
}

/** Total after the invoice discount. */
export const netTotal = (total: MoneyInput, discount: MoneyInput) => round(sub(total, discount));

export interface PurchaseDoc extends MoneyContext {
  supplier_id: number;
  cashbox_id: number | null;
  total_price: MoneyInput;
  discount: MoneyInput;
  paid_amount: MoneyInput;
}

export function postPurchase(doc: PurchaseDoc): PostingLine[] {
  const net = netTotal(doc.total_price, doc.discount);
  const lines = [
    ...transfer(doc, ["inventory", null], ["supplier", doc.supplier_id], net),
    ...(doc.cashbox_id ? transfer(doc, ["supplier", doc.supplier_id], ["cashbox", doc.cashbox_id], doc.paid_amount) : []),
  ];
  assertBalanced(lines);
  return lines;
}

export interface PurchaseReturnDoc extends MoneyContext {
  supplier_id: number;
  total_price: MoneyInput;
}

/** Goods go back: the supplier owes us (we owe less), inventory falls. */
export function postPurchaseReturn(doc: PurchaseReturnDoc): PostingLine[] {
  const lines = transfer(doc, ["supplier", doc.supplier_id], ["inventory", null], doc.total_price);
  assertBalanced(lines);
  return lines;
}

export interface SaleDoc extends MoneyContext {
  customer_id: number;
  cashbox_id: number | null;
  total_price: MoneyInput;
  discount: MoneyInput;
  paid_amount: MoneyInput;
  /** Cost of the goods sold, in the base currency. */
  cost_total: MoneyInput;
  base_currency_id: number;
}

export function postSale(doc: SaleDoc): PostingLine[] {
  const net = netTotal(doc.total_price, doc.discount);
  const base = { currency_id: doc.base_currency_id, exchange_rate: 1 };
  const lines = [
    ...transfer(doc, ["customer", doc.customer_id], ["revenue", null], net),
    ...(doc.cashbox_id ? transfer(doc, ["cashbox", doc.cashbox_id], ["customer", doc.customer_id], doc.paid_amount) : []),
    ...transfer(base, ["cost_of_goods", null], ["inventory", null], doc.cost_total),
  ];
  assertBalanced(lines);
  return lines;
}

export interface SaleReturnDoc extends MoneyContext {
  customer_id: number;
  total_price: MoneyInput;
  cost_total: MoneyInput;
  base_currency_id: number;
}

/** The returned part of a sale, reversed: revenue and the customer's debt, cost and inventory. */
export function postSaleReturn(doc: SaleReturnDoc): PostingLine[] {
  const base = { currency_id: doc.base_currency_id, exchange_rate: 1 };
  const lines = [
    ...transfer(doc, ["revenue", null], ["customer", doc.customer_id], doc.total_price),
    ...transfer(base, ["inventory", null], ["cost_of_goods", null], doc.cost_total),
  ];
  assertBalanced(lines);
  return lines;
}

export interface DamagedStockDoc {
  base_currency_id: number;
  cost_total: MoneyInput;
}

export function postDamagedStock(doc: DamagedStockDoc): PostingLine[] {
  const lines = transfer(
    { currency_id: doc.base_currency_id, exchange_rate: 1 },
    ["damaged_stock", null],
    ["inventory", null],
    doc.cost_total,
  );
  assertBalanced(lines);
  return lines;
}

/** Line arithmetic shared by the forms and the server: net = price + fee - discount; total = net x qty. */
export function saleLineTotals(line: { quantity: MoneyInput; price: MoneyInput; fee?: MoneyInput; discount?: MoneyInput }) {
  const net = round(sub(add(line.price, line.fee ?? 0), line.discount ?? 0));
  return { net_price: toDecimalString(net), total_price: toDecimalString(round(mul(net, line.quantity))) };
}

export const lineTotal = (quantity: MoneyInput, price: MoneyInput) => toDecimalString(round(mul(quantity, price)));

/** Payment rules of purchases and sales: what was paid never exceeds what is due. */
export function paymentProblem(
  net: MoneyInput,
  paid: MoneyInput,
  cashboxId: number | null,
  paymentType: "cash" | "debit" | null = null,
): "Cashbox is required" | "paid_exceeds_total" | null {
  // A cash sale names the cashbox its money goes to, even when nothing is paid yet.
  if ((paymentType === "cash" || isPositive(paid)) && !cashboxId) return "Cashbox is required";
  if (greaterThan(paid, net)) return "paid_exceeds_total";
  return null;
}

export interface ReceiptDoc extends MoneyContext {
  customer_id: number;
  cashbox_id: number;
  amount: MoneyInput;
}

/** Money from a customer into a cashbox: cash held rises, the customer owes less. */
export function postReceipt(doc: ReceiptDoc): PostingLine[] {
  const lines = transfer(doc, ["cashbox", doc.cashbox_id], ["customer", doc.customer_id], doc.amount);
  assertBalanced(lines);
  return lines;
}

export interface PaymentDoc extends MoneyContext {
  supplier_id: number;
  cashbox_id: number;
  amount: MoneyInput;
}

/** Money paid to a supplier from a cashbox: we owe less, cash held falls. */
export function postPayment(doc: PaymentDoc): PostingLine[] {
  const lines = transfer(doc, ["supplier", doc.supplier_id], ["cashbox", doc.cashbox_id], doc.amount);
  assertBalanced(lines);
  return lines;
}

export interface ExpenseDoc extends MoneyContext {
  expense_type_id: number;
  cashbox_id: number;
  amount: MoneyInput;
}

/** Money spent from a cashbox: the expense account (by type) rises, cash held falls. */
export function postExpense(doc: ExpenseDoc): PostingLine[] {
  const lines = transfer(doc, ["expense", doc.expense_type_id], ["cashbox", doc.cashbox_id], doc.amount);
  assertBalanced(lines);
  return lines;
}

export interface IncomeDoc extends MoneyContext {
  income_type_id: number;
  cashbox_id: number;
  amount: MoneyInput;
}

/** Money taken into a cashbox for an income: cash held rises, the income account (by type) too. */
export function postIncome(doc: IncomeDoc): PostingLine[] {
  const lines = transfer(doc, ["cashbox", doc.cashbox_id], ["income", doc.income_type_id], doc.amount);
  assertBalanced(lines);
  return lines;
}

export interface CashboxTransferDoc extends MoneyContext {
  from_cashbox_id: number;
  to_cashbox_id: number;
  amount: MoneyInput;
}

/** Money moved between two cashboxes of one currency: the receiving one rises, the giving one falls. */
export function postCashboxTransfer(doc: CashboxTransferDoc): PostingLine[] {
  const lines = transfer(doc, ["cashbox", doc.to_cashbox_id], ["cashbox", doc.from_cashbox_id], doc.amount);
  assertBalanced(lines);
  return lines;
}

/**
 * The lines that undo a posting (each debit becomes a credit and back): an edit or delete of a document
 * appends these and, for an edit, the new posting (the ledger repository's repost); the ledger is append-only.
 */
export function reversePosting<L extends PostingLine>(lines: readonly L[]): L[] {
  const reversed = lines.map((l) => ({ ...l, debit: l.credit, credit: l.debit }));
  assertBalanced(reversed);
  return reversed;
}
