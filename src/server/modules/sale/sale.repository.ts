import { and, eq, inArray, isNull, sql, type SQL } from "drizzle-orm";
import { insertFromJson, queryRowsPrepared, type Executor, type Tx } from "../../db/client";
import { currentXact, nextSyncVersion } from "../../db/schema/columns";
import {
  customer,
  inventory,
  item,
  sale,
  saleItem,
  salePayment,
  saleQuotation,
  saleQuotationItem,
  saleReturn,
  saleReturnItem,
} from "../../db/tables";

/** Queries of the sale module; each takes the transaction (or database) it runs in. */

export async function findInventory(ex: Executor, id: number) {
  const [row] = await ex
    .select({ id: inventory.id, branchId: inventory.branchId })
    .from(inventory)
    .where(and(eq(inventory.id, id), isNull(inventory.deletedAt)));
  return row ?? null;
}

export async function findCustomer(ex: Executor, id: number) {
  const [row] = await ex
    .select({ id: customer.id, branchId: customer.branchId })
    .from(customer)
    .where(and(eq(customer.id, id), isNull(customer.deletedAt)));
  return row ?? null;
}

export interface StockRow {
  id: number;
  branch_id: number;
  inventory_id: number;
  item_id: number;
  quantity: string;
  purchase_price: string;
  item_type: number;
}

/**
 * The stock rows of a document's lines. With `lock`, locked in id order (the order applyMovements
 * keeps, so two documents cannot deadlock): the quantities checked are the ones its movements change.
 */
export async function findStockRows(ex: Executor, ids: number[], options: { lock: boolean }): Promise<Map<number, StockRow>> {
  if (ids.length === 0) return new Map();
  const rows = await queryRowsPrepared<StockRow>(
    ex,
    sql`select s.id, s.branch_id, s.inventory_id, s.item_id, s.quantity::text as quantity, s.purchase_price::text as purchase_price, i.item_type
        from stock s join item i on i.id = s.item_id
        where s.deleted_at is null and s.id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})
        order by s.id ${options.lock ? sql`for update of s` : sql``}`,
  );
  return new Map(rows.map((r) => [r.id, r]));
}

export async function findItemTypes(ex: Executor, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await ex
    .select({ id: item.id, itemType: item.itemType })
    .from(item)
    .where(and(inArray(item.id, ids), isNull(item.deletedAt)));
  return new Map(rows.map((r) => [r.id, r.itemType]));
}

export type SaleRow = typeof sale.$inferSelect;

/** The live sale row, locked for the rest of the transaction (edits, extras, returns against it, its delete). */
export async function lockSale(tx: Tx, id: number): Promise<SaleRow | null> {
  const [row] = await tx
    .select()
    .from(sale)
    .where(and(eq(sale.id, id), isNull(sale.deletedAt)))
    .for("update");
  return row ?? null;
}

type SaleLineValues = Omit<typeof saleItem.$inferInsert, "saleId">;

/**
 * A new sale, its lines and its posting in one statement (DESIGN section 6: a sale's round trips
 * are its cost); `posting` builds the ledger insert from the new sale's id.
 */
export async function insertSaleWithLines(
  tx: Tx,
  values: typeof sale.$inferInsert,
  lines: readonly SaleLineValues[],
  posting: ((saleId: SQL) => SQL) | null,
): Promise<number> {
  const saleId = sql`(select id from new_sale)`;
  const parts = [sql`new_sale as (${insertFromJson(sale, [values])} returning id)`];
  if (lines.length) parts.push(sql`new_lines as (${insertFromJson(saleItem, lines, { saleId })})`);
  if (posting) parts.push(sql`new_posting as (${posting(saleId)})`);
  const [row] = await queryRowsPrepared<{ id: number }>(tx, sql`with ${sql.join(parts, sql`, `)} select id from new_sale`);
  return row.id;
}

export async function updateSale(tx: Tx, id: number, values: Partial<typeof sale.$inferInsert>): Promise<void> {
  await tx
    .update(sale)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(sale.id, id));
}

