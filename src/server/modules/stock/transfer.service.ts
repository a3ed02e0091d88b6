import { sql } from "drizzle-orm";
import { MESSAGES } from "../../../core/messages";
import { negate, toDecimalString } from "../../../core/money";
import { toIsoDate } from "../../../core/dates";
import { inventoryStockTransferSchema, type InventoryStockTransferInput } from "../../../core/validation/stock-document-schemas";
import type { Db, Executor, Tx } from "../../db/client";
import type { AuthContext } from "../../http/access";
import { badRequest, notFound } from "../../http/errors";
import { idempotentCreate, type CreateResult } from "../../http/idempotency";
import { readOne, validateBody, invalidChoice } from "../../http/resource";
import { assignDocumentNumber, renumberIfMoved, UNNUMBERED } from "../documents/document-number";
import { applyMovements, findOrCreateStock, type Movement } from "./stock-ledger";
import { assertPeriodsOpen } from "../ledger/period-lock.repository";
import { assertFresh, assertWithinStock, stockRowsOfLines, usableInventory, type StockRow } from "./stock-document-lines";
import {
  TRANSFER_DOCUMENT,
  deleteTransferRow,
  insertTransfer,
  lockTransfer,
  markApproved,
  replaceTransferLines,
  storedTransferLines,
  transferLines,
  transferList,
  updateTransferHeader,
  type LockedTransfer,
  type TransferHeader,
  type TransferLineView,
} from "./transfer.repository";

/**
 * Inventory stock transfers (SPEC section 4): a pending transfer moves nothing and may be edited or
 * deleted; approval moves the stock in one transaction and freezes the transfer for good.
 */
export type TransferView = Record<string, unknown> & { id: number; updated_at: string; items: TransferLineView[] };

export async function readTransfer(ex: Executor, id: number, auth: AuthContext): Promise<TransferView> {
  const row = await readOne<Record<string, unknown> & { id: number; updated_at: string }>(ex, transferList, sql`t.id`, id, auth);
  return { ...row, items: await transferLines(ex, id) };
}

/** The body of the view as an edit would send it back, for PATCH to merge into. */
export function transferAsBody(view: TransferView): Record<string, unknown> {
  return {
    branch: view.branch,
    from_inventory: view.from_inventory,
    to_inventory: view.to_inventory,
    input_date: view.input_date,
    note: view.note,
    items: view.items.map((l) => ({ stock: l.stock, quantity: l.quantity })),
  };
}

/** Checks a body against the stored data; answers the header (less its number) and the lines to store. */
async function checkedTransfer(tx: Tx, body: InventoryStockTransferInput, auth: AuthContext) {
  if (!auth.branchIds.includes(body.branch)) throw invalidChoice("branch");
  await usableInventory(tx, auth, body.from_inventory, "from_inventory", body.branch);
  await usableInventory(tx, auth, body.to_inventory, "to_inventory", body.branch);
  const rows = await stockRowsOfLines(tx, body.items, body.from_inventory);
  // Checked now so the user hears at once; approval checks again on the locked rows.
  assertWithinStock(body.items, rows);
  const header = {
    branchId: body.branch,
    fromInventoryId: body.from_inventory,
    toInventoryId: body.to_inventory,
    inputDate: body.input_date ?? toIsoDate(new Date()),
    note: body.note ?? "",
  };
  const lines = body.items.map((line, i) => ({ stockId: line.stock, itemId: rows[i].itemId, quantity: line.quantity }));
  return { header, lines };
}

/** A new pending transfer in the caller's transaction (the route's idempotent one, or the demo seed). */
export async function createTransferTx(tx: Tx, auth: AuthContext, body: InventoryStockTransferInput): Promise<TransferView> {
  const { header, lines } = await checkedTransfer(tx, body, auth);
  // A transfer posts nothing to the ledger, so it asks the period rule itself.
  await assertPeriodsOpen(tx, [{ branchId: header.branchId, date: header.inputDate }]);
  const id = await insertTransfer(tx, { ...header, invoiceNo: UNNUMBERED }, auth.userId);
  await replaceTransferLines(tx, id, lines);
  const view = await readTransfer(tx, id, auth);
  // Last: the branch's counter stays locked until commit (assignDocumentNumber).
  const invoiceNo = await assignDocumentNumber(tx, "inventory_stock_transfer", id, header.branchId, TRANSFER_DOCUMENT);
  return { ...view, invoice_no: invoiceNo };
}

