import { sql } from "drizzle-orm";
import { toIsoDate } from "../../../core/dates";
import { MESSAGES } from "../../../core/messages";
import { toDecimalString } from "../../../core/money";
import { postExpense, postIncome, type PostingLine } from "../../../core/posting";
import type { ExpenseInput, IncomeInput } from "../../../core/validation/accounting-schemas";
import type { Db, Executor, Tx } from "../../db/client";
import type { AuthContext } from "../../http/access";
import { badRequest, fieldErrors, notFound, staleRecord } from "../../http/errors";
import { invalidChoice, readOne } from "../../http/resource";
import { assignDocumentNumber } from "../documents/document-number";
import { unpost, writePosting } from "../ledger/ledger.repository";
import { lockCashboxes } from "./cashbox.repository";
import { assertNotOverdrawn, balances } from "./cashbox-guard";
import { expenseList, incomeList } from "./cashbox-document.lists";
import * as repo from "./cashbox-document.repository";
import type { CashboxDocKind, CashboxDocRow } from "./cashbox-document.repository";
import { currencyRate } from "./money-document.repository";

/**
 * Expenses and incomes (DESIGN "Money documents"): one cashbox, one type, an amount in the
 * cashbox's currency. One service validates, locks the cashboxes (by id), numbers and writes the
 * document and its posting in one transaction. No write leaves a cashbox below zero ("Cashbox balance
 * is not enough"), checked after the write with the cashbox locked: an expense, and also the edit or
 * delete of an income whose money was spent meanwhile. Edits and deletes append the reversal.
 */
export interface CashboxDocBody {
  branch: number;
  type: number;
  cashbox: number;
  currency: number | null;
  amount: string;
  input_date: string | null;
  note: string | null;
}

const common = (b: ExpenseInput | IncomeInput) => ({
  branch: b.branch,
  cashbox: b.cashbox,
  currency: b.currency ?? null,
  amount: b.amount,
  input_date: b.input_date ?? null,
  note: b.note ?? null,
});
export const fromExpense = (b: ExpenseInput): CashboxDocBody => ({ ...common(b), type: b.expense_type });
export const fromIncome = (b: IncomeInput): CashboxDocBody => ({ ...common(b), type: b.income_type });

const LISTS = { expense: expenseList, income: incomeList } as const;

export const readCashboxDocument = (ex: Executor, kind: CashboxDocKind, id: number, auth: AuthContext) =>
  readOne<Record<string, unknown>>(ex, LISTS[kind], sql`d.id`, id, auth);

function posting(
  kind: CashboxDocKind,
  d: { typeId: number; cashboxId: number; currencyId: number; exchangeRate: string; amount: string },
): PostingLine[] {
  const ctx = { currency_id: d.currencyId, exchange_rate: d.exchangeRate };
  return kind === "expense"
    ? postExpense({ ...ctx, expense_type_id: d.typeId, cashbox_id: d.cashboxId, amount: d.amount })
    : postIncome({ ...ctx, income_type_id: d.typeId, cashbox_id: d.cashboxId, amount: d.amount });
}

const reverse = (tx: Tx, kind: CashboxDocKind, auth: AuthContext, row: CashboxDocRow) =>
  unpost(tx, { branchId: row.branch_id, documentType: kind, documentId: row.id, entryDate: row.input_date, userId: auth.userId });

async function writeDocument(
  tx: Tx,
  kind: CashboxDocKind,
  auth: AuthContext,
  body: CashboxDocBody,
  existing: CashboxDocRow | null,
  formToken: string | null,
) {
  if (!auth.branchIds.includes(body.branch)) throw invalidChoice("branch");
  const boxes = await lockCashboxes(tx, auth, existing ? [body.cashbox, existing.cashbox_id] : [body.cashbox]);
  const box = boxes.get(body.cashbox);
  if (!box || box.branchId !== body.branch) throw invalidChoice("cashbox");
  if (body.currency != null && body.currency !== box.currencyId) throw badRequest(MESSAGES.cashboxCurrencyMismatch);
  if (!(await repo.typeExists(tx, kind, body.type))) throw invalidChoice(`${kind}_type`);
  const rate = await currencyRate(tx, box.currencyId);
  const exchangeRate = rate.isBase ? "1" : rate.latest;
  if (!exchangeRate) throw fieldErrors({ exchange_rate: [MESSAGES.enterExchangeRate] });
  const before = await balances(tx, boxes.values());
  if (existing) await reverse(tx, kind, auth, existing);
  const values: repo.CashboxDocValues = {
    branchId: body.branch,
    typeId: body.type,
    cashboxId: box.id,
    currencyId: box.currencyId,
    exchangeRate,
    amount: toDecimalString(body.amount),
    inputDate: body.input_date ?? existing?.input_date ?? toIsoDate(new Date()),
    note: body.note ?? "",
  };
  const id = existing ? existing.id : await repo.insertCashboxDocument(tx, kind, values, formToken, auth.userId);
  if (existing) await repo.updateCashboxDocument(tx, kind, id, values);
  await writePosting(
    tx,
    { branchId: values.branchId, documentType: kind, documentId: id, entryDate: values.inputDate, userId: auth.userId },
    posting(kind, values),
  );
  await assertNotOverdrawn(tx, boxes.values(), before);
  return { id, branchId: values.branchId };
}

/** A new expense or income in the caller's (idempotent) transaction, numbered last. */
export async function createCashboxDocumentTx(
  tx: Tx,
  kind: CashboxDocKind,
  auth: AuthContext,
  body: CashboxDocBody,
  formToken: string | null,
) {
  const written = await writeDocument(tx, kind, auth, body, null, formToken);
  const read = await readCashboxDocument(tx, kind, written.id, auth);
  return { ...read, invoice_no: await assignDocumentNumber(tx, kind, written.id, written.branchId, kind) };
}

async function lockVisible(tx: Tx, kind: CashboxDocKind, auth: AuthContext, id: number): Promise<CashboxDocRow> {
  const row = await repo.lockCashboxDocument(tx, kind, id);
  if (!row || !auth.branchIds.includes(row.branch_id)) throw notFound();
  return row;
}

export async function updateCashboxDocument(
  db: Db,
  kind: CashboxDocKind,
  auth: AuthContext,
  id: number,
  payload: Record<string, unknown>,
  validate: (payload: unknown) => Promise<CashboxDocBody>,
) {
  return db.transaction(async (tx) => {
    const row = await lockVisible(tx, kind, auth, id);
    const stamp = payload.updated_at;
    if (typeof stamp === "string" && stamp !== "" && new Date(row.updated_at).getTime() !== new Date(stamp).getTime()) throw staleRecord();
    const body = await validate({ ...payload, branch: row.branch_id });
    await writeDocument(tx, kind, auth, body, row, null);
    return readCashboxDocument(tx, kind, id, auth);
  });
}

export async function deleteCashboxDocument(db: Db, kind: CashboxDocKind, auth: AuthContext, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockVisible(tx, kind, auth, id);
    const boxes = await lockCashboxes(tx, auth, [row.cashbox_id]);
    const before = await balances(tx, boxes.values());
    await reverse(tx, kind, auth, row);
    await assertNotOverdrawn(tx, boxes.values(), before);
    await repo.deleteCashboxDocument(tx, kind, id);
  });
}
