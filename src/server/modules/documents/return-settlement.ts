import { sql, type SQL } from "drizzle-orm";
import { MESSAGES } from "../../../core/messages";
import { greaterThan, sum, toDecimalString, type MoneyInput } from "../../../core/money";
import type { CreditNoteSpend } from "../../../core/posting";
import { returnableAmount, settledAmounts, settlementProblem, type SettlementAsk } from "../../../core/return-settlement";
import { insertFromJson, queryRows, type Executor, type Tx } from "../../db/client";
import { creditNoteUse } from "../../db/tables";
import type { AuthContext } from "../../http/access";
import { badRequest, fieldErrors } from "../../http/errors";
import { lockCashboxes, type CashboxRow } from "../accounting/cashbox.repository";
import { requestedCashbox } from "../accounting/cashbox-guard";

/**
 * Refunds and credit notes of returns (DESIGN "Money documents"): a return gives back part of what its
 * invoice took, as cash through a cashbox or as a credit note; a later invoice of the same party uses
 * open credit notes (credit_note_use rows). The rules are src/core/return-settlement.ts.
 */
export type ReturnKind = "sale_return" | "purchase_return";

/** What a stored return gave back. */
export interface ReturnSettlement {
  refundCashboxId: number | null;
  refundAmount: string;
  creditNoteAmount: string;
}

export const NO_SETTLEMENT: ReturnSettlement = { refundCashboxId: null, refundAmount: "0.00", creditNoteAmount: "0.00" };

/** What a return gave back in all: the part its invoice's paid amount lost. */
export const givenBack = (s: ReturnSettlement) => toDecimalString(sum([s.refundAmount, s.creditNoteAmount]));

/** The refund cashbox a request names (validated later), to lock before the invoice like every cashbox. */
export function requestedRefundCashbox(payload: unknown): number | null {
  return requestedCashbox(payload && typeof payload === "object" ? (payload as { refund?: unknown }).refund : null);
}

/** Locks the cashboxes a return's write moves money through (the one it names and the one it named), in id order. */
export const lockRefundCashboxes = (tx: Tx, auth: AuthContext, ids: readonly (number | null)[]) =>
  lockCashboxes(
    tx,
    auth,
    ids.filter((id): id is number => id != null),
  );

/**
 * The return's refund or credit note, checked: within what the invoice took and the return returns, the
 * refund through a locked cashbox of the return's branch and currency.
 */
export function settleReturn(
  ask: SettlementAsk,
  bound: { returnTotal: MoneyInput; invoicePaid: MoneyInput; givenBefore: MoneyInput },
  boxes: ReadonlyMap<number, CashboxRow>,
  where: { branchId: number; currencyId: number },
): ReturnSettlement {
  const returnable = returnableAmount(bound.returnTotal, bound.invoicePaid, bound.givenBefore);
  const problem = settlementProblem(ask, returnable);
  if (problem === "both") throw badRequest(MESSAGES.refundOrCreditNote);
  if (problem === "refund_above_returnable") throw badRequest(MESSAGES.refundAboveReturnable);
  if (problem === "nothing_to_credit") throw badRequest(MESSAGES.nothingToCredit);
  const amounts = settledAmounts(ask, returnable);
  let refundCashboxId: number | null = null;
  if (ask.refund && greaterThan(amounts.refund, 0)) {
    const box = boxes.get(ask.refund.cashbox);
    if (!box || box.branchId !== where.branchId) throw fieldErrors({ "refund.cashbox": [MESSAGES.invalidChoice] });
    if (box.currencyId !== where.currencyId) throw badRequest(MESSAGES.cashboxCurrencyMismatch);
    refundCashboxId = box.id;
  }
  return { refundCashboxId, refundAmount: amounts.refund, creditNoteAmount: amounts.creditNote };
}

const RETURN_TABLE: Record<ReturnKind, { table: string; party: string }> = {
  sale_return: { table: "sale_return", party: "customer_id" },
  purchase_return: { table: "purchase_return", party: "supplier_id" },
};

/** What later invoices used of a return's credit note. */
export async function creditNoteUsed(ex: Executor, kind: ReturnKind, returnId: number): Promise<string> {
  const [row] = await queryRows<{ used: string }>(
    ex,
    sql`select coalesce(sum(amount), 0)::text as used from credit_note_use where return_type = ${kind} and return_id = ${returnId}`,
  );
  return row.used;
}

/** A return's credit note may not shrink below what later invoices used of it, nor go with its return. */
export async function assertCreditNoteCovers(ex: Executor, kind: ReturnKind, returnId: number, newAmount: MoneyInput): Promise<void> {
  if (greaterThan(await creditNoteUsed(ex, kind, returnId), newAmount)) throw badRequest(MESSAGES.creditNoteUsed);
}

