import { MESSAGES } from "../../../core/messages";
import { add, greaterThan, mul, round, sum, toDecimalString, type Money } from "../../../core/money";
import { invoiceStanding } from "../../../core/payment-status";
import { lineTotal, netTotal, postPurchaseReturn, postPurchaseReturnSettlement } from "../../../core/posting";
import { toIsoDate } from "../../../core/dates";
import { purchaseReturnSchema, type PurchaseReturnInput } from "../../../core/validation/purchase-schemas";
import type { Tx } from "../../db/client";
import type { AuthContext } from "../../http/access";
import { badRequest, fieldErrors, notFound } from "../../http/errors";
import { invalidChoice, validateBody } from "../../http/resource";
import { bookedLines, repost, type BookedLine } from "../ledger/ledger.repository";
import { assignDocumentNumber, renumberIfMoved, UNNUMBERED } from "../documents/document-number";
import { baseCurrencyId } from "../documents/currency-context";
import { applyMovements, reverseMovements } from "../stock/stock-ledger";
import { assertLocked, assertNotOverdrawn, balances } from "../accounting/cashbox-guard";
import type { CashboxRow } from "../accounting/cashbox.repository";
import {
  assertCreditNoteCovers,
  givenBack,
  lockRefundCashboxes,
  requestedRefundCashbox,
  settleReturn,
  type ReturnSettlement,
} from "../documents/return-settlement";
import { lockPurchase, purchasedByStock, type PurchaseRow } from "./purchase.repository";
import {
  addPurchasePaid,
  peekPurchaseReturnCashbox,
  deletePurchaseReturnLines,
  deletePurchaseReturnRow,
  insertPurchaseReturn,
  insertPurchaseReturnLines,
  lockPurchaseReturn,
  returnedAmount,
  returnedByStock,
  setPurchaseReturned,
  stockItems,
  updatePurchaseReturnHeader,
  type PurchaseReturnHeader,
  type PurchaseReturnRow,
} from "./purchase-return.repository";

export const PURCHASE_RETURN_DOCUMENT = "purchase_return";

/**
 * The rules of a return against its purchase, which is locked first so concurrent returns of the
 * same purchase are checked one after another: each stock row must be one the purchase filled, no
 * more than it brought in minus earlier returns, and the returned money no more than its net price.
 * It may take back what the purchase paid, as a refund into a cashbox or a supplier credit note
 * (documents/return-settlement.ts): the purchase's paid amount loses it.
 */
async function checkReturn(
  tx: Tx,
  input: PurchaseReturnInput,
  auth: AuthContext,
  exceptReturnId: number | null,
  boxes: ReadonlyMap<number, CashboxRow>,
) {
  const purchase = await lockPurchase(tx, input.purchase);
  if (!purchase || !auth.branchIds.includes(purchase.branchId)) throw invalidChoice("purchase");

  const brought = await purchasedByStock(tx, purchase.id);
  const errors: Record<string, string[]> = {};
  input.items.forEach((line, index) => {
    if (!brought.has(line.stock)) errors[`items[${index}].stock`] = [MESSAGES.invalidChoice];
  });
  if (Object.keys(errors).length) throw fieldErrors(errors);

  const earlier = await returnedByStock(tx, purchase.id, exceptReturnId);
  const asked = new Map<number, Money>();
  for (const line of input.items) asked.set(line.stock, add(asked.get(line.stock) ?? 0, line.quantity));
  for (const [stockId, quantity] of asked) {
    if (greaterThan(add(quantity, earlier.get(stockId) ?? 0), brought.get(stockId)!)) throw badRequest(MESSAGES.quantityAboveStock);
  }

  const lines = input.items.map((line) => ({ ...line, total_price: lineTotal(line.quantity, line.price) }));
  const total = round(sum(lines.map((l) => l.total_price)));
  const before = await returnedAmount(tx, purchase.id, exceptReturnId);
  // Its remain amount is what the purchase owes after the other returns (core invoiceStanding's owed).
  if (greaterThan(total, invoiceStanding(netTotal(purchase.totalPrice, purchase.discount), before, 0).owed)) {
    throw badRequest(MESSAGES.purchaseReturnAboveRemain);
  }
  // An edit gave its old refund and credit back to its purchase first (restoreSettlement).
  const settled = settleReturn(
    { refund: input.refund ?? null, credit_note: input.credit_note ?? false },
    { returnTotal: total, invoicePaid: purchase.paidAmount, givenBefore: 0 },
    boxes,
    { branchId: purchase.branchId, currencyId: purchase.currencyId },
  );
  if (exceptReturnId) await assertCreditNoteCovers(tx, "purchase_return", exceptReturnId, settled.creditNoteAmount);
  return { purchase, lines, total: toDecimalString(total), settled };
}

