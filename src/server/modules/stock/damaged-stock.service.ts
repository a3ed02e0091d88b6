import { sql } from "drizzle-orm";
import { toIsoDate } from "../../../core/dates";
import { mul, negate, round, sum, toDecimalString } from "../../../core/money";
import { postDamagedStock } from "../../../core/posting";
import { damagedStockSchema, type DamagedStockInput } from "../../../core/validation/stock-document-schemas";
import type { Db, Executor, Tx } from "../../db/client";
import type { AuthContext } from "../../http/access";
import { notFound } from "../../http/errors";
import { idempotentCreate, type CreateResult } from "../../http/idempotency";
import { invalidChoice, readOne, validateBody } from "../../http/resource";
import { baseCurrencyId } from "../documents/currency-context";
import { assignDocumentNumber, renumberIfMoved, UNNUMBERED } from "../documents/document-number";
import { bookedLines, repost, type BookedLine } from "../ledger/ledger.repository";
import { applyMovements, reverseMovements, type MovementSource } from "./stock-ledger";
import { assertFresh, stockRowsOfLines, usableInventory } from "./stock-document-lines";
import {
  DAMAGED_STOCK_DOCUMENT,
  damagedStockLines,
  damagedStockList,
  deleteDamagedStockRow,
  insertDamagedStock,
  isLiveDamagedStockType,
  lockDamagedStock,
  replaceDamagedStockLines,
  updateDamagedStockHeader,
  type DamagedStockLine,
  type DamagedStockLineView,
  type LockedDamagedStock,
} from "./damaged-stock.repository";

/**
 * Damaged stock: written off at once. Each save takes the stock out (never below zero) and books
 * the loss at the rows' purchase price in the base currency; an edit puts the old lines back and
 * takes the new ones in the same transaction, a delete puts them back.
 */
export type DamagedStockView = Record<string, unknown> & { id: number; updated_at: string; items: DamagedStockLineView[] };

export async function readDamagedStock(ex: Executor, id: number, auth: AuthContext): Promise<DamagedStockView> {
  const row = await readOne<Record<string, unknown> & { id: number; updated_at: string }>(ex, damagedStockList, sql`d.id`, id, auth);
  return { ...row, items: await damagedStockLines(ex, id) };
}

function damagedStockAsBody(view: DamagedStockView): Record<string, unknown> {
  return {
    inventory: view.inventory,
    damaged_stock_type: view.damaged_stock_type,
    input_date: view.input_date,
    note: view.note,
    items: view.items.map((l) => ({ stock: l.stock, quantity: l.quantity })),
  };
}

const source = (documentId: number, auth: AuthContext): MovementSource => ({
  documentType: DAMAGED_STOCK_DOCUMENT,
  documentId,
  userId: auth.userId,
});

/** Checks the body; answers the inventory's branch and the lines with their unit cost now. */
async function checkedDamage(tx: Tx, body: DamagedStockInput, auth: AuthContext) {
  const inventory = await usableInventory(tx, auth, body.inventory, "inventory");
  if (!(await isLiveDamagedStockType(tx, body.damaged_stock_type))) throw invalidChoice("damaged_stock_type");
  const rows = await stockRowsOfLines(tx, body.items, body.inventory);
  const lines: DamagedStockLine[] = body.items.map((line, i) => ({
    stockId: line.stock,
    itemId: rows[i].itemId,
    quantity: line.quantity,
    purchasePrice: rows[i].purchasePrice,
  }));
  return { branchId: inventory.branchId, lines };
}

/**
 * Takes the lines out of stock and books the loss; the caller has stored the document and its lines.
 * `booked`: what an edit reverses (the document's posting before it).
 */
async function applyDamage(
  tx: Tx,
  id: number,
  branchId: number,
  inputDate: string,
  lines: readonly DamagedStockLine[],
  auth: AuthContext,
  booked: readonly BookedLine[] = [],
) {
  await applyMovements(
    tx,
    lines.map((l) => ({ stockId: l.stockId, quantity: toDecimalString(negate(l.quantity), 3) })),
    source(id, auth),
  );
  const cost = sum(lines.map((l) => round(mul(l.quantity, l.purchasePrice))));
  const posting = postDamagedStock({ base_currency_id: await baseCurrencyId(tx), cost_total: cost });
  await repost(
    tx,
    { branchId, documentType: DAMAGED_STOCK_DOCUMENT, documentId: id, entryDate: inputDate, userId: auth.userId },
    booked,
    posting,
  );
}