/** What may use a credit note: a later invoice of the party, or a receipt (payment) that settles its invoices. */
export type CreditNoteUser = "sale" | "purchase" | "receipt" | "payment";

export interface CreditNoteUseInput {
  credit_note: number;
  amount: string;
}

/** What a document uses of the party's credit notes: the total, and each note's part at the rate it was booked at. */
export interface CreditNotesUsed {
  total: string;
  spends: CreditNoteSpend[];
}

/**
 * Uses open credit notes for a new invoice of the party: each note locked (in id order), of the party
 * and currency, of one of the caller's branches, with enough left open. Answers what it used.
 */
export async function useCreditNotes(
  tx: Tx,
  auth: AuthContext,
  kind: ReturnKind,
  invoice: { documentType: CreditNoteUser; documentId: number | null; partyId: number; currencyId: number },
  uses: readonly CreditNoteUseInput[],
): Promise<CreditNotesUsed> {
  if (uses.length === 0) return { total: "0.00", spends: [] };
  const { table, party } = RETURN_TABLE[kind];
  const ids = [...new Set(uses.map((u) => u.credit_note))].sort((a, b) => a - b);
  const rows = await queryRows<{ id: number; branch_id: number; party_id: number; currency_id: number; rate: string; open: string }>(
    tx,
    sql`select r.id, r.branch_id, r.${sql.identifier(party)} as party_id, r.currency_id, r.exchange_rate::text as rate,
          (r.credit_note_amount - coalesce((select sum(u.amount) from credit_note_use u
             where u.return_type = ${kind} and u.return_id = r.id), 0))::text as open
        from ${sql.identifier(table)} r where r.id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )}) order by r.id for update of r`,
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  const asked = new Map<number, string>();
  for (const use of uses) asked.set(use.credit_note, toDecimalString(sum([asked.get(use.credit_note) ?? "0", use.amount])));
  for (const [id, amount] of asked) {
    const note = byId.get(id);
    if (!note || !auth.branchIds.includes(note.branch_id) || note.party_id !== invoice.partyId)
      throw badRequest(MESSAGES.creditNoteNotFound);
    if (note.currency_id !== invoice.currencyId) throw badRequest(MESSAGES.creditNoteCurrencyMismatch);
    if (greaterThan(amount, note.open)) throw badRequest(MESSAGES.creditNoteAboveOpen);
  }
  const spends = [...asked]
    .filter(([, amount]) => greaterThan(amount, 0))
    .map(([id, amount]) => ({ amount, note_rate: byId.get(id)!.rate }));
  return { total: toDecimalString(sum([...asked.values()])), spends };
}

/** Records the uses once the invoice has its id. */
export async function writeCreditNoteUses(
  tx: Tx,
  kind: ReturnKind,
  documentType: CreditNoteUser,
  documentId: number,
  uses: readonly CreditNoteUseInput[],
): Promise<void> {
  const rows = uses
    .filter((u) => greaterThan(u.amount, 0))
    .map((u) => ({ returnType: kind, returnId: u.credit_note, documentType, documentId, amount: toDecimalString(u.amount) }));
  if (rows.length) await tx.execute(insertFromJson(creditNoteUse, rows));
}

/** An invoice (receipt, payment) deleted or edited gives its uses back to the credit notes. */
export async function releaseCreditNoteUses(tx: Tx, documentType: CreditNoteUser, documentId: number): Promise<void> {
  await tx.execute(sql`delete from credit_note_use where document_type = ${documentType} and document_id = ${documentId}`);
}

export async function usesCreditNotes(ex: Executor, documentType: "sale" | "purchase", documentId: number): Promise<boolean> {
  const rows = await queryRows<{ one: number }>(
    ex,
    sql`select 1 as one from credit_note_use where document_type = ${documentType} and document_id = ${documentId} limit 1`,
  );
  return rows.length > 0;
}

/** A return's refund and credit note for its answer (its view and print show them), with the note's open amount. */
export function settlementJson(kind: ReturnKind, alias: string): SQL {
  const r = sql.raw(alias);
  return sql`${r}.refund_cashbox_id as refund_cashbox,
    (select name from cashbox where id = ${r}.refund_cashbox_id) as refund_cashbox_name,
    ${r}.refund_amount::text as refund_amount, ${r}.credit_note_amount::text as credit_note_amount,
    (${r}.credit_note_amount - coalesce((select sum(u.amount) from credit_note_use u
       where u.return_type = ${kind} and u.return_id = ${r}.id), 0))::text as credit_note_open`;
}