/**
 * Marks the sale deleted: the row and its lines stay as a tombstone, stamped for the devices' pull
 * (DESIGN section 4). A quotation converted into it keeps pointing at it: it stays converted.
 */
export async function deleteSale(tx: Tx, id: number): Promise<void> {
  await tx
    .update(sale)
    .set({ deletedAt: new Date(), updatedAt: new Date(), syncVersion: nextSyncVersion, xactId: currentXact })
    .where(eq(sale.id, id));
}

export type SaleItemRow = typeof saleItem.$inferSelect;

export async function saleItems(ex: Executor, saleId: number): Promise<SaleItemRow[]> {
  return ex.select().from(saleItem).where(eq(saleItem.saleId, saleId)).orderBy(saleItem.id);
}

export async function insertSaleItems(tx: Tx, saleId: number, lines: readonly SaleLineValues[]): Promise<void> {
  if (lines.length) await tx.execute(insertFromJson(saleItem, lines, { saleId: sql`${saleId}::integer` }));
}

/** Removes the lines an edit replaces: every line but the extra material. */
export async function deleteRegularSaleItems(tx: Tx, saleId: number): Promise<void> {
  await tx.delete(saleItem).where(and(eq(saleItem.saleId, saleId), eq(saleItem.isExtra, false)));
}

export async function saleHasReturns(ex: Executor, saleId: number): Promise<boolean> {
  const [row] = await ex.select({ id: saleReturn.id }).from(saleReturn).where(eq(saleReturn.saleId, saleId)).limit(1);
  return !!row;
}

/** Per stock row of a sale: what was sold and at what unit cost. */
export async function soldByStock(ex: Executor, saleId: number) {
  return queryRowsPrepared<{ stock_id: number; item_id: number; item_type: number; quantity: string; cost_price: string }>(
    ex,
    sql`select si.stock_id, min(si.item_id) as item_id, min(i.item_type) as item_type, sum(si.quantity)::text as quantity,
          (sum(si.cost_price * si.quantity) / nullif(sum(si.quantity), 0))::text as cost_price
        from sale_item si join item i on i.id = si.item_id
        where si.sale_id = ${saleId} and si.stock_id is not null group by si.stock_id`,
  );
}

/** Per stock row: what the sale's returns (other than `exceptReturnId`) took back, and their total. */
export async function returnedForSale(ex: Executor, saleId: number, exceptReturnId: number | null) {
  const rows = await queryRowsPrepared<{ stock_id: number; quantity: string }>(
    ex,
    sql`select ri.stock_id, sum(ri.quantity)::text as quantity from sale_return_item ri join sale_return r on r.id = ri.sale_return_id
        where r.sale_id = ${saleId} and r.id is distinct from ${exceptReturnId} and ri.stock_id is not null group by ri.stock_id`,
  );
  const [total] = await queryRowsPrepared<{ total: string }>(
    ex,
    sql`select coalesce(sum(total_price), 0)::text as total from sale_return where sale_id = ${saleId} and id is distinct from ${exceptReturnId}`,
  );
  return { byStock: new Map(rows.map((r) => [r.stock_id, r.quantity])), total: total.total };
}

/** Keeps on the sale what its returns took back (core invoiceStanding reads it), in the return's transaction. */
export async function setSaleReturned(tx: Tx, saleId: number): Promise<void> {
  await tx.execute(
    sql`update sale set returned_amount = (select coalesce(sum(total_price), 0) from sale_return where sale_id = ${saleId}) where id = ${saleId}`,
  );
}

/** Adds to a sale's paid amount (negative: a return's refund or credit note took part of it back). */
export async function addSalePaid(tx: Tx, saleId: number, delta: string): Promise<void> {
  await tx.execute(sql`update sale set paid_amount = paid_amount + ${delta}::numeric, updated_at = now() where id = ${saleId}`);
}

export type SaleReturnRow = typeof saleReturn.$inferSelect;