export function createTransfer(db: Db, auth: AuthContext, payload: Record<string, unknown>): Promise<CreateResult> {
  return idempotentCreate(db, auth, payload, async (tx) => {
    const body = await validateBody(inventoryStockTransferSchema, payload);
    return { status: 201, body: await createTransferTx(tx, auth, body) };
  });
}

/** The transfer locked for a change; another branch's is absent (404). */
async function lockVisible(tx: Tx, id: number, auth: AuthContext): Promise<LockedTransfer> {
  const row = await lockTransfer(tx, id);
  if (!row || !auth.branchIds.includes(row.branchId)) throw notFound();
  return row;
}

async function lockPending(tx: Tx, id: number, auth: AuthContext): Promise<LockedTransfer> {
  const row = await lockVisible(tx, id, auth);
  if (row.approved) throw badRequest(MESSAGES.approvedCannotChange);
  return row;
}

export function updateTransfer(
  db: Db,
  id: number,
  payload: Record<string, unknown>,
  auth: AuthContext,
  partial: boolean,
): Promise<TransferView> {
  return db.transaction(async (tx) => {
    const current = await lockPending(tx, id, auth);
    assertFresh(current.updatedAt, payload.updated_at);
    const merged = partial ? { ...transferAsBody(await readTransfer(tx, id, auth)), ...payload } : payload;
    const body = await validateBody(inventoryStockTransferSchema, merged);
    const { header, lines } = await checkedTransfer(tx, body, auth);
    await assertPeriodsOpen(tx, [
      { branchId: current.branchId, date: current.inputDate },
      { branchId: header.branchId, date: header.inputDate },
    ]);
    const full: TransferHeader = { ...header, invoiceNo: current.invoiceNo };
    await updateTransferHeader(tx, id, full);
    await replaceTransferLines(tx, id, lines);
    await renumberIfMoved(tx, "inventory_stock_transfer", id, { from: current.branchId, to: header.branchId }, TRANSFER_DOCUMENT);
    return readTransfer(tx, id, auth);
  });
}

export async function deleteTransfer(db: Db, id: number, auth: AuthContext): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockPending(tx, id, auth);
    await assertPeriodsOpen(tx, [{ branchId: row.branchId, date: row.inputDate }]);
    await deleteTransferRow(tx, id);
  });
}

/** Destination rows in one global order (item, batch, expiry), so two approvals creating the same rows cannot deadlock. */
const identityOrder = (a: StockRow, b: StockRow) =>
  a.itemId - b.itemId || a.batchNumber.localeCompare(b.batchNumber) || (a.expireDate ?? "").localeCompare(b.expireDate ?? "");

export function approveTransfer(db: Db, id: number, auth: AuthContext): Promise<TransferView> {
  return db.transaction((tx) => approveTransferTx(tx, id, auth));
}

/** Approval in the caller's transaction: moves the stock and freezes the transfer. */
export async function approveTransferTx(tx: Tx, id: number, auth: AuthContext): Promise<TransferView> {
  const transfer = await lockVisible(tx, id, auth);
  if (transfer.approved) throw badRequest(MESSAGES.alreadyApproved);
  await assertPeriodsOpen(tx, [{ branchId: transfer.branchId, date: transfer.inputDate }]);
  const lines = await storedTransferLines(tx, id);
  const sources = await stockRowsOfLines(
    tx,
    lines.map((l) => ({ stock: l.stockId, quantity: l.quantity })),
    transfer.fromInventoryId,
  );
  const pairs = lines.map((line, i) => ({ line, source: sources[i] })).sort((a, b) => identityOrder(a.source, b.source));
  const movements: Movement[] = [];
  for (const { line, source } of pairs) {
    const target = await findOrCreateStock(
      tx,
      {
        branchId: transfer.branchId,
        inventoryId: transfer.toInventoryId,
        itemId: source.itemId,
        batchNumber: source.batchNumber,
        expireDate: source.expireDate,
      },
      { purchasePrice: source.purchasePrice, salePrice: source.salePrice },
    );
    movements.push({ stockId: source.id, quantity: toDecimalString(negate(line.quantity), 3) });
    movements.push({ stockId: target, quantity: toDecimalString(line.quantity, 3) });
  }
  // The zero check runs on the locked rows: "No enough quantity available" rolls everything back.
  await applyMovements(tx, movements, { documentType: TRANSFER_DOCUMENT, documentId: id, userId: auth.userId });
  await markApproved(tx, id, auth.userId);
  return readTransfer(tx, id, auth);
}