/** Puts back what the document took; answers its posting as booked, which the edit or the delete reverses. */
async function undoDamage(tx: Tx, id: number, auth: AuthContext): Promise<BookedLine[]> {
  await reverseMovements(tx, source(id, auth));
  return bookedLines(tx, DAMAGED_STOCK_DOCUMENT, id);
}

/** A new damaged stock document in the caller's transaction (the route's idempotent one, or the demo seed). */
export async function createDamagedStockTx(tx: Tx, auth: AuthContext, body: DamagedStockInput): Promise<DamagedStockView> {
  const { branchId, lines } = await checkedDamage(tx, body, auth);
  const inputDate = body.input_date ?? toIsoDate(new Date());
  const id = await insertDamagedStock(
    tx,
    {
      branchId,
      invoiceNo: UNNUMBERED,
      inventoryId: body.inventory,
      damagedStockTypeId: body.damaged_stock_type,
      inputDate,
      note: body.note ?? "",
    },
    auth.userId,
  );
  await replaceDamagedStockLines(tx, id, lines);
  await applyDamage(tx, id, branchId, inputDate, lines, auth);
  const view = await readDamagedStock(tx, id, auth);
  // Last: the branch's counter stays locked until commit (assignDocumentNumber).
  const invoiceNo = await assignDocumentNumber(tx, "damaged_stock", id, branchId, DAMAGED_STOCK_DOCUMENT);
  return { ...view, invoice_no: invoiceNo };
}

export function createDamagedStock(db: Db, auth: AuthContext, payload: Record<string, unknown>): Promise<CreateResult> {
  return idempotentCreate(db, auth, payload, async (tx) => {
    const body = await validateBody(damagedStockSchema, payload);
    return { status: 201, body: await createDamagedStockTx(tx, auth, body) };
  });
}

async function lockVisible(tx: Tx, id: number, auth: AuthContext): Promise<LockedDamagedStock> {
  const row = await lockDamagedStock(tx, id);
  if (!row || !auth.branchIds.includes(row.branchId)) throw notFound();
  return row;
}

export function updateDamagedStock(
  db: Db,
  id: number,
  payload: Record<string, unknown>,
  auth: AuthContext,
  partial: boolean,
): Promise<DamagedStockView> {
  return db.transaction(async (tx) => {
    const current = await lockVisible(tx, id, auth);
    assertFresh(current.updatedAt, payload.updated_at);
    const merged = partial ? { ...damagedStockAsBody(await readDamagedStock(tx, id, auth)), ...payload } : payload;
    const body = await validateBody(damagedStockSchema, merged);
    // Put the old lines back first, so the new quantities are checked against everything there is.
    const booked = await undoDamage(tx, id, auth);
    const { branchId, lines } = await checkedDamage(tx, body, auth);
    const inputDate = body.input_date ?? current.inputDate;
    await updateDamagedStockHeader(tx, id, {
      branchId,
      invoiceNo: current.invoiceNo,
      inventoryId: body.inventory,
      damagedStockTypeId: body.damaged_stock_type,
      inputDate,
      note: body.note ?? "",
    });
    await replaceDamagedStockLines(tx, id, lines);
    await applyDamage(tx, id, branchId, inputDate, lines, auth, booked);
    await renumberIfMoved(tx, "damaged_stock", id, { from: current.branchId, to: branchId }, DAMAGED_STOCK_DOCUMENT);
    return readDamagedStock(tx, id, auth);
  });
}

export async function deleteDamagedStock(db: Db, id: number, auth: AuthContext): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await lockVisible(tx, id, auth);
    const booked = await undoDamage(tx, id, auth);
    await repost(
      tx,
      {
        branchId: current.branchId,
        documentType: DAMAGED_STOCK_DOCUMENT,
        documentId: id,
        entryDate: current.inputDate,
        userId: auth.userId,
      },
      booked,
      [],
    );
    await deleteDamagedStockRow(tx, id);
  });
}
