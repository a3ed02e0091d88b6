import { sql } from "drizzle-orm";
import { MESSAGES, interpolate } from "../../../core/messages";
import { greaterThan, sum, toDecimalString } from "../../../core/money";
import { lineTotal } from "../../../core/posting";
import type { QuotationConvertInput, SaleInput, SaleQuotationInput } from "../../../core/validation/sale-schemas";
import type { Db, Executor, Tx } from "../../db/client";
import type { AuthContext } from "../../http/access";
import { badRequest, fieldErrors } from "../../http/errors";
import { invalidChoice, readOne } from "../../http/resource";
import { assignDocumentNumber, UNNUMBERED } from "../documents/document-number";
import * as repo from "./sale.repository";
import { saleQuotationList } from "./sale.lists";
import { SALE_QUOTATION_DOC, today, checkHeader, visibleOr404, assertFresh, type Validate, type Written } from "./sale-document";
import { bookSale, numberedSale } from "./sale.service";

/** Quotations: priced lines that move no stock or money until converted into a sale, through the sale's rules. */

export const readQuotation = (ex: Executor, id: number, auth: AuthContext) =>
  readOne<Record<string, unknown>>(ex, saleQuotationList, sql`q.id`, id, auth, sql`${repo.quotationLinesJson(sql`q.id`)} as items`);

async function quotationLines(tx: Tx, inventoryId: number, items: SaleQuotationInput["items"]) {
  const stocks = await repo.findStockRows(
    tx,
    items.map((l) => l.stock).filter((id): id is number => id != null),
    { lock: false },
  );
  const itemTypes = await repo.findItemTypes(
    tx,
    items.filter((l) => l.stock == null && l.item != null).map((l) => l.item as number),
  );
  const seen = new Set<number>();
  return items.map((line, i) => {
    let itemId: number;
    if (line.stock != null) {
      if (seen.has(line.stock)) throw badRequest(MESSAGES.itemAlreadyInList);
      seen.add(line.stock);
      const row = stocks.get(line.stock);
      if (!row || row.inventory_id !== inventoryId) throw invalidChoice(`items[${i}].stock`);
      itemId = row.item_id;
    } else {
      if (line.item == null || !itemTypes.has(line.item)) throw fieldErrors({ [`items[${i}].stock`]: [MESSAGES.required] });
      itemId = line.item;
    }
    const quantity = line.quantity ?? "1";
    return { stockId: line.stock ?? null, itemId, quantity, price: line.price, totalPrice: lineTotal(quantity, line.price) };
  });
}

async function writeQuotation(
  tx: Tx,
  auth: AuthContext,
  body: SaleQuotationInput,
  existing: repo.SaleQuotationRow | null,
): Promise<Written> {
  const header = await checkHeader(tx, auth, body);
  const lines = await quotationLines(tx, header.inventoryId, body.items);
  const total = sum(lines.map((l) => l.totalPrice));
  if (greaterThan(body.discount, total))
    throw fieldErrors({ discount: [interpolate(MESSAGES.lessThanOrEqual, { max: toDecimalString(total) })] });
  const values = {
    customerId: header.customerId,
    inventoryId: header.inventoryId,
    currencyId: header.currencyId,
    exchangeRate: header.exchangeRate,
    discount: body.discount,
    totalPrice: toDecimalString(total),
    inputDate: body.input_date ?? existing?.inputDate ?? today(),
    note: body.note ?? "",
  };
  let id: number;
  if (existing) {
    id = existing.id;
    await repo.updateQuotation(tx, id, values);
  } else {
    id = await repo.insertQuotation(tx, {
      ...values,
      branchId: header.branchId,
      invoiceNo: UNNUMBERED,
      createdBy: auth.userId,
    });
  }
  await repo.replaceQuotationItems(
    tx,
    id,
    lines.map((l) => ({ saleQuotationId: id, ...l })),
  );
  return { id, branchId: header.branchId };
}

/** A new quotation, numbered last like a sale. */
export async function createQuotationTx(tx: Tx, auth: AuthContext, body: SaleQuotationInput): Promise<number> {
  const written = await writeQuotation(tx, auth, body, null);
  await assignDocumentNumber(tx, "sale_quotation", written.id, written.branchId, SALE_QUOTATION_DOC);
  return written.id;
}

const lockVisibleQuotation = async (tx: Tx, auth: AuthContext, id: number) => visibleOr404(await repo.lockQuotation(tx, id), auth);

export async function updateQuotation(
  db: Db,
  auth: AuthContext,
  id: number,
  payload: Record<string, unknown>,
  validate: Validate<SaleQuotationInput>,
) {
  return db.transaction(async (tx) => {
    const row = await lockVisibleQuotation(tx, auth, id);
    assertFresh(row, payload.updated_at);
    if (row.convertedSaleId) throw badRequest(MESSAGES.quotationConverted);
    const body = await validate({ ...payload, branch: row.branchId });
    await writeQuotation(tx, auth, body, row);
    return readQuotation(tx, id, auth);
  });
}

export async function deleteQuotation(db: Db, auth: AuthContext, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockVisibleQuotation(tx, auth, id);
    if (row.convertedSaleId) throw badRequest(MESSAGES.quotationConverted);
    await repo.deleteQuotation(tx, id);
  });
}

/** A sale made from a quotation, through the same rules (stock checks apply); the quotation is marked converted. */
export async function convertQuotationTx(tx: Tx, auth: AuthContext, id: number, body: QuotationConvertInput, formToken: string | null) {
  const row = await lockVisibleQuotation(tx, auth, id);
  if (row.convertedSaleId) throw badRequest(MESSAGES.quotationConverted);
  const items = await repo.quotationItems(tx, id);
  const sale: SaleInput = {
    branch: row.branchId,
    inventory: row.inventoryId,
    customer: row.customerId,
    currency: row.currencyId,
    exchange_rate: row.exchangeRate,
    payment_type: body.payment_type,
    cashbox: body.cashbox ?? null,
    paid_amount: body.paid_amount,
    discount: row.discount,
    input_date: body.input_date ?? null,
    note: row.note,
    items: items.map((l) => ({ stock: l.stockId, item: l.itemId, quantity: l.quantity, price: l.price, fee: null, discount: null })),
    is_premium: false,
    months_count: null,
    premium_receipt_amount: null,
    receipt_frequency: null,
    next_receipt_date: null,
    guarantor_name: null,
    guarantor_phone: null,
    guarantor_address: null,
  };
  const booked = await bookSale(tx, auth, sale, formToken);
  await repo.updateQuotation(tx, id, { convertedSaleId: booked.id });
  return numberedSale(tx, auth, booked);
}