/** The refund cashbox a return names, read without a lock: its edit or delete locks it before the return. */
export async function peekSaleReturnCashbox(ex: Executor, id: number): Promise<number | null> {
  const [row] = await ex.select({ cashboxId: saleReturn.refundCashboxId }).from(saleReturn).where(eq(saleReturn.id, id));
  return row?.cashboxId ?? null;
}

export async function lockSaleReturn(tx: Tx, id: number): Promise<SaleReturnRow | null> {
  const [row] = await tx.select().from(saleReturn).where(eq(saleReturn.id, id)).for("update");
  return row ?? null;
}

export async function insertSaleReturn(tx: Tx, values: typeof saleReturn.$inferInsert): Promise<number> {
  const [row] = await tx.insert(saleReturn).values(values).returning({ id: saleReturn.id });
  return row.id;
}

export async function updateSaleReturn(tx: Tx, id: number, values: Partial<typeof saleReturn.$inferInsert>): Promise<void> {
  await tx
    .update(saleReturn)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(saleReturn.id, id));
}

export async function replaceSaleReturnItems(tx: Tx, returnId: number, rows: (typeof saleReturnItem.$inferInsert)[]): Promise<void> {
  await tx.delete(saleReturnItem).where(eq(saleReturnItem.saleReturnId, returnId));
  if (rows.length) await tx.insert(saleReturnItem).values(rows);
}

export async function deleteSaleReturn(tx: Tx, id: number): Promise<void> {
  await tx.delete(saleReturn).where(eq(saleReturn.id, id));
}

export type SaleQuotationRow = typeof saleQuotation.$inferSelect;

export async function lockQuotation(tx: Tx, id: number): Promise<SaleQuotationRow | null> {
  const [row] = await tx.select().from(saleQuotation).where(eq(saleQuotation.id, id)).for("update");
  return row ?? null;
}

export async function insertQuotation(tx: Tx, values: typeof saleQuotation.$inferInsert): Promise<number> {
  const [row] = await tx.insert(saleQuotation).values(values).returning({ id: saleQuotation.id });
  return row.id;
}

export async function updateQuotation(tx: Tx, id: number, values: Partial<typeof saleQuotation.$inferInsert>): Promise<void> {
  await tx
    .update(saleQuotation)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(saleQuotation.id, id));
}

export async function quotationItems(ex: Executor, id: number) {
  return ex.select().from(saleQuotationItem).where(eq(saleQuotationItem.saleQuotationId, id)).orderBy(saleQuotationItem.id);
}

export async function replaceQuotationItems(tx: Tx, id: number, rows: (typeof saleQuotationItem.$inferInsert)[]): Promise<void> {
  await tx.delete(saleQuotationItem).where(eq(saleQuotationItem.saleQuotationId, id));
  if (rows.length) await tx.insert(saleQuotationItem).values(rows);
}

export async function deleteQuotation(tx: Tx, id: number): Promise<void> {
  await tx.delete(saleQuotation).where(eq(saleQuotation.id, id));
}

/** A document's lines as the API answers them (item name, barcode, batch, expiry ...): a JSON array column of its read. */
const linesJson = (lines: SQL) => sql`(select coalesce(json_agg(l order by l.id), '[]'::json) from (${lines}) l)`;

export const saleLinesJson = (saleId: SQL) =>
  linesJson(sql`select si.id, si.stock_id as stock, si.item_id as item, i.name as item_name, i.barcode, i.item_type,
          st.batch_number, st.expire_date, si.quantity::text as quantity, si.price::text as price, si.fee::text as fee,
          si.discount::text as discount, si.net_price::text as net_price, si.total_price::text as total_price, si.is_extra
        from sale_item si join item i on i.id = si.item_id left join stock st on st.id = si.stock_id
        where si.sale_id = ${saleId}`);

