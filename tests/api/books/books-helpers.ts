import { sql } from "drizzle-orm";
import { queryRows } from "../../../src/server/db/client";
import type { TestApp } from "../support/test-app";
import { unbalancedGroups } from "../accounting/ledger-helpers";
import type { Books } from "./books-model";

/**
 * What books-add-up.test.ts needs besides its operations: a seeded random source, exact decimals
 * (amounts in integer cents, quantities in integer thousandths, never float arithmetic on money), a
 * fingerprint of everything a refused write must leave alone, and the invariants read back from the
 * server (API first, raw tables where the API does not say). Nothing here imports server code to
 * compute an expected value.
 */

// ------------------------------------------------------------------------------------- random source

/** mulberry32: a tiny deterministic generator, so a failing run replays from its seed. */
function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = state;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

export class Dice {
  private readonly next: () => number;

  constructor(seed: number) {
    this.next = mulberry32(seed);
  }

  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error("pick from an empty list");
    return items[this.int(0, items.length - 1)];
  }

  /** Up to `count` distinct items, in random order. */
  some<T>(items: readonly T[], count: number): T[] {
    const pool = [...items];
    const out: T[] = [];
    while (out.length < count && pool.length > 0) out.push(pool.splice(this.int(0, pool.length - 1), 1)[0]);
    return out;
  }

  /** One of the keys, with chances proportional to the weights. */
  weighted<K extends string>(weights: Record<K, number>): K {
    const entries = Object.entries(weights) as [K, number][];
    let roll = this.next() * entries.reduce((total, [, w]) => total + w, 0);
    for (const [key, w] of entries) {
      roll -= w;
      if (roll < 0) return key;
    }
    return entries[entries.length - 1][0];
  }
}

// ---------------------------------------------------------------------------------- exact decimals

/** A decimal string as an integer count of 10^-scale units ("12.50" at scale 2 is 1250); refuses lost digits. */
export function scaled(text: string, scale: number): number {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!match) throw new Error(`not a decimal: ${text}`);
  const fraction = match[3] ?? "";
  if (/[^0]/.test(fraction.slice(scale))) throw new Error(`${text} has more than ${scale} decimals`);
  const value = Number(match[2]) * 10 ** scale + Number(fraction.slice(0, scale).padEnd(scale, "0") || "0");
  if (!Number.isSafeInteger(value)) throw new Error(`${text} is too large to count exactly`);
  return match[1] ? -value : value;
}

/** An integer count of 10^-scale units as a decimal string (1250 at scale 2 is "12.50"). */
export function decimal(value: number, scale: number): string {
  const digits = String(Math.abs(value)).padStart(scale + 1, "0");
  const text = scale ? `${digits.slice(0, -scale)}.${digits.slice(-scale)}` : digits;
  return value < 0 ? `-${text}` : text;
}

export const cents = (text: string) => scaled(text, 2);
export const money = (value: number) => decimal(value, 2);
/** Quantities in thousandths: the server's quantity scale. */
export const milli = (text: string) => scaled(text, 3);
export const units = (value: number) => decimal(value, 3);

// ------------------------------------------------------------------------------------ fingerprint

/**
 * Everything of the books a refused write must leave as it was: ledger, stock and its movements,
 * the documents and their allocations, invoices' paid amounts. Compared as one text, before and after.
 */
