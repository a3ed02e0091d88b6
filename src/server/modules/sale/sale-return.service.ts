import { sql } from "drizzle-orm";
import { MESSAGES } from "../../../core/messages";
import { carriesQuantity } from "../../../core/item-types";
import { add, greaterThan, mul, round, sub, sum, toDecimalString } from "../../../core/money";
import { assertLocked } from "../accounting/cashbox-guard";
import { lineTotal, netTotal, postSaleReturn, postSaleReturnSettlement } from "../../../core/posting";
import type { SaleReturnInput } from "../../../core/validation/sale-schemas";
import type { Db, Executor, Tx } from "../../db/client";
import type { AuthContext } from "../../http/access";
import { badRequest } from "../../http/errors";
import { readOne } from "../../http/resource";
import { bookedLines, repost } from "../ledger/ledger.repository";
import { baseCurrencyId } from "../documents/currency-context";
import { assignDocumentNumber, UNNUMBERED } from "../documents/document-number";
import { applyMovements, reverseMovements } from "../stock/stock-ledger";
import { assertNotOverdrawn, balances } from "../accounting/cashbox-guard";
import type { CashboxRow } from "../accounting/cashbox.repository";
import {
  assertCreditNoteCovers,
  givenBack,
  lockRefundCashboxes,
  NO_SETTLEMENT,
  requestedRefundCashbox,
  settleReturn,
  type ReturnSettlement,
} from "../documents/return-settlement";
import * as repo from "./sale.repository";
import { saleReturnList } from "./sale.lists";
import { SALE_RETURN_DOC, today, visibleOr404, assertFresh, type Validate, type Written } from "./sale-document";

/**
 * Returns against a sale: same customer and currency, no more than sold per line or than the sale's net;
 * a return puts stock back and reverses the returned part of the sale's posting, in one transaction.
 * It may give back what the sale took, as a refund from a cashbox or a credit note (documents/return-settlement.ts):
 * the sale's paid amount loses it, the cashbox (locked first, never overdrawn) pays it out.
 */

export const readSaleReturn = (ex: Executor, id: number, auth: AuthContext) =>
  readOne<Record<string, unknown>>(ex, saleReturnList, sql`sr.id`, id, auth, sql`${repo.returnLinesJson(sql`sr.id`)} as items`);

const settlementOf = (row: repo.SaleReturnRow): ReturnSettlement => ({
  refundCashboxId: row.refundCashboxId,
  refundAmount: row.refundAmount,
  creditNoteAmount: row.creditNoteAmount,
});

async function writeReturn(
  tx: Tx,
  auth: AuthContext,
  body: SaleReturnInput,
  existing: repo.SaleReturnRow | null,
  boxes: ReadonlyMap<number, CashboxRow>,
): Promise<Written> {
  const saleRow = await repo.lockSale(tx, body.sale);
  if (!saleRow || !auth.branchIds.includes(saleRow.branchId)) throw badRequest(MESSAGES.saleInvoiceNotFound);
  if (existing && existing.saleId !== saleRow.id) throw badRequest(MESSAGES.saleInvoiceNotFound);
  if (body.customer != null && body.customer !== saleRow.customerId) throw badRequest(MESSAGES.differentCustomer);
  if (body.currency != null && body.currency !== saleRow.currencyId) throw badRequest(MESSAGES.differentCurrency);
  const sold = new Map((await repo.soldByStock(tx, saleRow.id)).map((r) => [r.stock_id, r]));
  const returned = await repo.returnedForSale(tx, saleRow.id, existing?.id ?? null);
  const seen = new Set<number>();
  const lines = body.items.map((line) => {
    if (seen.has(line.stock)) throw badRequest(MESSAGES.itemAlreadyInList);
    seen.add(line.stock);
    const soldLine = sold.get(line.stock);
    if (!soldLine || !carriesQuantity(soldLine.item_type)) throw badRequest(MESSAGES.itemNotFound);
    const left = sub(soldLine.quantity, returned.byStock.get(line.stock) ?? "0");
    if (greaterThan(line.quantity, left)) throw badRequest(MESSAGES.returnAboveSold);
    return {
      stockId: line.stock,
      itemId: soldLine.item_id,
      quantity: line.quantity,
      price: line.price,
      totalPrice: lineTotal(line.quantity, line.price),
      costPrice: toDecimalString(round(soldLine.cost_price ?? "0")),
    };
  });
  const total = sum(lines.map((l) => l.totalPrice));
  if (greaterThan(add(returned.total, total), netTotal(saleRow.totalPrice, saleRow.discount))) throw badRequest(MESSAGES.returnAboveSale);

  const before = existing ? settlementOf(existing) : NO_SETTLEMENT;
  const settled = settleReturn(
    { refund: body.refund ?? null, credit_note: body.credit_note ?? false },
    { returnTotal: total, invoicePaid: saleRow.paidAmount, givenBefore: givenBack(before) },
    boxes,
    { branchId: saleRow.branchId, currencyId: saleRow.currencyId },
  );
  if (existing) await assertCreditNoteCovers(tx, "sale_return", existing.id, settled.creditNoteAmount);

  const inputDate = body.input_date ?? existing?.inputDate ?? today();
  const values = {
    customerId: saleRow.customerId,
    inventoryId: saleRow.inventoryId,
    currencyId: saleRow.currencyId,
    exchangeRate: saleRow.exchangeRate,
    totalPrice: toDecimalString(total),
    inputDate,
    note: body.note ?? "",
    ...settled,
  };
  let id: number;
  if (existing) {
    id = existing.id;
    await repo.updateSaleReturn(tx, id, values);
  } else {
    id = await repo.insertSaleReturn(tx, {
      ...values,
      branchId: saleRow.branchId,
      invoiceNo: UNNUMBERED,
      saleId: saleRow.id,
      createdBy: auth.userId,
    });
  }
  await repo.replaceSaleReturnItems(
    tx,
    id,
    lines.map((l) => ({ saleReturnId: id, ...l })),
  );
  const source = { documentType: SALE_RETURN_DOC, documentId: id, userId: auth.userId };
  await applyMovements(
    tx,
    lines.map((l) => ({ stockId: l.stockId, quantity: l.quantity })),
    source,
  );
  const money = { currency_id: saleRow.currencyId, exchange_rate: saleRow.exchangeRate, customer_id: saleRow.customerId };
  const posting = [
    ...postSaleReturn({
      ...money,
      total_price: total,
      cost_total: sum(lines.map((l) => mul(l.costPrice, l.quantity))),
      base_currency_id: await baseCurrencyId(tx),
    }),
    ...postSaleReturnSettlement({
      ...money,
      refund_cashbox_id: settled.refundCashboxId,
      refund_amount: settled.refundAmount,
      credit_note_amount: settled.creditNoteAmount,
    }),
  ];
  await repost(
    tx,
    { branchId: saleRow.branchId, documentType: SALE_RETURN_DOC, documentId: id, entryDate: inputDate, userId: auth.userId },
    existing ? await bookedLines(tx, SALE_RETURN_DOC, id) : [],
    posting,
  );
  await repo.setSaleReturned(tx, saleRow.id);
  await repo.addSalePaid(tx, saleRow.id, toDecimalString(sub(givenBack(before), givenBack(settled))));
  return { id, branchId: saleRow.branchId };
}