export const returnLinesJson = (returnId: SQL) =>
  linesJson(sql`select ri.id, ri.stock_id as stock, ri.item_id as item, i.name as item_name, i.barcode, i.item_type,
          st.batch_number, st.expire_date, ri.quantity::text as quantity, ri.price::text as price, ri.total_price::text as total_price
        from sale_return_item ri join item i on i.id = ri.item_id left join stock st on st.id = ri.stock_id
        where ri.sale_return_id = ${returnId}`);

export const quotationLinesJson = (quotationId: SQL) =>
  linesJson(sql`select qi.id, qi.stock_id as stock, qi.item_id as item, i.name as item_name, i.barcode, i.item_type,
          st.batch_number, st.expire_date, qi.quantity::text as quantity, qi.price::text as price, qi.total_price::text as total_price
        from sale_quotation_item qi join item i on i.id = qi.item_id left join stock st on st.id = qi.stock_id
        where qi.sale_quotation_id = ${quotationId}`);

// --------------------------------------------------------------------------- counter payments

export type SalePaymentRow = typeof salePayment.$inferSelect;
type SalePaymentValues = Omit<typeof salePayment.$inferInsert, "saleId">;

export async function salePayments(ex: Executor, saleId: number): Promise<SalePaymentRow[]> {
  return ex.select().from(salePayment).where(eq(salePayment.saleId, saleId)).orderBy(salePayment.id);
}

export async function insertSalePayments(tx: Tx, saleId: number, rows: readonly SalePaymentValues[]): Promise<void> {
  if (rows.length) await tx.execute(insertFromJson(salePayment, rows, { saleId: sql`${saleId}::integer` }));
}

export async function deleteSalePayments(tx: Tx, saleId: number): Promise<void> {
  await tx.delete(salePayment).where(eq(salePayment.saleId, saleId));
}

/** Every cashbox a sale's money went through (its own and its counter payments'), read without a lock. */
export async function saleCashboxIds(ex: Executor, saleId: number): Promise<number[]> {
  const rows = await queryRowsPrepared<{ id: number }>(
    ex,
    sql`select cashbox_id as id from sale where id = ${saleId} and cashbox_id is not null
        union select cashbox_id from sale_payment where sale_id = ${saleId}`,
  );
  return rows.map((r) => r.id);
}

/** A sale's counter payments as JSON for its read: {cashbox, cashbox_name, currency, amount, value} and the change apart. */
export const salePaymentsJson = (saleId: SQL) =>
  sql`(select coalesce(json_agg(json_build_object('cashbox', p.cashbox_id, 'cashbox_name', cb.name, 'currency', p.currency_id,
         'exchange_rate', p.exchange_rate::text, 'amount', p.amount::text, 'value', p.value::text) order by p.id), '[]'::json)
       from sale_payment p join cashbox cb on cb.id = p.cashbox_id where p.sale_id = ${saleId} and not p.is_change) as payments,
      (select json_build_object('cashbox', p.cashbox_id, 'cashbox_name', cb.name, 'currency', p.currency_id,
         'exchange_rate', p.exchange_rate::text, 'amount', p.amount::text, 'value', p.value::text)
       from sale_payment p join cashbox cb on cb.id = p.cashbox_id where p.sale_id = ${saleId} and p.is_change limit 1) as change`;

/** Each currency's code and latest exchange rate (base units per unit; null when none is recorded). */
export async function currencyRates(
  ex: Executor,
  ids: readonly number[],
): Promise<Map<number, { code: string; isBase: boolean; rate: string | null }>> {
  if (ids.length === 0) return new Map();
  const rows = await queryRowsPrepared<{ id: number; code: string; is_base: boolean; rate: string | null }>(
    ex,
    sql`select c.id, c.code, c.is_base,
          (select r.rate::text from exchange_rate r where r.currency_id = c.id and r.deleted_at is null
             order by r.input_date desc, r.id desc limit 1) as rate
        from currency c where c.id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`,
  );
  return new Map(rows.map((r) => [r.id, { code: r.code, isBase: r.is_base, rate: r.rate }]));
}