export async function booksFingerprint(t: TestApp): Promise<string> {
  const [row] = await queryRows<Record<string, string>>(
    t.db,
    sql`select
      (select count(*) || '/' || coalesce(sum(debit), 0) || '/' || coalesce(sum(credit), 0) from ledger_entry) as ledger,
      (select count(*) || '/' || coalesce(sum(quantity), 0) from stock_movement) as movements,
      (select count(*) || '/' || coalesce(sum(quantity), 0) from stock) as stock,
      (select count(*) || '/' || coalesce(sum(paid_amount), 0) || '/' || coalesce(sum(total_price), 0) from sale where deleted_at is null) as sales,
      (select count(*) || '/' || coalesce(sum(paid_amount), 0) || '/' || coalesce(sum(total_price), 0) from purchase) as purchases,
      (select count(*) || '/' || coalesce(sum(total_price), 0) from sale_return) as sale_returns,
      (select count(*) || '/' || coalesce(sum(total_price), 0) from purchase_return) as purchase_returns,
      (select count(*) || '/' || coalesce(sum(amount), 0) from receipt) as receipts,
      (select count(*) || '/' || coalesce(sum(amount), 0) from payment) as payments,
      (select count(*) || '/' || coalesce(sum(amount), 0) from receipt_allocation) as receipt_allocations,
      (select count(*) || '/' || coalesce(sum(amount), 0) from payment_allocation) as payment_allocations,
      (select count(*) || '/' || coalesce(sum(amount), 0) from expense) as expenses,
      (select count(*) || '/' || coalesce(sum(amount), 0) from income) as incomes,
      (select count(*) || '/' || coalesce(sum(amount), 0) from cashbox_transfer) as cashbox_transfers,
      (select count(*) || '/' || count(*) filter (where approved) from inventory_stock_transfer) as inventory_transfers,
      (select count(*) || '/' || coalesce(sum(quantity), 0) from inventory_stock_transfer_item) as inventory_transfer_lines`,
  );
  return JSON.stringify(row);
}

// ------------------------------------------------------------------------------------------ reads

export interface StockAnswer {
  id: number;
  inventory: number;
  item: { id: number };
  batch_number: string;
  expire_date: string | null;
  quantity: string;
}

/** The stock rows with these ids (or of these items), through the paged stock list. */
export async function stockRows(t: TestApp, token: string, filter: "id" | "item", ids: readonly number[]): Promise<StockAnswer[]> {
  const rows: StockAnswer[] = [];
  for (let start = 0; start < ids.length; start += 150) {
    const chunk = ids.slice(start, start + 150).join(",");
    for (let page = 1; ; page += 1) {
      const res = await t.call<{ next: string | null; results: StockAnswer[] }>(
        token,
        "GET",
        `/api/stock/?${filter}=${chunk}&page_size=200&page=${page}`,
      );
      if (res.status !== 200) throw new Error(`GET /api/stock/: ${res.status} ${JSON.stringify(res.body)}`);
      rows.push(...res.body.results);
      if (!res.body.next) break;
    }
  }
  return rows;
}

// ------------------------------------------------------------------------------------- invariants

/** The ledger: every (document, currency) group balances; the first few that do not are named. */
export async function ledgerProblems(t: TestApp): Promise<string[]> {
  if ((await unbalancedGroups(t)) === 0) return [];
  const groups = await queryRows<{ document_type: string; document_id: number; currency_id: number; debit: string; credit: string }>(
    t.db,
    sql`select document_type, document_id, currency_id, sum(debit)::text as debit, sum(credit)::text as credit from ledger_entry
        group by 1, 2, 3 having sum(debit) <> sum(credit) order by 1, 2, 3 limit 10`,
  );
  return groups.map((g) => `${g.document_type} ${g.document_id} currency ${g.currency_id}: debit ${g.debit}, credit ${g.credit}`);
}

/** The id the next ledger row will have (the first of a run). */
export async function nextLedgerId(t: TestApp): Promise<number> {
  const [row] = await queryRows<{ next: number }>(t.db, sql`select coalesce(max(id), 0) + 1 as next from ledger_entry`);
  return Number(row.next);
}

/**
 * Exchange differences and inventory (each line's base value is its amount at its rate, to cents): every
 * document booked since `fromId` leaves the exchange clearing at zero in the base currency (a difference
 * went to exchange gains and losses), and books inventory only in the base currency.
 */
