import { sql } from "drizzle-orm";
import { allocateOldestFirst, allocationProblem, compareInvoiceAge, type Allocation } from "../../../core/allocation";
import { toIsoDate } from "../../../core/dates";
import { MESSAGES } from "../../../core/messages";
import { add, greaterThan, sub, toDecimalString, type MoneyInput } from "../../../core/money";
import { invoicePaidAmount, invoiceStanding } from "../../../core/payment-status";
import { bookRate } from "../../../core/exchange-difference";
import {
  postCustomerCreditUse,
  postPayment,
  postReceipt,
  postSupplierCreditUse,
  type PostingLine,
  type SettlementRates,
} from "../../../core/posting";
import type { PaymentInput, ReceiptInput } from "../../../core/validation/accounting-schemas";
import type { Db, Executor, Tx } from "../../db/client";
import type { AuthContext } from "../../http/access";
import { badRequest, fieldErrors, notFound, staleRecord } from "../../http/errors";
import { invalidChoice, readOne } from "../../http/resource";
import { assignDocumentNumber } from "../documents/document-number";
import { baseCurrencyId } from "../documents/currency-context";
import {
  releaseCreditNoteUses,
  useCreditNotes,
  writeCreditNoteUses,
  type CreditNoteUseInput,
  type CreditNotesUsed,
  type ReturnKind,
} from "../documents/return-settlement";
import { accountHolding, unpost, writePosting } from "../ledger/ledger.repository";
import { cashboxBalance, lockCashboxes } from "./cashbox.repository";
import { assertNotOverdrawn, balances } from "./cashbox-guard";
import * as invoicesRepo from "./invoice-allocation.repository";
import { allocationsJson, INVOICE_TABLES, SETTLES, type InvoiceKind, type InvoiceRow } from "./invoice-allocation.repository";
import { paymentList, receiptList } from "./money-document.lists";
import * as repo from "./money-document.repository";
import type { MoneyDocKind, MoneyDocRow } from "./money-document.repository";

/**
 * Receipts from customers and payments to suppliers (DESIGN "Money documents"): one
 * service validates, locks (the cashboxes by id, then the invoices by kind and id), numbers and writes
 * the document, its allocations, the invoices' paid amounts and the ledger posting in one transaction.
 * The invoices are the party's sales (purchases) and its debit invoices: allocation is a sub-ledger
 * link, the ledger takes the document's whole amount either way. Edits and deletes append the reversal
 * of the old posting (the ledger is append-only) and give the invoices back what the old allocations took.
 * No write leaves a cashbox below zero ("Cashbox balance is not enough"): a payment, nor the edit or
 * delete of a receipt whose money was spent meanwhile.
 */

/** An invoice picked in the request: its kind, id, amount, and the field an error names. */
export interface PickedAllocation {
  kind: InvoiceKind;
  id: number;
  amount: string;
  field: string;
}

/** The body of either kind, read the same way. */
export interface MoneyDocBody {
  branch: number;
  party: number;
  cashbox: number;
  currency: number | null;
  amount: string;
  input_date: string | null;
  note: string | null;
  /** null: left to the server (oldest open invoices first). */
  allocations: PickedAllocation[] | null;
  /** The party's open credit notes it uses: they settle invoices beside the cash amount. */
  credit_notes?: CreditNoteUseInput[];
}

/** The request's goods and debit invoice allocations, or null when both are left to the server. */
function picked(
  kind: repo.MoneyDocKind,
  goods: { id: number; amount: string }[] | null | undefined,
  debit: { debit_invoice: number; amount: string }[] | null | undefined,
): PickedAllocation[] | null {
  if (goods == null && debit == null) return null;
  const [goodsKind, debitKind] = SETTLES[kind];
  const named = (invoiceKind: InvoiceKind, rows: { id: number; amount: string }[]) =>
    rows.map((a, i) => {
      const k = INVOICE_TABLES[invoiceKind];
      return { kind: invoiceKind, id: a.id, amount: a.amount, field: `${k.field}[${i}].${k.key}` };
    });
  return [
    ...named(goodsKind, goods ?? []),
    ...named(
      debitKind,
      (debit ?? []).map((a) => ({ id: a.debit_invoice, amount: a.amount })),
    ),
  ];
}

