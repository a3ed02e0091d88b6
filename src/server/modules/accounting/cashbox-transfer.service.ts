import { sql } from "drizzle-orm";
import { toIsoDate } from "../../../core/dates";
import { MESSAGES } from "../../../core/messages";
import { toDecimalString } from "../../../core/money";
import { postCashboxTransfer } from "../../../core/posting";
import type { CashboxTransferInput } from "../../../core/validation/accounting-schemas";
import type { Db, Executor, Tx } from "../../db/client";
import type { AuthContext } from "../../http/access";
import { badRequest, fieldErrors, notFound, staleRecord } from "../../http/errors";
import { invalidChoice, readOne } from "../../http/resource";
import { assignDocumentNumber, renumberIfMoved } from "../documents/document-number";
import { unpost, writePosting } from "../ledger/ledger.repository";
import { lockCashboxes } from "./cashbox.repository";
import { assertNotOverdrawn, balances } from "./cashbox-guard";
import { cashboxTransferList } from "./cashbox-transfer.list";
import * as repo from "./cashbox-transfer.repository";
import { currencyRate } from "./money-document.repository";

/**
 * Cashbox transfers: money from one cashbox to another of the same currency, both in the
 * caller's branches. Both cashboxes (and an edit's old ones) are locked in id order; the source may not
 * go below zero ("Cashbox balance is not enough"), checked inside the write. The document belongs to
 * the source cashbox's branch and takes its number there. Edits and deletes append the reversal.
 */
export const DOC = "cashbox_transfer";

export const readTransfer = (ex: Executor, id: number, auth: AuthContext) =>
  readOne<Record<string, unknown>>(ex, cashboxTransferList, sql`d.id`, id, auth);

const postingOf = (v: { fromCashboxId: number; toCashboxId: number; currencyId: number; exchangeRate: string; amount: string }) =>
  postCashboxTransfer({
    currency_id: v.currencyId,
    exchange_rate: v.exchangeRate,
    from_cashbox_id: v.fromCashboxId,
    to_cashbox_id: v.toCashboxId,
    amount: v.amount,
  });

const reverse = (tx: Tx, auth: AuthContext, row: repo.TransferRow) =>
  unpost(tx, { branchId: row.branch_id, documentType: DOC, documentId: row.id, entryDate: row.input_date, userId: auth.userId });

async function write(tx: Tx, auth: AuthContext, body: CashboxTransferInput, existing: repo.TransferRow | null, formToken: string | null) {
  if (body.from_cashbox === body.to_cashbox) throw badRequest(MESSAGES.cashboxesMustDiffer);
  const ids = [body.from_cashbox, body.to_cashbox, ...(existing ? [existing.from_cashbox_id, existing.to_cashbox_id] : [])];
  const boxes = await lockCashboxes(tx, auth, ids);
  const from = boxes.get(body.from_cashbox);
  const to = boxes.get(body.to_cashbox);
  if (!from || !auth.branchIds.includes(from.branchId)) throw invalidChoice("from_cashbox");
  if (!to || !auth.branchIds.includes(to.branchId)) throw invalidChoice("to_cashbox");
  if (from.currencyId !== to.currencyId) throw badRequest(MESSAGES.cashboxesCurrencyMustMatch);
  const rate = await currencyRate(tx, from.currencyId);
  const exchangeRate = rate.isBase ? "1" : rate.latest;
  if (!exchangeRate) throw fieldErrors({ exchange_rate: [MESSAGES.enterExchangeRate] });
  const before = await balances(tx, boxes.values());
  if (existing) await reverse(tx, auth, existing);
  const values: repo.TransferValues = {
    branchId: from.branchId,
    fromCashboxId: from.id,
    toCashboxId: to.id,
    currencyId: from.currencyId,
    exchangeRate,
    amount: toDecimalString(body.amount),
    inputDate: body.input_date ?? existing?.input_date ?? toIsoDate(new Date()),
    note: body.note ?? "",
  };
  const id = existing ? existing.id : await repo.insertTransfer(tx, values, formToken, auth.userId);
  if (existing) await repo.updateTransfer(tx, id, values);
  await writePosting(
    tx,
    { branchId: values.branchId, documentType: DOC, documentId: id, entryDate: values.inputDate, userId: auth.userId },
    postingOf(values),
  );
  await assertNotOverdrawn(tx, boxes.values(), before);
  return { id, branchId: values.branchId };
}

export async function createTransferTx(tx: Tx, auth: AuthContext, body: CashboxTransferInput, formToken: string | null) {
  const written = await write(tx, auth, body, null, formToken);
  const read = await readTransfer(tx, written.id, auth);
  return { ...read, invoice_no: await assignDocumentNumber(tx, DOC, written.id, written.branchId, DOC) };
}

async function lockVisible(tx: Tx, auth: AuthContext, id: number): Promise<repo.TransferRow> {
  const row = await repo.lockTransfer(tx, id);
  if (!row || !auth.branchIds.includes(row.branch_id)) throw notFound();
  return row;
}

export async function updateTransfer(
  db: Db,
  auth: AuthContext,
  id: number,
  payload: Record<string, unknown>,
  validate: (p: unknown) => Promise<CashboxTransferInput>,
) {
  return db.transaction(async (tx) => {
    const row = await lockVisible(tx, auth, id);
    const stamp = payload.updated_at;
    if (typeof stamp === "string" && stamp !== "" && new Date(row.updated_at).getTime() !== new Date(stamp).getTime()) throw staleRecord();
    const body = await validate(payload);
    const written = await write(tx, auth, body, row, null);
    await renumberIfMoved(tx, DOC, id, { from: row.branch_id, to: written.branchId }, DOC);
    return readTransfer(tx, id, auth);
  });
}

export async function deleteTransfer(db: Db, auth: AuthContext, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockVisible(tx, auth, id);
    const boxes = await lockCashboxes(tx, auth, [row.from_cashbox_id, row.to_cashbox_id]);
    const before = await balances(tx, boxes.values());
    await reverse(tx, auth, row);
    await assertNotOverdrawn(tx, boxes.values(), before);
    await repo.deleteTransfer(tx, id);
  });
}