export async function exchangeProblems(t: TestApp, fromId: number): Promise<string[]> {
  const clearing = await queryRows<{ document_type: string; document_id: number; net: string }>(
    t.db,
    sql`select document_type, document_id,
          sum(round(debit * exchange_rate, 2) - round(credit * exchange_rate, 2))::text as net
        from ledger_entry le
        where account_type = 'currency_exchange'
          and exists (select 1 from ledger_entry x where x.document_type = le.document_type and x.document_id = le.document_id and x.id >= ${fromId})
        group by 1, 2 having sum(round(debit * exchange_rate, 2) - round(credit * exchange_rate, 2)) <> 0
        order by 1, 2 limit 10`,
  );
  const inventory = await queryRows<{ document_type: string; document_id: number; currency_id: number }>(
    t.db,
    sql`select distinct le.document_type, le.document_id, le.currency_id from ledger_entry le
        join currency c on c.id = le.currency_id
        where le.account_type = 'inventory' and le.id >= ${fromId} and not c.is_base and le.memo <> 'reversal'
        order by 1, 2 limit 10`,
  );
  return [
    ...clearing.map((r) => `${r.document_type} ${r.document_id}: the exchange clearing holds ${r.net} in base`),
    ...inventory.map((r) => `${r.document_type} ${r.document_id}: inventory booked in currency ${r.currency_id}`),
  ];
}

interface CashboxListRow {
  id: number;
  name: string;
  branch: number;
  currency: number;
  balance: string;
}

export const cashboxList = async (t: TestApp, token: string) =>
  (await t.call<CashboxListRow[]>(token, "GET", "/api/accounting/cashbox/all/")).body;

/**
 * Every cashbox: the list's balance equals the sum of its ledger rows and its statement's closing
 * balance; it is not below zero; and it has no ledger rows in another currency than its own.
 */
export async function cashboxProblems(t: TestApp, token: string): Promise<string[]> {
  const ledger = await queryRows<{ id: number; currency_id: number; balance: string }>(
    t.db,
    sql`select account_id as id, currency_id, sum(debit - credit)::text as balance from ledger_entry
        where account_type = 'cashbox' group by 1, 2`,
  );
  const problems: string[] = [];
  for (const box of await cashboxList(t, token)) {
    const own = ledger.filter((r) => r.id === box.id);
    const inCurrency = own.find((r) => r.currency_id === box.currency)?.balance ?? "0";
    const statement = await t.call<{ closing_balance: string }>(token, "GET", `/api/accounting/statement/cashbox/?cashbox=${box.id}`);
    const figures = { list: cents(box.balance), ledger: cents(inCurrency), statement: cents(statement.body.closing_balance) };
    if (figures.list !== figures.ledger || figures.list !== figures.statement)
      problems.push(
        `cashbox ${box.id} ${box.name}: list ${box.balance}, ledger ${inCurrency}, statement ${statement.body.closing_balance}`,
      );
    if (figures.list < 0) problems.push(`cashbox ${box.id} ${box.name} is below zero: ${box.balance}`);
    for (const foreign of own.filter((r) => r.currency_id !== box.currency))
      problems.push(`cashbox ${box.id} ${box.name} has ledger rows in currency ${foreign.currency_id}`);
  }
  return problems;
}

/**
 * Every stock row: never below zero; its quantity equals the sum of its movements (and the last
 * movement's balance_after); and equals what the documents' lines imply on their own: opening
 * movements, plus purchases, less purchase returns, less live sales, plus sale returns, less damaged
 * stock, less what approved transfers took out, plus what they brought in (to the row of the same item,
 * batch and expiry in the target inventory).
 */