export const fromReceipt = (b: ReceiptInput): MoneyDocBody => ({
  branch: b.branch,
  party: b.customer,
  cashbox: b.cashbox,
  currency: b.currency ?? null,
  amount: b.amount,
  input_date: b.input_date ?? null,
  note: b.note ?? null,
  allocations: picked(
    "receipt",
    b.sales?.map((a) => ({ id: a.sale, amount: a.amount })),
    b.debit_invoices,
  ),
  credit_notes: b.credit_notes ?? [],
});

export const fromPayment = (b: PaymentInput): MoneyDocBody => ({
  branch: b.branch,
  party: b.supplier,
  cashbox: b.cashbox,
  currency: b.currency ?? null,
  amount: b.amount,
  input_date: b.input_date ?? null,
  note: b.note ?? null,
  allocations: picked(
    "payment",
    b.purchases?.map((a) => ({ id: a.purchase, amount: a.amount })),
    b.debit_invoices,
  ),
  credit_notes: b.credit_notes ?? [],
});

const KIND = {
  receipt: { list: receiptList, party: "customer", differentParty: MESSAGES.differentCustomer, notes: "sale_return" },
  payment: { list: paymentList, party: "supplier", differentParty: MESSAGES.differentSupplier, notes: "purchase_return" },
} as const satisfies Record<MoneyDocKind, { notes: ReturnKind } & Record<string, unknown>>;

/** The credit notes a document used, as its body sends them, with the note's number, date and amount for its view. */
const creditNotesJson = (kind: MoneyDocKind) =>
  sql`(select coalesce(json_agg(json_build_object('credit_note', u.return_id, 'amount', u.amount::text,
      'invoice_no', r.invoice_no, 'input_date', r.input_date, 'note_amount', r.credit_note_amount::text) order by u.return_id), '[]'::json)
    from credit_note_use u join ${sql.identifier(KIND[kind].notes)} r on r.id = u.return_id
    where u.document_type = ${kind} and u.return_type = ${KIND[kind].notes} and u.document_id = d.id) as credit_notes`;

export const readMoneyDocument = (ex: Executor, kind: MoneyDocKind, id: number, auth: AuthContext) =>
  readOne<Record<string, unknown>>(
    ex,
    KIND[kind].list,
    sql`d.id`,
    id,
    auth,
    sql`${allocationsJson(kind, sql`d.id`)} as allocations, ${creditNotesJson(kind)}`,
  );

function posting(
  kind: MoneyDocKind,
  doc: { partyId: number; cashboxId: number; currencyId: number; exchangeRate: string; amount: MoneyInput },
  rates: SettlementRates,
  credited: CreditNotesUsed,
): PostingLine[] {
  // The credit notes used leave at their own booked rates against the party's (postCustomerCreditUse).
  const ctx = { currency_id: doc.currencyId, exchange_rate: doc.exchangeRate, ...rates };
  return kind === "receipt"
    ? [
        ...postReceipt({ ...ctx, customer_id: doc.partyId, cashbox_id: doc.cashboxId, amount: doc.amount }),
        ...postCustomerCreditUse(ctx, doc.partyId, credited.spends),
      ]
    : [
        ...postPayment({ ...ctx, supplier_id: doc.partyId, cashbox_id: doc.cashboxId, amount: doc.amount }),
        ...postSupplierCreditUse(ctx, doc.partyId, credited.spends),
      ];
}

/**
 * The book rates a settlement in a foreign currency relieves at (core bookRate, today's rate for an account
 * that holds nothing): the party's debt, and for a payment the paying cashbox's money. None in the base currency.
 */
async function settlementRates(tx: Tx, kind: MoneyDocKind, doc: repo.DocumentValues, isBase: boolean): Promise<SettlementRates> {
  if (isBase) return {};
  const holdingRate = async (accountType: string, accountId: number) =>
    bookRate(await accountHolding(tx, { accountType, accountId, currencyId: doc.currencyId }), doc.exchangeRate);
  return {
    base_currency_id: await baseCurrencyId(tx),
    party_rate: await holdingRate(KIND[kind].party, doc.partyId),
    cashbox_rate: kind === "payment" ? await holdingRate("cashbox", doc.cashboxId) : undefined,
  };
}

