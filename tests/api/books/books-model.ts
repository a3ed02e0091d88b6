import type { PartyKind } from "./books-helpers";

/**
 * What books-add-up.test.ts believes the books hold: the world it works in (branches, inventories,
 * cashboxes, parties of its own) and a small model of every document it sent and the server accepted.
 * Amounts in integer cents, quantities in integer thousandths.
 */

export interface BranchWorld {
  id: number;
  /** [warehouse, shop floor]. */
  inventories: number[];
  /** Demo cashboxes, and a fresh IQD one that starts empty so that overdrafts come up. */
  boxes: { iqd: number; usd: number; thin: number };
  /** Fresh parties: only this test's documents touch them. */
  customers: number[];
  suppliers: number[];
}

/** A branch's opening balance (the demo's), with the lines an edit sends again. */
export interface OpeningWorld {
  id: number;
  date: string;
  lines: {
    cashboxes: { cashbox: number; amount: string }[];
    customers: { customer: number; currency: number; amount: string }[];
    suppliers: { supplier: number; currency: number; amount: string }[];
    stock: { inventory: number; item: number; batch_number: string; expire_date: string | null; quantity: string; cost: string }[];
  };
}

export interface World {
  iqd: number;
  usd: number;
  branches: BranchWorld[];
  /** Each branch's opening balance, by branch id. */
  openings: Map<number, OpeningWorld>;
  service: number;
  items: number[];
  expenseType: number;
  incomeType: number;
}

export interface StockRow {
  id: number;
  inventory: number;
  item: number;
  batch: string;
  expire: string | null;
  /** Thousandths. */
  quantity: number;
}

/** A document line: quantity in thousandths (whole units here), price per unit in cents. */
export interface Line {
  stock: number | null;
  item: number;
  quantity: number;
  price: number;
}

export interface SaleDoc {
  id: number;
  branch: BranchWorld;
  inventory: number;
  customer: number;
  currency: number;
  cashbox: number | null;
  lines: Line[];
  discount: number;
  /** Paid at the counter, through the sale's own cashbox. */
  counter: number;
  /** Allocated by receipts. */
  allocated: number;
  live: boolean;
}

export interface PurchaseLine extends Line {
  stock: number;
  batch: string;
}

export interface PurchaseDoc {
  id: number;
  branch: BranchWorld;
  inventory: number;
  supplier: number;
  currency: number;
  cashbox: number | null;
  lines: PurchaseLine[];
  discount: number;
  counter: number;
  allocated: number;
  live: boolean;
}

export interface ReturnDoc<D> {
  id: number;
  of: D;
  lines: Line[];
  live: boolean;
  /** What it gave back of what its invoice took: cash through a cashbox (a refund), or a credit note, in cents. */
  refund: number;
  refundBox: number | null;
  credit: number;
  /** What receipts (payments) use of its credit note now. */
  used: number;
}

/** A part of a return's credit note that a receipt or payment uses. */
export interface NoteUse {
  note: ReturnDoc<SaleDoc> | ReturnDoc<PurchaseDoc>;
  amount: number;
}

export interface MoneyDoc {
  id: number;
  kind: "receipt" | "payment";
  branch: BranchWorld;
  party: number;
  cashbox: number;
  currency: number;
  amount: number;
  allocations: { invoice: number; amount: number }[];
  /** The party's credit notes it uses beside its cash: they settle invoices as its amount does. */
  notes: NoteUse[];
  live: boolean;
}

export interface CashDoc {
  id: number;
  kind: "expense" | "income";
  branch: BranchWorld;
  cashbox: number;
  amount: number;
  live: boolean;
  /** A backdated one's date (the others are dated today); edits and deletes leave those alone. */
  date?: string;
}

export interface CashTransfer {
  id: number;
  from: number;
  to: number;
  amount: number;
  live: boolean;
}

export interface StockTransfer {
  id: number;
  branch: BranchWorld;
  from: number;
  to: number;
  lines: { stock: number; quantity: number }[];
  approved: boolean;
  live: boolean;
}

export const lineTotal = (l: { quantity: number; price: number }) => {
  const total = (l.price * l.quantity) / 1000;
  if (!Number.isInteger(total)) throw new Error(`line total ${l.price} x ${l.quantity} is not whole cents`);
  return total;
};
export const linesTotal = (lines: readonly { quantity: number; price: number }[]) => lines.reduce((s, l) => s + lineTotal(l), 0);