/** Locks the refund cashboxes (the one named, the one an edit's return named) and notes their balances. */
async function lockBoxes(tx: Tx, auth: AuthContext, ids: readonly (number | null)[]) {
  const boxes = await lockRefundCashboxes(tx, auth, ids);
  return { boxes, before: await balances(tx, boxes.values()) };
}

/** A new return, numbered last like a sale (the branch's counter stays locked only to the commit). */
export async function createSaleReturnTx(tx: Tx, auth: AuthContext, body: SaleReturnInput): Promise<number> {
  const { boxes, before } = await lockBoxes(tx, auth, [body.refund?.cashbox ?? null]);
  const written = await writeReturn(tx, auth, body, null, boxes);
  await assertNotOverdrawn(tx, boxes.values(), before);
  await assignDocumentNumber(tx, "sale_return", written.id, written.branchId, SALE_RETURN_DOC);
  return written.id;
}

const lockVisibleReturn = async (tx: Tx, auth: AuthContext, id: number) => visibleOr404(await repo.lockSaleReturn(tx, id), auth);

export async function updateSaleReturn(
  db: Db,
  auth: AuthContext,
  id: number,
  payload: Record<string, unknown>,
  validate: Validate<SaleReturnInput>,
) {
  return db.transaction(async (tx) => {
    // Cashboxes first, the lock order of every money document; the stored one is checked once the return is locked.
    const stored = await repo.peekSaleReturnCashbox(tx, id);
    const asked = [requestedRefundCashbox(payload), stored];
    const { boxes, before } = await lockBoxes(tx, auth, asked);
    const row = await lockVisibleReturn(tx, auth, id);
    assertLocked(
      asked.filter((b): b is number => b != null),
      row.refundCashboxId,
    );
    assertFresh(row, payload.updated_at);
    const body = await validate({ ...payload, sale: row.saleId });
    await reverseMovements(tx, { documentType: SALE_RETURN_DOC, documentId: id, userId: auth.userId });
    await writeReturn(tx, auth, body, row, boxes);
    await assertNotOverdrawn(tx, boxes.values(), before);
    return readSaleReturn(tx, id, auth);
  });
}

export async function deleteSaleReturn(db: Db, auth: AuthContext, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const stored = await repo.peekSaleReturnCashbox(tx, id);
    const { boxes, before } = await lockBoxes(tx, auth, [stored]);
    const row = await lockVisibleReturn(tx, auth, id);
    assertLocked(stored ? [stored] : [], row.refundCashboxId);
    // The return's sale next, the lock order of an edit.
    await repo.lockSale(tx, row.saleId);
    await assertCreditNoteCovers(tx, "sale_return", id, "0");
    await reverseMovements(tx, { documentType: SALE_RETURN_DOC, documentId: id, userId: auth.userId });
    await repost(
      tx,
      { branchId: row.branchId, documentType: SALE_RETURN_DOC, documentId: id, entryDate: row.inputDate, userId: auth.userId },
      await bookedLines(tx, SALE_RETURN_DOC, id),
      [],
    );
    await repo.deleteSaleReturn(tx, id);
    await repo.setSaleReturned(tx, row.saleId);
    await repo.addSalePaid(tx, row.saleId, givenBack(settlementOf(row)));
    await assertNotOverdrawn(tx, boxes.values(), before);
  });
}