/** An invoice's key among several kinds ("sale:12", "customer_debit_invoice:3"). */
const keyOf = (kind: InvoiceKind, id: number) => `${kind}:${id}`;
type Invoices = Map<string, InvoiceRow>;

/** Locks invoices of the document's kinds, each kind in id order, goods before debit invoices (the lock order). */
async function lockInvoices(tx: Tx, kind: repo.MoneyDocKind, refs: readonly { kind: InvoiceKind; id: number }[]): Promise<Invoices> {
  const out: Invoices = new Map();
  for (const invoiceKind of SETTLES[kind]) {
    const ids = refs.filter((r) => r.kind === invoiceKind).map((r) => r.id);
    for (const inv of (await invoicesRepo.lockInvoices(tx, invoiceKind, ids)).values()) out.set(keyOf(invoiceKind, inv.id), inv);
  }
  return out;
}

/** What all documents allocated to each of the invoices, by key. */
async function allocatedTo(tx: Tx, invoices: Invoices): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const kinds = new Set([...invoices.values()].map((inv) => inv.kind));
  for (const invoiceKind of kinds) {
    const ids = [...invoices.values()].filter((inv) => inv.kind === invoiceKind).map((inv) => inv.id);
    for (const [id, total] of await invoicesRepo.allocatedTo(tx, invoiceKind, ids)) out.set(keyOf(invoiceKind, id), total);
  }
  return out;
}

/** Replaces the document's allocations of every kind it settles. */
async function replaceAllocations(
  tx: Tx,
  kind: repo.MoneyDocKind,
  docId: number,
  allocations: readonly Allocation<string>[],
  invoices: Invoices,
) {
  for (const invoiceKind of SETTLES[kind]) {
    const rows = allocations.flatMap((a) => {
      const inv = invoices.get(a.id);
      return inv?.kind === invoiceKind ? [{ invoiceId: inv.id, amount: a.amount }] : [];
    });
    await invoicesRepo.replaceAllocations(tx, invoiceKind, docId, rows);
  }
}

/**
 * Sets each invoice's paid amount from its parts (core invoicePaidAmount): the counter part is what it
 * took before less what allocations gave it then (none for a debit invoice); the allocated part is what
 * they give it now.
 */
async function settleInvoices(tx: Tx, invoices: Invoices, before: Map<string, string>): Promise<void> {
  const after = await allocatedTo(tx, invoices);
  for (const [key, inv] of invoices) {
    const counter = sub(inv.paid, before.get(key) ?? "0");
    const paid = invoicePaidAmount({ counter, allocated: after.get(key) ?? "0" });
    await invoicesRepo.setInvoicePaid(tx, inv.kind, inv.id, toDecimalString(paid));
  }
}

/** What is still owed on it after its returns: nothing allocates past it (core invoiceStanding). */
const remainingOf = (inv: InvoiceRow) => invoiceStanding(inv.net, inv.returned, inv.paid).remaining;

/** The party's open invoices of every kind the document settles, locked, oldest first (core compareInvoiceAge). */
async function lockOpenInvoices(tx: Tx, kind: repo.MoneyDocKind, partyId: number, branchId: number, currencyId: number): Promise<Invoices> {
  const open: InvoiceRow[] = [];
  for (const invoiceKind of SETTLES[kind])
    open.push(...(await invoicesRepo.lockOpenInvoices(tx, invoiceKind, partyId, branchId, currencyId)));
  const age = (inv: InvoiceRow) => ({ input_date: inv.input_date, rank: INVOICE_TABLES[inv.kind].rank, id: inv.id });
  open.sort((a, b) => compareInvoiceAge(age(a), age(b)));
  return new Map(open.map((inv) => [keyOf(inv.kind, inv.id), inv]));
}

/**
 * Writes a document (new, or an edit whose old allocations and posting were already undone), in the
 * caller's transaction. `lockedExtra` are cashbox ids to lock with the new one (an edit's old cashbox).
 */