/** What the test believes the books hold, kept from what it sent and what the server accepted. */
export class Books {
  readonly stock = new Map<number, StockRow>();
  readonly cash = new Map<number, number>();
  /** What a customer owes us, or what we owe a supplier, per currency, in cents. */
  readonly owed = new Map<string, number>();
  readonly sales: SaleDoc[] = [];
  readonly saleReturns: ReturnDoc<SaleDoc>[] = [];
  readonly purchases: PurchaseDoc[] = [];
  readonly purchaseReturns: ReturnDoc<PurchaseDoc>[] = [];
  readonly moneyDocs: MoneyDoc[] = [];
  readonly cashDocs: CashDoc[] = [];
  readonly cashTransfers: CashTransfer[] = [];
  readonly stockTransfers: StockTransfer[] = [];
  /** Each branch's lock date, as this test set it. */
  readonly locks = new Map<number, string>();
  /**
   * Per cashbox, what each past day (before today) moved, in cents: the ledger's when the run began,
   * plus this test's backdated documents. Every other document of the test is dated today.
   */
  readonly pastDays = new Map<number, Map<string, number>>();
  /** The first ledger row this run books: what the exchange checks read. */
  firstLedgerId = 0;

  quantity(stockId: number): number {
    const row = this.stock.get(stockId);
    if (!row) throw new Error(`stock ${stockId} is not in the model`);
    return row.quantity;
  }

  move(stockId: number, delta: number) {
    const row = this.stock.get(stockId);
    if (!row) throw new Error(`stock ${stockId} is not in the model`);
    row.quantity += delta;
  }

  /** A stock row the server named (a purchase's or a transfer's target): new rows start empty. */
  adopt(answer: { id: number; inventory: number; item: number; batch: string; expire: string | null }) {
    if (!this.stock.has(answer.id)) this.stock.set(answer.id, { ...answer, quantity: 0 });
  }

  balance(cashbox: number): number {
    return this.cash.get(cashbox) ?? 0;
  }

  addCash(cashbox: number, delta: number) {
    this.cash.set(cashbox, this.balance(cashbox) + delta);
  }

  owedBy(kind: PartyKind, party: number, currency: number): number {
    return this.owed.get(`${kind}:${party}:${currency}`) ?? 0;
  }

  addOwed(kind: PartyKind, party: number, currency: number, delta: number) {
    this.owed.set(`${kind}:${party}:${currency}`, this.owedBy(kind, party, currency) + delta);
  }
}

export const saleNet = (s: SaleDoc) => linesTotal(s.lines) - s.discount;
export const purchaseNet = (p: PurchaseDoc) => linesTotal(p.lines) - p.discount;
export const liveReturnsOf = <D>(returns: readonly ReturnDoc<D>[], doc: D) => returns.filter((r) => r.live && r.of === doc);
export const returnedQuantity = <D>(returns: readonly ReturnDoc<D>[], doc: D, stock: number) =>
  liveReturnsOf(returns, doc).reduce((s, r) => s + r.lines.filter((l) => l.stock === stock).reduce((q, l) => q + l.quantity, 0), 0);
export const returnedTotal = <D>(returns: readonly ReturnDoc<D>[], doc: D) =>
  liveReturnsOf(returns, doc).reduce((s, r) => s + linesTotal(r.lines), 0);
/** What an invoice owes after its returns (core invoiceStanding): its net less what they took back. */
export const owedAfter = <D>(net: number, returns: readonly ReturnDoc<D>[], doc: D) => Math.max(net - returnedTotal(returns, doc), 0);
/** What the invoice's live returns gave back of what it took (refunds and credit notes): its paid amount fell by it. */
export const givenBackOf = <D>(returns: readonly ReturnDoc<D>[], doc: D) =>
  liveReturnsOf(returns, doc).reduce((s, r) => s + r.refund + r.credit, 0);
/** An invoice's paid amount: at the counter, by receipts (payments), less what its returns gave back. */
export const paidOf = <D extends { counter: number; allocated: number }>(returns: readonly ReturnDoc<D>[], doc: D) =>
  doc.counter + doc.allocated - givenBackOf(returns, doc);
/** A credit note's open amount. */
export const noteOpen = (r: { credit: number; used: number }) => r.credit - r.used;
