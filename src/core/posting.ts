/**
 * Posting rules (DESIGN section 3): a document becomes balanced ledger lines. Pure: the server's
 * repositories save what these return, inside the document's transaction. Every function's lines
 * balance per currency (assertBalanced), which the tests check for each document kind.
 *
 * Accounts: partners (supplier, customer) and cashboxes have ids; fixed accounts do not.
 * Balances: supplier = credit - debit (what we owe); customer = debit - credit (what they owe);
 * cashbox = debit - credit (cash held); profit = revenue - cost_of_goods - damaged_stock.
 */
import { lineBaseValue, realiseExchangeDifference } from "./exchange-difference";
import { add, equals, greaterThan, isPositive, mul, round, sub, sum, toDecimalString, type MoneyInput } from "./money";

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
  /** Realised exchange differences, in the base currency: debit a loss, credit a gain (exchange-difference.ts). */
  | "exchange_gain_loss"
  /** Cash over and short: what cashbox counts found more or less than the ledger held. */
  | "cash_over_short"
  /** Owners' capital, by partner (account_id) or none: credit - debit is what was put in. */
  | "capital"
  /** The other side of debit invoices: amounts owed without goods (fees, opening balances). */
  | "debit_invoice"
  /** Where a closed year's income and expense go (the year's closing entries). */
  | "retained_earnings"
  /** Open credit notes of a customer (account_id): credit - debit is what the business owes them in goods or money. */
  | "customer_credit"
  /** Open credit notes of a supplier (account_id): debit - credit is what the supplier owes the business. */
  | "supplier_credit"
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
  /** What the line is within its document, for the statements ("refund", "credit_note"); none for most. */
  memo?: string;
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

/**
 * Debit one account in the base currency and credit another in the document's currency (or the other way,
 * `baseSide`): in a foreign currency both go through the exchange clearing at the document's rate, so each
 * currency's lines balance and the clearing nets to zero in base. Inventory is kept this way in base.
 */
export function transferInBase(
  ctx: MoneyContext,
  baseCurrencyId: number,
  baseSide: "debit" | "credit",
  baseAccount: [AccountType, number | null],
  docAccount: [AccountType, number | null],
  amount: MoneyInput,
): PostingLine[] {
  const [debit, credit] = baseSide === "debit" ? [baseAccount, docAccount] : [docAccount, baseAccount];
  if (ctx.currency_id === baseCurrencyId) return transfer(ctx, debit, credit, amount);
  const base = { currency_id: baseCurrencyId, exchange_rate: 1 };
  const clearing: [AccountType, null] = ["currency_exchange", null];
  const inBase = lineBaseValue(amount, ctx.exchange_rate);
  return baseSide === "debit"
    ? [...transfer(ctx, clearing, docAccount, amount), ...transfer(base, baseAccount, clearing, inBase)]
    : [...transfer(ctx, docAccount, clearing, amount), ...transfer(base, clearing, baseAccount, inBase)];
}

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
  base_currency_id: number;
  supplier_id: number;
  cashbox_id: number | null;
  total_price: MoneyInput;
  discount: MoneyInput;
  paid_amount: MoneyInput;
}

export function postPurchase(doc: PurchaseDoc): PostingLine[] {
  const net = netTotal(doc.total_price, doc.discount);
  const lines = [
    ...transferInBase(doc, doc.base_currency_id, "debit", ["inventory", null], ["supplier", doc.supplier_id], net),
    ...(doc.cashbox_id ? transfer(doc, ["supplier", doc.supplier_id], ["cashbox", doc.cashbox_id], doc.paid_amount) : []),
  ];
  assertBalanced(lines);
  return lines;
}

export interface PurchaseReturnDoc extends MoneyContext {
  base_currency_id: number;
  supplier_id: number;
  total_price: MoneyInput;
}