export async function stockProblems(t: TestApp): Promise<string[]> {
  const rows = await queryRows<{ id: number; quantity: string; moved: string; last_balance: string | null; implied: string }>(
    t.db,
    sql`with lines(stock_id, quantity) as (
          select stock_id, quantity from stock_movement
            where document_type not in ('purchase', 'purchase_return', 'sale', 'sale_return', 'inventory_stock_transfer', 'damaged_stock')
          union all select pi.stock_id, pi.quantity from purchase_item pi
          union all select ri.stock_id, -ri.quantity from purchase_return_item ri
          union all select si.stock_id, -si.quantity from sale_item si join sale s on s.id = si.sale_id
            where s.deleted_at is null and si.stock_id is not null
          union all select ri.stock_id, ri.quantity from sale_return_item ri where ri.stock_id is not null
          union all select di.stock_id, -di.quantity from damaged_stock_item di
          union all select ti.stock_id, -ti.quantity from inventory_stock_transfer_item ti
            join inventory_stock_transfer tr on tr.id = ti.transfer_id where tr.approved
          union all select dst.id, ti.quantity from inventory_stock_transfer_item ti
            join inventory_stock_transfer tr on tr.id = ti.transfer_id
            join stock src on src.id = ti.stock_id
            join stock dst on dst.inventory_id = tr.to_inventory_id and dst.item_id = src.item_id
              and dst.batch_number = src.batch_number and coalesce(dst.expire_date, '') = coalesce(src.expire_date, '')
            where tr.approved)
        select s.id, s.quantity::text as quantity,
          (select coalesce(sum(m.quantity), 0)::text from stock_movement m where m.stock_id = s.id) as moved,
          (select m.balance_after::text from stock_movement m where m.stock_id = s.id order by m.id desc limit 1) as last_balance,
          (select coalesce(sum(l.quantity), 0)::text from lines l where l.stock_id = s.id) as implied
        from stock s order by s.id`,
  );
  const problems: string[] = [];
  for (const r of rows) {
    const quantity = milli(r.quantity);
    if (quantity < 0) problems.push(`stock ${r.id} is below zero: ${r.quantity}`);
    if (quantity !== milli(r.moved)) problems.push(`stock ${r.id}: quantity ${r.quantity}, movements add up to ${r.moved}`);
    if (r.last_balance !== null && quantity !== milli(r.last_balance))
      problems.push(`stock ${r.id}: quantity ${r.quantity}, last movement left ${r.last_balance}`);
    if (quantity !== milli(r.implied)) problems.push(`stock ${r.id}: quantity ${r.quantity}, documents imply ${r.implied}`);
  }
  return problems;
}

interface InvoiceFigures {
  id: number;
  paid_amount: string;
  counter: string;
  allocated: string;
  /** What it used of the party's credit notes. */
  notes: string;
  /** What its returns gave back (refunds and credit notes). */
  given_back: string;
}

/**
 * Sales and purchases: each one's paid amount is what its own posting took through a cashbox (at the
 * counter) plus what receipts or payments allocated to it and what it used of credit notes, less what its
 * returns gave back (refunds and credit notes); never more than its net.
 */
export async function invoicePaidProblems(t: TestApp): Promise<string[]> {
  const sales = await queryRows<InvoiceFigures & { net: string }>(
    t.db,
    sql`select s.id, s.paid_amount::text as paid_amount, (s.total_price - s.discount)::text as net,
          (select coalesce(sum(le.debit - le.credit), 0)::text from ledger_entry le
            where le.document_type = 'sale' and le.document_id = s.id and le.account_type = 'cashbox') as counter,
          (select coalesce(sum(a.amount), 0)::text from receipt_allocation a where a.sale_id = s.id) as allocated,
          (select coalesce(sum(u.amount), 0)::text from credit_note_use u where u.document_type = 'sale' and u.document_id = s.id) as notes,
          (select coalesce(sum(r.refund_amount + r.credit_note_amount), 0)::text from sale_return r where r.sale_id = s.id) as given_back
        from sale s where s.deleted_at is null order by s.id`,
  );
  const purchases = await queryRows<InvoiceFigures & { net: string }>(
    t.db,
    sql`select p.id, p.paid_amount::text as paid_amount, (p.total_price - p.discount)::text as net,
          (select coalesce(sum(le.credit - le.debit), 0)::text from ledger_entry le
            where le.document_type = 'purchase' and le.document_id = p.id and le.account_type = 'cashbox') as counter,
          (select coalesce(sum(a.amount), 0)::text from payment_allocation a where a.purchase_id = p.id) as allocated,
          (select coalesce(sum(u.amount), 0)::text from credit_note_use u where u.document_type = 'purchase' and u.document_id = p.id) as notes,
          (select coalesce(sum(r.refund_amount + r.credit_note_amount), 0)::text from purchase_return r where r.purchase_id = p.id) as given_back
        from purchase p order by p.id`,
  );
  const problems: string[] = [];
  for (const [kind, rows] of [
    ["sale", sales],
    ["purchase", purchases],
  ] as const) {
    for (const r of rows) {
      if (cents(r.paid_amount) !== cents(r.counter) + cents(r.allocated) + cents(r.notes) - cents(r.given_back))
        problems.push(
          `${kind} ${r.id}: paid ${r.paid_amount}, but counter ${r.counter} + allocations ${r.allocated} + credit notes ${r.notes} - given back by returns ${r.given_back}`,
        );
      if (cents(r.paid_amount) > cents(r.net)) problems.push(`${kind} ${r.id}: paid ${r.paid_amount} above its net ${r.net}`);
    }
  }
  return problems;
}