function headerOf(
  purchase: PurchaseRow,
  input: PurchaseReturnInput,
  total: string,
  settled: ReturnSettlement,
  auth: AuthContext,
): PurchaseReturnHeader {
  return {
    ...settled,
    branchId: purchase.branchId,
    invoiceNo: UNNUMBERED,
    purchaseId: purchase.id,
    supplierId: purchase.supplierId,
    inventoryId: purchase.inventoryId,
    currencyId: purchase.currencyId,
    exchangeRate: purchase.exchangeRate,
    totalPrice: total,
    inputDate: input.input_date ?? toIsoDate(new Date()),
    note: input.note ?? "",
    createdBy: auth.userId,
  };
}

/** Lines saved, stock out (never below zero), and the posting back to the supplier (reversing `booked`, an edit's old one). */
async function bookReturn(
  tx: Tx,
  id: number,
  header: PurchaseReturnHeader,
  lines: Awaited<ReturnType<typeof checkReturn>>["lines"],
  userId: number,
  booked: readonly BookedLine[] = [],
) {
  const items = await stockItems(tx, [...new Set(lines.map((l) => l.stock))]);
  await insertPurchaseReturnLines(
    tx,
    lines.map((l) => ({
      purchaseReturnId: id,
      stockId: l.stock,
      itemId: items.get(l.stock)!,
      quantity: l.quantity,
      price: l.price,
      totalPrice: l.total_price,
    })),
  );
  const out = lines.map((l) => ({ stockId: l.stock, quantity: toDecimalString(round(l.quantity, 3).negated(), 3) }));
  await applyMovements(tx, out, { documentType: PURCHASE_RETURN_DOCUMENT, documentId: id, userId });
  await repost(
    tx,
    { branchId: header.branchId, documentType: PURCHASE_RETURN_DOCUMENT, documentId: id, entryDate: header.inputDate, userId },
    booked,
    [
      ...postPurchaseReturn({
        base_currency_id: await baseCurrencyId(tx),
        supplier_id: header.supplierId,
        currency_id: header.currencyId,
        exchange_rate: header.exchangeRate,
        total_price: header.totalPrice,
      }),
      ...postPurchaseReturnSettlement({
        supplier_id: header.supplierId,
        currency_id: header.currencyId,
        exchange_rate: header.exchangeRate,
        refund_cashbox_id: header.refundCashboxId ?? null,
        refund_amount: header.refundAmount ?? "0",
        credit_note_amount: header.creditNoteAmount ?? "0",
      }),
    ],
  );
  await addPurchasePaid(tx, header.purchaseId, toDecimalString(mul(givenBack(settlementOf(header)), -1)));
}

const settlementOf = (row: Pick<PurchaseReturnHeader, "refundCashboxId" | "refundAmount" | "creditNoteAmount">): ReturnSettlement => ({
  refundCashboxId: row.refundCashboxId ?? null,
  refundAmount: row.refundAmount ?? "0",
  creditNoteAmount: row.creditNoteAmount ?? "0",
});

/** An edit or delete gives the purchase back what the return took of its paid amount. */
const restoreSettlement = (tx: Tx, row: PurchaseReturnRow) => addPurchasePaid(tx, row.purchaseId, givenBack(settlementOf(row)));

/** Locks the refund cashboxes (the one named, the one an edit's return named), before the return, and notes their balances. */
async function lockBoxes(tx: Tx, auth: AuthContext, ids: readonly (number | null)[]) {
  const boxes = await lockRefundCashboxes(tx, auth, ids);
  return { boxes, before: await balances(tx, boxes.values()) };
}