async function writeDocument(
  tx: Tx,
  kind: MoneyDocKind,
  auth: AuthContext,
  body: MoneyDocBody,
  existing: { id: number; row: MoneyDocRow } | null,
  formToken: string | null,
): Promise<{ id: number; branchId: number }> {
  const k = KIND[kind];
  if (!auth.branchIds.includes(body.branch)) throw invalidChoice("branch");
  // Lock order: cashboxes by id, then invoices by id (DESIGN "Money documents").
  const boxes = await lockCashboxes(tx, auth, existing ? [body.cashbox, existing.row.cashbox_id] : [body.cashbox]);
  const cashBefore = await balances(tx, boxes.values());
  const box = boxes.get(body.cashbox);
  if (!box || box.branchId !== body.branch) throw invalidChoice("cashbox");
  if (body.currency != null && body.currency !== box.currencyId) throw badRequest(MESSAGES.cashboxCurrencyMismatch);
  if (!(await repo.partyInBranch(tx, kind, body.party, body.branch))) throw invalidChoice(k.party);
  // Credit notes (their returns) next, before the invoices: a return's edit locks itself before its invoice.
  // An edit gives back what it used first, so the notes' open amounts include it.
  if (existing) await releaseCreditNoteUses(tx, kind, existing.id);
  const credited = await useCreditNotes(
    tx,
    auth,
    k.notes,
    { documentType: kind, documentId: existing?.id ?? null, partyId: body.party, currencyId: box.currencyId },
    body.credit_notes ?? [],
  );
  // What settles invoices: the cash and the credit notes.
  const settling = toDecimalString(add(body.amount, credited.total));
  if (existing) {
    await undoDocument(tx, kind, auth, existing.row);
  }
  const rate = await repo.currencyRate(tx, box.currencyId);
  const exchangeRate = rate.isBase ? "1" : rate.latest;
  if (!exchangeRate) throw fieldErrors({ exchange_rate: [MESSAGES.enterExchangeRate] });

  // Invoices: the ones sent, checked, or the oldest open ones of the party in the cashbox's currency.
  let invoices: Invoices;
  let allocations: Allocation<string>[];
  if (body.allocations) {
    const seen = new Set<string>();
    for (const a of body.allocations) {
      if (seen.has(keyOf(a.kind, a.id))) throw badRequest(MESSAGES.itemAlreadyInList);
      seen.add(keyOf(a.kind, a.id));
    }
    invoices = await lockInvoices(tx, kind, body.allocations);
    for (const a of body.allocations) {
      const inv = invoices.get(keyOf(a.kind, a.id));
      if (!inv || inv.branch_id !== body.branch) throw invalidChoice(a.field);
      if (inv.party_id !== body.party) throw badRequest(k.differentParty);
      if (inv.currency_id !== box.currencyId) throw badRequest(MESSAGES.cashboxCurrencyMismatch);
    }
    allocations = body.allocations.map((a) => ({ id: keyOf(a.kind, a.id), amount: toDecimalString(a.amount) }));
    const problem = allocationProblem(settling, allocations, new Map([...invoices].map(([key, inv]) => [key, remainingOf(inv)])));
    if (problem?.kind === "above_remaining") throw badRequest(MESSAGES.allocationAboveRemaining);
    if (problem?.kind === "above_amount") throw badRequest(MESSAGES.allocationsAboveAmount);
  } else {
    invoices = await lockOpenInvoices(tx, kind, body.party, body.branch, box.currencyId);
    allocations = allocateOldestFirst(
      settling,
      [...invoices].map(([key, inv]) => ({ id: key, remaining: remainingOf(inv) })),
    );
  }

  // Money out of a cashbox never takes it below zero, checked with the cashbox locked.
  if (kind === "payment") {
    const balance = await cashboxBalance(tx, box.id, box.currencyId);
    if (greaterThan(body.amount, balance)) throw badRequest(MESSAGES.cashboxBalanceNotEnough);
  }

  const values: repo.DocumentValues = {
    branchId: body.branch,
    partyId: body.party,
    cashboxId: box.id,
    currencyId: box.currencyId,
    exchangeRate,
    amount: toDecimalString(body.amount),
    inputDate: body.input_date ?? existing?.row.input_date ?? toIsoDate(new Date()),
    note: body.note ?? "",
  };
  let id: number;
  if (existing) {
    id = existing.id;
    await repo.updateDocument(tx, kind, id, values);
  } else {
    id = await repo.insertDocument(tx, kind, values, formToken, auth.userId);
  }
  const touched: Invoices = new Map([...invoices].filter(([key]) => allocations.some((a) => a.id === key)));
  const before = await allocatedTo(tx, touched);
  await replaceAllocations(tx, kind, id, allocations, touched);
  await settleInvoices(tx, touched, before);
  await writePosting(
    tx,
    { branchId: values.branchId, documentType: kind, documentId: id, entryDate: values.inputDate, userId: auth.userId },
    posting(kind, values, await settlementRates(tx, kind, values, rate.isBase), credited),
  );
  await writeCreditNoteUses(tx, k.notes, kind, id, body.credit_notes ?? []);
  // An edit that takes back money a receipt brought in (less of it, or another cashbox) may not overdraw what was spent since.
  await assertNotOverdrawn(tx, boxes.values(), cashBefore);
  return { id, branchId: values.branchId };
}