/** An invoice as the sale and purchase reads and lists answer it. */
export interface InvoiceAnswer {
  id: number;
  net_price: string;
  returned_amount: string;
  paid_amount: string;
  remaining: string;
  payment_status: string;
}

/**
 * What is owed is the net less what the returns took back; paid + remaining = owed, or nothing remains
 * when it took more (a return after it was paid); the status follows from them (SPEC section 4).
 */
export function invoiceAnswerProblems(kind: string, invoice: InvoiceAnswer): string[] {
  const owed = Math.max(cents(invoice.net_price) - cents(invoice.returned_amount), 0);
  const paid = cents(invoice.paid_amount);
  const remaining = cents(invoice.remaining);
  const status = paid >= owed ? "paid" : paid > 0 ? "partial_paid" : "unpaid";
  const problems: string[] = [];
  if (remaining !== Math.max(owed - paid, 0))
    problems.push(
      `${kind} ${invoice.id}: paid ${invoice.paid_amount} + remaining ${invoice.remaining} <> net ${invoice.net_price} - returned ${invoice.returned_amount}`,
    );
  if (invoice.payment_status !== status) problems.push(`${kind} ${invoice.id}: status ${invoice.payment_status}, expected ${status}`);
  return problems;
}

export type PartyKind = "customer" | "supplier";

/** debit - credit for a customer (what they owe), credit - debit for a supplier (what we owe), from the raw ledger. */
export async function ledgerPartyBalance(t: TestApp, kind: PartyKind, id: number, currency: number): Promise<number> {
  const [row] = await queryRows<{ balance: string }>(
    t.db,
    sql`select coalesce(sum(debit - credit), 0)::text as balance from ledger_entry
        where account_type = ${kind} and account_id = ${id} and currency_id = ${currency}`,
  );
  return kind === "customer" ? cents(row.balance) : -cents(row.balance);
}

export async function statementClosing(t: TestApp, token: string, kind: PartyKind, id: number, currency: number): Promise<number> {
  const res = await t.call<{ closing_balance: string }>(
    token,
    "GET",
    `/api/accounting/statement/${kind}/?${kind}=${id}&currency=${currency}`,
  );
  if (res.status !== 200) throw new Error(`${kind} statement ${id}: ${res.status} ${JSON.stringify(res.body)}`);
  return cents(res.body.closing_balance);
}

// ------------------------------------------------------------------------------------- credit notes

interface OpenNoteAnswer {
  id: number;
  currency: number;
  amount: string;
  used: string;
  open: string;
}

/**
 * The credit notes of the model's returns: each open one is listed (sale/credit-note/, purchase/credit-note/)
 * with the amount and open amount the model says, no other note of the party is; and each party's
 * credit-note account in the ledger (customer_credit: credit - debit, supplier_credit: debit - credit)
 * holds, per currency, what its notes have open.
 */
