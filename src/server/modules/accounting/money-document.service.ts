import { sql } from "drizzle-orm";
import { allocateOldestFirst, allocationProblem, type Allocation } from "../../../core/allocation";
import { toIsoDate } from "../../../core/dates";
import { MESSAGES } from "../../../core/messages";
import { greaterThan, max, sub, toDecimalString, type MoneyInput } from "../../../core/money";
import { invoicePaidAmount } from "../../../core/payment-status";
import { postPayment, postReceipt, reversePosting, type PostingLine } from "../../../core/posting";
import type { PaymentInput, ReceiptInput } from "../../../core/validation/accounting-schemas";
import type { Db, Executor, Tx } from "../../db/client";
import type { AuthContext } from "../../http/access";
import { badRequest, fieldErrors, notFound, staleRecord } from "../../http/errors";
import { invalidChoice, readOne } from "../../http/resource";
import { assignDocumentNumber } from "../documents/document-number";
import { writePosting } from "../ledger/ledger.repository";
import { cashboxBalance, lockCashboxes } from "./cashbox.repository";
import { allocationsJson, paymentList, receiptList } from "./money-document.lists";
import * as repo from "./money-document.repository";
import type { MoneyDocKind, MoneyDocRow } from "./money-document.repository";

/**
 * Receipts from customers and payments to suppliers (issue 13, DESIGN "Money documents"): one
 * service validates, locks (the cashboxes by id, then the invoices by id), numbers and writes the
 * document, its allocations, the invoices' paid amounts and the ledger posting in one transaction.
 * Edits and deletes append the reversal of the old posting (the ledger is append-only) and give the
 * invoices back what the old allocations took.
 */

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
  allocations: Allocation[] | null;
}

export const fromReceipt = (b: ReceiptInput): MoneyDocBody => ({
  branch: b.branch,
  party: b.customer,
  cashbox: b.cashbox,
  currency: b.currency ?? null,
  amount: b.amount,
  input_date: b.input_date ?? null,
  note: b.note ?? null,
  allocations: b.sales ? b.sales.map((a) => ({ id: a.sale, amount: a.amount })) : null,
});

export const fromPayment = (b: PaymentInput): MoneyDocBody => ({
  branch: b.branch,
  party: b.supplier,
  cashbox: b.cashbox,
  currency: b.currency ?? null,
  amount: b.amount,
  input_date: b.input_date ?? null,
  note: b.note ?? null,
  allocations: b.purchases ? b.purchases.map((a) => ({ id: a.purchase, amount: a.amount })) : null,
});

const KIND = {
  receipt: { list: receiptList, party: "customer", invoices: "sales", invoice: "sale", differentParty: MESSAGES.differentCustomer },
  payment: { list: paymentList, party: "supplier", invoices: "purchases", invoice: "purchase", differentParty: MESSAGES.differentSupplier },
} as const;

export const readMoneyDocument = (ex: Executor, kind: MoneyDocKind, id: number, auth: AuthContext) =>
  readOne<Record<string, unknown>>(ex, KIND[kind].list, sql`d.id`, id, auth, sql`${allocationsJson(kind, sql`d.id`)} as allocations`);

function posting(
  kind: MoneyDocKind,
  doc: { partyId: number; cashboxId: number; currencyId: number; exchangeRate: string; amount: MoneyInput },
): PostingLine[] {
  const ctx = { currency_id: doc.currencyId, exchange_rate: doc.exchangeRate };
  return kind === "receipt"
    ? postReceipt({ ...ctx, customer_id: doc.partyId, cashbox_id: doc.cashboxId, amount: doc.amount })
    : postPayment({ ...ctx, supplier_id: doc.partyId, cashbox_id: doc.cashboxId, amount: doc.amount });
}

const rowPosting = (kind: MoneyDocKind, row: MoneyDocRow) =>
  posting(kind, {
    partyId: row.party_id,
    cashboxId: row.cashbox_id,
    currencyId: row.currency_id,
    exchangeRate: row.exchange_rate,
    amount: row.amount,
  });

/**
 * Sets each invoice's paid amount from its parts (core invoicePaidAmount): the counter part is what it
 * took before less what allocations gave it then; the allocated part is what they give it now.
 */
async function settleInvoices(
  tx: Tx,
  kind: MoneyDocKind,
  invoices: Map<number, repo.InvoiceRow>,
  before: Map<number, string>,
): Promise<void> {
  const after = await repo.allocatedTo(tx, kind, [...invoices.keys()]);
  for (const inv of invoices.values()) {
    const counter = sub(inv.paid, before.get(inv.id) ?? "0");
    const paid = invoicePaidAmount({ counter, allocated: after.get(inv.id) ?? "0" });
    await repo.setInvoicePaid(tx, kind, inv.id, toDecimalString(paid));
  }
}