/** Undoes a stored document's effects: its invoices give back what it allocated, its posting is reversed. */
async function undoDocument(tx: Tx, kind: MoneyDocKind, auth: AuthContext, row: MoneyDocRow): Promise<void> {
  const old: { kind: InvoiceKind; id: number }[] = [];
  for (const invoiceKind of SETTLES[kind]) {
    for (const a of await invoicesRepo.documentAllocations(tx, invoiceKind, row.id)) old.push({ kind: invoiceKind, id: a.invoice_id });
  }
  const invoices = await lockInvoices(tx, kind, old);
  const before = await allocatedTo(tx, invoices);
  await replaceAllocations(tx, kind, row.id, [], invoices);
  await settleInvoices(tx, invoices, before);
  await unpost(tx, { branchId: row.branch_id, documentType: kind, documentId: row.id, entryDate: row.input_date, userId: auth.userId });
}

/** A new document in the caller's (idempotent) transaction, numbered last like a sale. */
export async function createMoneyDocumentTx(tx: Tx, kind: MoneyDocKind, auth: AuthContext, body: MoneyDocBody, formToken: string | null) {
  const written = await writeDocument(tx, kind, auth, body, null, formToken);
  const read = await readMoneyDocument(tx, kind, written.id, auth);
  const number = await assignDocumentNumber(tx, kind, written.id, written.branchId, kind);
  return { ...read, invoice_no: number, [`${kind}_no`]: number };
}

async function lockVisible(tx: Tx, kind: MoneyDocKind, auth: AuthContext, id: number): Promise<MoneyDocRow> {
  const row = await repo.lockDocument(tx, kind, id);
  if (!row || !auth.branchIds.includes(row.branch_id)) throw notFound();
  return row;
}

export async function updateMoneyDocument(
  db: Db,
  kind: MoneyDocKind,
  auth: AuthContext,
  id: number,
  payload: Record<string, unknown>,
  validate: (payload: unknown) => Promise<MoneyDocBody>,
) {
  return db.transaction(async (tx) => {
    const row = await lockVisible(tx, kind, auth, id);
    const stamp = payload.updated_at;
    if (typeof stamp === "string" && stamp !== "" && new Date(row.updated_at).getTime() !== new Date(stamp).getTime()) throw staleRecord();
    // A document stays in its branch (its number is the branch's).
    const body = await validate({ ...payload, branch: row.branch_id });
    await writeDocument(tx, kind, auth, body, { id, row }, null);
    return readMoneyDocument(tx, kind, id, auth);
  });
}

export async function deleteMoneyDocument(db: Db, kind: MoneyDocKind, auth: AuthContext, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockVisible(tx, kind, auth, id);
    const boxes = await lockCashboxes(tx, auth, [row.cashbox_id]);
    const before = await balances(tx, boxes.values());
    await undoDocument(tx, kind, auth, row);
    await releaseCreditNoteUses(tx, kind, id);
    // Deleting a receipt takes its money back out: not when it was spent meanwhile.
    await assertNotOverdrawn(tx, boxes.values(), before);
    await repo.deleteDocument(tx, kind, id);
  });
}