export async function creditNoteProblems(t: TestApp, token: string, books: Books): Promise<string[]> {
  const problems: string[] = [];
  const kinds = [
    {
      kind: "customer" as const,
      list: "sale",
      returns: books.saleReturns.map((r) => ({ r, party: r.of.customer, currency: r.of.currency })),
    },
    {
      kind: "supplier" as const,
      list: "purchase",
      returns: books.purchaseReturns.map((r) => ({ r, party: r.of.supplier, currency: r.of.currency })),
    },
  ];
  for (const { kind, list, returns } of kinds) {
    for (const party of [...new Set(returns.map((x) => x.party))]) {
      const own = returns.filter((x) => x.party === party && x.r.live && x.r.credit - x.r.used > 0);
      const res = await t.call<{ results: OpenNoteAnswer[] }>(token, "GET", `/api/${list}/credit-note/?${kind}=${party}&page_size=200`);
      if (res.status !== 200) throw new Error(`GET ${list}/credit-note/: ${res.status} ${JSON.stringify(res.body)}`);
      const listed = res.body.results.map((n) => `${n.id} ${n.currency} ${n.amount} used ${n.used} open ${n.open}`).sort();
      const model = own
        .map(({ r, currency }) => `${r.id} ${currency} ${money(r.credit)} used ${money(r.used)} open ${money(r.credit - r.used)}`)
        .sort();
      if (JSON.stringify(listed) !== JSON.stringify(model))
        problems.push(`${kind} ${party}'s open credit notes: listed [${listed.join("; ")}], model [${model.join("; ")}]`);
      for (const currency of new Set(returns.filter((x) => x.party === party).map((x) => x.currency))) {
        const [row] = await queryRows<{ balance: string }>(
          t.db,
          sql`select coalesce(sum(credit - debit), 0)::text as balance from ledger_entry
              where account_type = ${`${kind}_credit`} and account_id = ${party} and currency_id = ${currency}`,
        );
        const ledger = kind === "customer" ? cents(row.balance) : -cents(row.balance);
        const open = own.filter((x) => x.currency === currency).reduce((sum, x) => sum + x.r.credit - x.r.used, 0);
        if (ledger !== open)
          problems.push(`${kind} ${party} currency ${currency}: credit-note account ${money(ledger)}, open notes ${money(open)}`);
      }
    }
  }
  return problems;
}

// ---------------------------------------------------------------------------- financial statements

interface TrialBalanceAnswer {
  rows: { account: string; closing_debit: string; closing_credit: string }[];
  totals: Record<"opening_debit" | "opening_credit" | "debit" | "credit" | "closing_debit" | "closing_credit", string>;
}

/**
 * The financial statements agree with the ledger and with each other: the trial balance balances in the
 * base currency and in each currency, and each account's closing balance in a currency is the ledger's
 * own debit - credit of it; the balance sheet balances; the profit of all time is what its equity earned.
 */