const remainingOf = (inv: repo.InvoiceRow) => max(sub(inv.net, inv.paid), 0);

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
  const boxes = await lockCashboxes(tx, existing ? [body.cashbox, existing.row.cashbox_id] : [body.cashbox]);
  if (existing) {
    await undoDocument(tx, kind, auth, existing.row);
  }
  const box = boxes.get(body.cashbox);
  if (!box || box.branchId !== body.branch) throw invalidChoice("cashbox");
  if (body.currency != null && body.currency !== box.currencyId) throw badRequest(MESSAGES.cashboxCurrencyMismatch);
  if (!(await repo.partyInBranch(tx, kind, body.party, body.branch))) throw invalidChoice(k.party);
  const rate = await repo.currencyRate(tx, box.currencyId);
  const exchangeRate = rate.isBase ? "1" : rate.latest;
  if (!exchangeRate) throw fieldErrors({ exchange_rate: [MESSAGES.enterExchangeRate] });

  // Invoices: the ones sent, checked, or the oldest open ones of the party in the cashbox's currency.
  let invoices: Map<number, repo.InvoiceRow>;
  let allocations: Allocation[];
  if (body.allocations) {
    const seen = new Set<number>();
    for (const a of body.allocations) {
      if (seen.has(a.id)) throw badRequest(MESSAGES.itemAlreadyInList);
      seen.add(a.id);
    }
    invoices = await repo.lockInvoices(
      tx,
      kind,
      body.allocations.map((a) => a.id),
    );
    body.allocations.forEach((a, i) => {
      const inv = invoices.get(a.id);
      if (!inv || inv.branch_id !== body.branch) throw invalidChoice(`${k.invoices}[${i}].${k.invoice}`);
      if (inv.party_id !== body.party) throw badRequest(k.differentParty);
      if (inv.currency_id !== box.currencyId) throw badRequest(MESSAGES.cashboxCurrencyMismatch);
    });
    const problem = allocationProblem(
      body.amount,
      body.allocations,
      new Map([...invoices.values()].map((inv) => [inv.id, remainingOf(inv)])),
    );
    if (problem?.kind === "above_remaining") throw badRequest(MESSAGES.allocationAboveRemaining);
    if (problem?.kind === "above_amount") throw badRequest(MESSAGES.allocationsAboveAmount);
    allocations = body.allocations.map((a) => ({ id: a.id, amount: toDecimalString(a.amount) }));
  } else {
    const open = await repo.lockOpenInvoices(tx, kind, body.party, body.branch, box.currencyId);
    invoices = new Map(open.map((inv) => [inv.id, inv]));
    allocations = allocateOldestFirst(
      body.amount,
      open.map((inv) => ({ id: inv.id, remaining: remainingOf(inv) })),
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
  const before = await repo.allocatedTo(tx, kind, [...invoices.keys()]);
  const touched = new Map([...invoices].filter(([invoiceId]) => allocations.some((a) => a.id === invoiceId)));
  await repo.replaceAllocations(
    tx,
    kind,
    id,
    allocations.map((a) => ({ invoiceId: a.id, amount: a.amount })),
  );
  await settleInvoices(tx, kind, touched, before);
  await writePosting(
    tx,
    { branchId: values.branchId, documentType: kind, documentId: id, entryDate: values.inputDate, userId: auth.userId },
    posting(kind, values),
  );
  return { id, branchId: values.branchId };
}

/** Undoes a stored document's effects: its invoices give back what it allocated, its posting is reversed. */
async function undoDocument(tx: Tx, kind: MoneyDocKind, auth: AuthContext, row: MoneyDocRow): Promise<void> {
  const old = await repo.documentAllocations(tx, kind, row.id);
  const invoices = await repo.lockInvoices(
    tx,
    kind,
    old.map((a) => a.invoice_id),
  );
  const before = await repo.allocatedTo(tx, kind, [...invoices.keys()]);
  await repo.replaceAllocations(tx, kind, row.id, []);
  await settleInvoices(tx, kind, invoices, before);
  await writePosting(
    tx,
    { branchId: row.branch_id, documentType: kind, documentId: row.id, entryDate: row.input_date, userId: auth.userId, memo: "reversal" },
    reversePosting(rowPosting(kind, row)),
  );
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
    await lockCashboxes(tx, [row.cashbox_id]);
    await undoDocument(tx, kind, auth, row);
    await repo.deleteDocument(tx, kind, id);
  });
}