/** Undoes a return's stock and lines; answers its posting as booked, which the edit or the delete reverses. */
async function unbookReturn(tx: Tx, id: number, userId: number): Promise<BookedLine[]> {
  await reverseMovements(tx, { documentType: PURCHASE_RETURN_DOCUMENT, documentId: id, userId });
  await deletePurchaseReturnLines(tx, id);
  return bookedLines(tx, PURCHASE_RETURN_DOCUMENT, id);
}

export async function createPurchaseReturn(tx: Tx, payload: unknown, auth: AuthContext): Promise<number> {
  const input = await validateBody(purchaseReturnSchema, payload);
  const { boxes, before } = await lockBoxes(tx, auth, [input.refund?.cashbox ?? null]);
  const { purchase, lines, total, settled } = await checkReturn(tx, input, auth, null, boxes);
  const header = headerOf(purchase, input, total, settled, auth);
  const id = await insertPurchaseReturn(tx, header);
  await bookReturn(tx, id, header, lines, auth.userId);
  await assertNotOverdrawn(tx, boxes.values(), before);
  await setPurchaseReturned(tx, purchase.id);
  // Last: the branch's counter stays locked until commit (assignDocumentNumber).
  await assignDocumentNumber(tx, "purchase_return", id, purchase.branchId, PURCHASE_RETURN_DOCUMENT);
  return id;
}

export async function updatePurchaseReturn(tx: Tx, id: number, payload: unknown, auth: AuthContext): Promise<void> {
  // Cashboxes first, the lock order of every money document; the stored one is checked once the return is locked.
  const asked = [requestedRefundCashbox(payload), await peekPurchaseReturnCashbox(tx, id)];
  const { boxes, before } = await lockBoxes(tx, auth, asked);
  const current = await lockPurchaseReturn(tx, id);
  if (!current || !auth.branchIds.includes(current.branchId)) throw notFound();
  assertLocked(
    asked.filter((b): b is number => b != null),
    current.refundCashboxId,
  );
  const input = await validateBody(purchaseReturnSchema, payload);
  // Purchase before stock rows, the lock order of a create, so the two cannot deadlock.
  await lockPurchase(tx, current.purchaseId);
  await restoreSettlement(tx, current);
  // The stock this return took goes back first, so the new lines are checked against the full quantities.
  const booked = await unbookReturn(tx, id, auth.userId);
  const { purchase, lines, total, settled } = await checkReturn(tx, input, auth, id, boxes);
  const header = { ...headerOf(purchase, input, total, settled, auth), invoiceNo: current.invoiceNo };
  await updatePurchaseReturnHeader(tx, id, header);
  await bookReturn(tx, id, header, lines, auth.userId, booked);
  await assertNotOverdrawn(tx, boxes.values(), before);
  await setPurchaseReturned(tx, purchase.id);
  // Moved to another purchase: the one it left owes again what it had taken back.
  if (current.purchaseId !== purchase.id) await setPurchaseReturned(tx, current.purchaseId);
  await renumberIfMoved(tx, "purchase_return", id, { from: current.branchId, to: purchase.branchId }, PURCHASE_RETURN_DOCUMENT);
}

export async function deletePurchaseReturn(tx: Tx, id: number, auth: AuthContext): Promise<void> {
  const stored = await peekPurchaseReturnCashbox(tx, id);
  const { boxes, before } = await lockBoxes(tx, auth, [stored]);
  const current = await lockPurchaseReturn(tx, id);
  if (!current || !auth.branchIds.includes(current.branchId)) throw notFound();
  assertLocked(stored ? [stored] : [], current.refundCashboxId);
  // The return's purchase next, the lock order of an edit.
  await lockPurchase(tx, current.purchaseId);
  await assertCreditNoteCovers(tx, "purchase_return", id, "0");
  await restoreSettlement(tx, current);
  const booked = await unbookReturn(tx, id, auth.userId);
  await repost(
    tx,
    {
      branchId: current.branchId,
      documentType: PURCHASE_RETURN_DOCUMENT,
      documentId: id,
      entryDate: current.inputDate,
      userId: auth.userId,
    },
    booked,
    [],
  );
  await deletePurchaseReturnRow(tx, id);
  await setPurchaseReturned(tx, current.purchaseId);
  await assertNotOverdrawn(tx, boxes.values(), before);
}