export async function statementProblems(t: TestApp, token: string): Promise<string[]> {
  const problems: string[] = [];
  const end = "2100-12-31";
  const currencies = await queryRows<{ id: number; code: string }>(t.db, sql`select id, code from currency`);
  for (const currency of [null, ...currencies]) {
    const query = currency ? `?currency=${currency.id}` : "";
    const label = currency?.code ?? "base";
    const tb = (await t.call<TrialBalanceAnswer>(token, "GET", `/api/accounting/trial-balance/${query}`)).body;
    if (tb.totals.debit !== tb.totals.credit) problems.push(`trial balance ${label}: debit ${tb.totals.debit}, credit ${tb.totals.credit}`);
    if (tb.totals.closing_debit !== tb.totals.closing_credit) {
      problems.push(`trial balance ${label}: closing debit ${tb.totals.closing_debit}, credit ${tb.totals.closing_credit}`);
    }
    if (!currency) continue;
    const ledger = await queryRows<{ k: string; b: string }>(
      t.db,
      sql`select account_type || coalesce('-' || account_id, '') as k, sum(debit - credit)::text as b from ledger_entry
          where currency_id = ${currency.id} group by 1`,
    );
    const closing = new Map(tb.rows.map((r) => [r.account, cents(r.closing_debit) - cents(r.closing_credit)]));
    for (const { k, b } of ledger) {
      if ((closing.get(k) ?? 0) !== cents(b)) problems.push(`trial balance ${label} ${k}: ${closing.get(k) ?? "none"}, ledger ${b}`);
    }
  }
  const sheet = (
    await t.call<{ total_assets: string; total_liabilities_and_equity: string; retained_earnings: string; profit_of_year: string }>(
      token,
      "GET",
      `/api/accounting/balance-sheet/?date=${end}`,
    )
  ).body;
  if (sheet.total_assets !== sheet.total_liabilities_and_equity) {
    problems.push(`balance sheet: assets ${sheet.total_assets}, liabilities and equity ${sheet.total_liabilities_and_equity}`);
  }
  const pl = (await t.call<{ net_profit: string }>(token, "GET", `/api/accounting/profit-and-loss/?end_date=${end}`)).body;
  if (cents(pl.net_profit) !== cents(sheet.retained_earnings) + cents(sheet.profit_of_year)) {
    problems.push(`net profit ${pl.net_profit} against the balance sheet's earnings ${sheet.retained_earnings} + ${sheet.profit_of_year}`);
  }
  return problems;
}

// ----------------------------------------------------------------------------------- append-only

/**
 * Watches the ledger stay append-only (DESIGN "Money documents": nothing deletes or changes a ledger
 * row): each check compares the rows there were at the last check (their count and a sum of hashes of
 * their whole content, read in one pass) with what they are now; on a difference it names the rows gone
 * or changed from the per-row hashes it keeps of every row it saw appended.
 */
export class LedgerAppendOnly {
  private last = 0;
  private count = "0";
  private hash = "0";
  private readonly seen = new Map<number, string>();

  constructor(private readonly t: TestApp) {}

  /** The rows there are now: the ones the next check must find unchanged. */
  async start(): Promise<void> {
    await this.check();
  }

  /** Rows gone or changed since the last check (none when the ledger was only appended to). */
  async check(): Promise<string[]> {
    const [now] = await queryRows<{ kept_count: string; kept_hash: string; count: string; hash: string; last: number }>(
      this.t.db,
      sql`select count(*) filter (where id <= ${this.last})::text as kept_count,
            coalesce(sum(h) filter (where id <= ${this.last}), 0)::text as kept_hash,
            count(*)::text as count, coalesce(sum(h), 0)::text as hash, coalesce(max(id), 0)::int as last
          from (select id, hashtextextended(le::text, 0)::numeric as h from ledger_entry le) x`,
    );
    const problems = now.kept_count === this.count && now.kept_hash === this.hash ? [] : await this.differences();
    const added = await queryRows<{ id: number; h: string }>(
      this.t.db,
      sql`select id, md5(le::text) as h from ledger_entry le where id > ${this.last} order by id`,
    );
    for (const row of added) this.seen.set(row.id, row.h);
    Object.assign(this, { last: now.last, count: now.count, hash: now.hash });
    return problems;
  }

  private async differences(): Promise<string[]> {
    const rows = await queryRows<{ id: number; h: string }>(
      this.t.db,
      sql`select id, md5(le::text) as h from ledger_entry le where id <= ${this.last} order by id`,
    );
    const now = new Map(rows.map((r) => [r.id, r.h]));
    const problems = [...this.seen].flatMap(([id, h]) =>
      !now.has(id) ? [`ledger row ${id} was deleted`] : now.get(id) !== h ? [`ledger row ${id} was changed`] : [],
    );
    return problems.length ? problems.slice(0, 20) : ["ledger rows were deleted or changed"];
  }
}