/** Goods go back: the supplier owes us (we owe less), inventory falls. */
export function postPurchaseReturn(doc: PurchaseReturnDoc): PostingLine[] {
  const lines = transferInBase(doc, doc.base_currency_id, "credit", ["inventory", null], ["supplier", doc.supplier_id], doc.total_price);
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

/** Money handed over at the counter into a cashbox, or given back from one as change, in the cashbox's currency. */
export interface SaleTender extends MoneyContext {
  cashbox_id: number;
  amount: MoneyInput;
  /** What it is worth in the sale's currency at the sale's rate. */
  value: MoneyInput;
}

/**
 * A sale's counter payment in several currencies: each cashbox takes (or gives, as change) its own
 * currency; a tender in another currency than the sale's passes the exchange clearing, so each currency
 * balances on its own and the customer is credited in the sale's currency. What the counter keeps for
 * lack of a smaller note goes to cash over and short.
 */
export function postSaleTenders(
  sale: MoneyContext & { customer_id: number },
  tenders: readonly SaleTender[],
  change: SaleTender | null,
  kept: MoneyInput,
): PostingLine[] {
  const customer: [AccountType, number] = ["customer", sale.customer_id];
  const clearing: [AccountType, null] = ["currency_exchange", null];
  const sameCurrency = (t: SaleTender) => t.currency_id === sale.currency_id;
  const lines = [
    ...tenders.flatMap((t) =>
      sameCurrency(t)
        ? transfer(sale, ["cashbox", t.cashbox_id], customer, t.amount)
        : [...transfer(t, ["cashbox", t.cashbox_id], clearing, t.amount), ...transfer(sale, clearing, customer, t.value)],
    ),
    ...(change
      ? sameCurrency(change)
        ? transfer(sale, customer, ["cashbox", change.cashbox_id], change.amount)
        : [
            ...transfer(change, clearing, ["cashbox", change.cashbox_id], change.amount),
            ...transfer(sale, customer, clearing, change.value),
          ]
      : []),
    ...transfer(sale, customer, ["cash_over_short", null], kept),
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

/** The memos that tell a statement's refund, credit note and credit note use rows apart. */
export const SETTLEMENT_MEMOS = { refund: "refund", creditNote: "credit_note", creditNoteUse: "credit_note_use" } as const;

const withMemo = (memo: string, lines: PostingLine[]): PostingLine[] => lines.map((l) => ({ ...l, memo }));

/**
 * What a sale return gives back of what the sale took: cash from a cashbox (a refund) and/or a credit
 * note. Both leave the customer's account (debit it back), since the return credited it with the goods.
 */
export interface SaleReturnSettlement extends MoneyContext {
  customer_id: number;
  refund_cashbox_id: number | null;
  refund_amount: MoneyInput;
  credit_note_amount: MoneyInput;
}

/** The refund pays the customer from the cashbox; the credit note moves their credit to their credit-note account. */
export function postSaleReturnSettlement(doc: SaleReturnSettlement): PostingLine[] {
  const lines = [
    ...withMemo(
      SETTLEMENT_MEMOS.refund,
      doc.refund_cashbox_id ? transfer(doc, ["customer", doc.customer_id], ["cashbox", doc.refund_cashbox_id], doc.refund_amount) : [],
    ),
    ...withMemo(
      SETTLEMENT_MEMOS.creditNote,
      transfer(doc, ["customer", doc.customer_id], ["customer_credit", doc.customer_id], doc.credit_note_amount),
    ),
  ];
  assertBalanced(lines);
  return lines;
}

/** The mirror for a purchase return: the supplier pays into a cashbox, or owes it as a supplier credit note. */
export interface PurchaseReturnSettlement extends MoneyContext {
  supplier_id: number;
  refund_cashbox_id: number | null;
  refund_amount: MoneyInput;
  credit_note_amount: MoneyInput;
}

export function postPurchaseReturnSettlement(doc: PurchaseReturnSettlement): PostingLine[] {
  const lines = [
    ...withMemo(
      SETTLEMENT_MEMOS.refund,
      doc.refund_cashbox_id ? transfer(doc, ["cashbox", doc.refund_cashbox_id], ["supplier", doc.supplier_id], doc.refund_amount) : [],
    ),
    ...withMemo(
      SETTLEMENT_MEMOS.creditNote,
      transfer(doc, ["supplier_credit", doc.supplier_id], ["supplier", doc.supplier_id], doc.credit_note_amount),
    ),
  ];
  assertBalanced(lines);
  return lines;
}

/** A part of a credit note a document uses, and the rate the note was booked at (its return's). */
export interface CreditNoteSpend {
  amount: MoneyInput;
  note_rate: MoneyInput;
}

/**
 * The uses as settlements: each note leaves at its own booked rate, the party's account at its book rate
 * (else the document's), through the exchange clearing when they differ, the difference realised
 * (exchange-difference.ts). A bare amount is one use at the document's rate.
 */
function creditUses(
  ctx: MoneyContext & SettlementRates,
  account: { note: AccountType; party: AccountType; id: number; noteSide: "debit" | "credit" },
  spent: MoneyInput | readonly CreditNoteSpend[],
): PostingLine[] {
  const spends: readonly CreditNoteSpend[] = Array.isArray(spent) ? spent : [{ amount: spent as MoneyInput, note_rate: ctx.exchange_rate }];
  const partyRate = ctx.party_rate ?? ctx.exchange_rate;
  const base = ctx.base_currency_id ?? ctx.currency_id;
  const lines = spends.flatMap((s) => {
    const note: [AccountType, number, MoneyInput] = [account.note, account.id, s.note_rate];
    const party: [AccountType, number, MoneyInput] = [account.party, account.id, partyRate];
    return account.noteSide === "debit" ? settle(ctx, note, party, s.amount, base) : settle(ctx, party, note, s.amount, base);
  });
  assertBalanced(lines);
  return withMemo(SETTLEMENT_MEMOS.creditNoteUse, lines);
}

/** A later invoice or receipt paid with open credit notes: the customer owes less, their credit note account falls. */
export const postCustomerCreditUse = (
  ctx: MoneyContext & SettlementRates,
  customerId: number,
  spent: MoneyInput | readonly CreditNoteSpend[],
): PostingLine[] => creditUses(ctx, { note: "customer_credit", party: "customer", id: customerId, noteSide: "debit" }, spent);

/** A later purchase or payment paid with a supplier's credit notes: we owe less, what the supplier owed us falls. */
export const postSupplierCreditUse = (
  ctx: MoneyContext & SettlementRates,
  supplierId: number,
  spent: MoneyInput | readonly CreditNoteSpend[],
): PostingLine[] => creditUses(ctx, { note: "supplier_credit", party: "supplier", id: supplierId, noteSide: "credit" }, spent);

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

/**
 * A settlement in one currency whose two accounts carry different rates (a debt booked at one rate, paid
 * with money held at another): each side at its own rate through the exchange clearing, and the base
 * difference realised (exchange-difference.ts). At one rate it is a plain transfer.
 */
function settle(
  ctx: MoneyContext,
  debit: [AccountType, number | null, MoneyInput],
  credit: [AccountType, number | null, MoneyInput],
  amount: MoneyInput,
  baseCurrencyId: number,
): PostingLine[] {
  const [debitType, debitId, debitRate] = debit;
  const [creditType, creditId, creditRate] = credit;
  if (equals(debitRate, creditRate))
    return transfer({ ...ctx, exchange_rate: debitRate }, [debitType, debitId], [creditType, creditId], amount);
  const clearing: [AccountType, null] = ["currency_exchange", null];
  const lines = [
    ...transfer({ ...ctx, exchange_rate: debitRate }, [debitType, debitId], clearing, amount),
    ...transfer({ ...ctx, exchange_rate: creditRate }, clearing, [creditType, creditId], amount),
  ];
  return [...lines, ...realiseExchangeDifference(lines, baseCurrencyId)];
}

/** The book rates of a settlement's accounts (exchange-difference.ts bookRate); without them, the document's rate. */
export interface SettlementRates {
  base_currency_id?: number;
  /** The party's book rate: what its debt was booked at, on average. */
  party_rate?: MoneyInput;
  /** The paying cashbox's book rate (payments: money leaving it). */
  cashbox_rate?: MoneyInput;
}

export interface ReceiptDoc extends MoneyContext, SettlementRates {
  customer_id: number;
  cashbox_id: number;
  amount: MoneyInput;
}

/**
 * Money from a customer into a cashbox: cash held rises (at the document's rate), the customer owes less
 * (at its book rate); a difference between the two is an exchange gain or loss.
 */
export function postReceipt(doc: ReceiptDoc): PostingLine[] {
  const lines = settle(
    doc,
    ["cashbox", doc.cashbox_id, doc.exchange_rate],
    ["customer", doc.customer_id, doc.party_rate ?? doc.exchange_rate],
    doc.amount,
    doc.base_currency_id ?? doc.currency_id,
  );
  assertBalanced(lines);
  return lines;
}

export interface PaymentDoc extends MoneyContext, SettlementRates {
  supplier_id: number;
  cashbox_id: number;
  amount: MoneyInput;
}

/**
 * Money paid to a supplier from a cashbox: we owe less (at the supplier's book rate), cash held falls (at
 * the cashbox's); a difference between the two is an exchange gain or loss.
 */
export function postPayment(doc: PaymentDoc): PostingLine[] {
  const lines = settle(
    doc,
    ["supplier", doc.supplier_id, doc.party_rate ?? doc.exchange_rate],
    ["cashbox", doc.cashbox_id, doc.cashbox_rate ?? doc.exchange_rate],
    doc.amount,
    doc.base_currency_id ?? doc.currency_id,
  );
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
