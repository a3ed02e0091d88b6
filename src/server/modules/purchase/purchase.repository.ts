import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { queryRows, type Executor, type Tx } from "../../db/client";
import { item, purchase, purchaseItem, purchaseReturn, setting, stock } from "../../db/tables";
import { touched } from "../../http/resource";

export type PurchaseRow = typeof purchase.$inferSelect;
export type PurchaseHeader = Omit<typeof purchase.$inferInsert, "id" | "createdAt" | "updatedAt">;
export type PurchaseLineRow = Omit<typeof purchaseItem.$inferInsert, "id">;

/** The purchase, locked until the transaction ends: edits, deletes and returns of it run one at a time. */
export async function lockPurchase(tx: Tx, id: number): Promise<PurchaseRow | undefined> {
  const [row] = await tx.select().from(purchase).where(eq(purchase.id, id)).for("update");
  return row;
}

export async function hasReturns(ex: Executor, purchaseId: number): Promise<boolean> {
  const rows = await ex.select({ id: purchaseReturn.id }).from(purchaseReturn).where(eq(purchaseReturn.purchaseId, purchaseId)).limit(1);
  return rows.length > 0;
}

/** Batch tracking is on when the setting batch_number is "1" (SPEC section 3). */
export async function batchTrackingOn(ex: Executor): Promise<boolean> {
  const [row] = await ex.select({ value: setting.value }).from(setting).where(eq(setting.key, "batch_number"));
  return row?.value === "1";
}

/** Live items by id, with their type (a service keeps no stock). */
export async function liveItems(ex: Executor, ids: number[]): Promise<Map<number, { itemType: number }>> {
  if (ids.length === 0) return new Map();
  const rows = await ex
    .select({ id: item.id, itemType: item.itemType })
    .from(item)
    .where(and(inArray(item.id, ids), isNull(item.deletedAt)));
  return new Map(rows.map((r) => [r.id, { itemType: r.itemType }]));
}

export async function insertPurchase(tx: Tx, header: PurchaseHeader): Promise<number> {
  const [row] = await tx.insert(purchase).values(header).returning({ id: purchase.id });
  return row.id;
}

export async function updatePurchaseHeader(tx: Tx, id: number, header: PurchaseHeader): Promise<void> {
  const { createdBy: _keep, ...changes } = header;
  await tx
    .update(purchase)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(purchase.id, id));
}

export async function insertPurchaseLines(tx: Tx, lines: PurchaseLineRow[]): Promise<void> {
  if (lines.length) await tx.insert(purchaseItem).values(lines);
}

export async function deletePurchaseLines(tx: Tx, purchaseId: number): Promise<void> {
  await tx.delete(purchaseItem).where(eq(purchaseItem.purchaseId, purchaseId));
}

export async function deletePurchaseRow(tx: Tx, id: number): Promise<void> {
  await tx.delete(purchase).where(eq(purchase.id, id));
}

/** The last purchase sets a stock row's cost (base currency) and sale price; the sync version moves with it. */
export async function setStockPrices(tx: Tx, stockId: number, purchasePrice: string, salePrice: string): Promise<void> {
  await tx
    .update(stock)
    .set({ purchasePrice, salePrice, ...touched() })
    .where(eq(stock.id, stockId));
}

/** Quantity each stock row received from a purchase's lines. */
export async function purchasedByStock(ex: Executor, purchaseId: number): Promise<Map<number, string>> {
  const rows = await queryRows<{ stock_id: number; quantity: string }>(
    ex,
    sql`select stock_id, sum(quantity)::text as quantity from purchase_item where purchase_id = ${purchaseId} group by stock_id`,
  );
  return new Map(rows.map((r) => [r.stock_id, r.quantity]));
}
