import { and, eq, ne, sql } from "drizzle-orm";
import { queryRows, type Executor, type Tx } from "../../db/client";
import { purchaseReturn, purchaseReturnItem } from "../../db/tables";

export type PurchaseReturnRow = typeof purchaseReturn.$inferSelect;
export type PurchaseReturnHeader = Omit<typeof purchaseReturn.$inferInsert, "id" | "createdAt" | "updatedAt">;
export type PurchaseReturnLineRow = Omit<typeof purchaseReturnItem.$inferInsert, "id">;

export async function lockPurchaseReturn(tx: Tx, id: number): Promise<PurchaseReturnRow | undefined> {
  const [row] = await tx.select().from(purchaseReturn).where(eq(purchaseReturn.id, id)).for("update");
  return row;
}

/** The refund cashbox a return names, read without a lock: its edit or delete locks it before the return. */
export async function peekPurchaseReturnCashbox(ex: Executor, id: number): Promise<number | null> {
  const [row] = await ex.select({ cashboxId: purchaseReturn.refundCashboxId }).from(purchaseReturn).where(eq(purchaseReturn.id, id));
  return row?.cashboxId ?? null;
}

/** Adds to a purchase's paid amount (negative: a return's refund or credit note took part of it back). */
export async function addPurchasePaid(tx: Tx, purchaseId: number, delta: string): Promise<void> {
  await tx.execute(sql`update purchase set paid_amount = paid_amount + ${delta}::numeric, updated_at = now() where id = ${purchaseId}`);
}

/** Quantity per stock row already returned against a purchase, leaving one return out (the one being edited). */
export async function returnedByStock(ex: Executor, purchaseId: number, exceptReturnId: number | null): Promise<Map<number, string>> {
  const rows = await queryRows<{ stock_id: number; quantity: string }>(
    ex,
    sql`select ri.stock_id, sum(ri.quantity)::text as quantity from purchase_return_item ri
        join purchase_return r on r.id = ri.purchase_return_id
        where r.purchase_id = ${purchaseId} and r.id <> ${exceptReturnId ?? 0}
        group by ri.stock_id`,
  );
  return new Map(rows.map((r) => [r.stock_id, r.quantity]));
}

/** What earlier returns of a purchase took back, in its currency. */
export async function returnedAmount(ex: Executor, purchaseId: number, exceptReturnId: number | null): Promise<string> {
  const [row] = await ex
    .select({ total: sql<string>`coalesce(sum(${purchaseReturn.totalPrice}), 0)::text` })
    .from(purchaseReturn)
    .where(and(eq(purchaseReturn.purchaseId, purchaseId), ne(purchaseReturn.id, exceptReturnId ?? 0)));
  return row.total;
}

/** Keeps on the purchase what its returns took back (core invoiceStanding reads it), in the return's transaction. */
export async function setPurchaseReturned(tx: Tx, purchaseId: number): Promise<void> {
  await tx.execute(
    sql`update purchase set returned_amount = (select coalesce(sum(total_price), 0) from purchase_return where purchase_id = ${purchaseId})
        where id = ${purchaseId}`,
  );
}

export async function stockItems(ex: Executor, stockIds: number[]): Promise<Map<number, number>> {
  if (stockIds.length === 0) return new Map();
  const rows = await queryRows<{ id: number; item_id: number }>(
    ex,
    sql`select id, item_id from stock where id in (${sql.join(
      stockIds.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
  return new Map(rows.map((r) => [r.id, r.item_id]));
}

export async function insertPurchaseReturn(tx: Tx, header: PurchaseReturnHeader): Promise<number> {
  const [row] = await tx.insert(purchaseReturn).values(header).returning({ id: purchaseReturn.id });
  return row.id;
}

export async function updatePurchaseReturnHeader(tx: Tx, id: number, header: PurchaseReturnHeader): Promise<void> {
  const { createdBy: _keep, ...changes } = header;
  await tx
    .update(purchaseReturn)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(purchaseReturn.id, id));
}

export async function insertPurchaseReturnLines(tx: Tx, lines: PurchaseReturnLineRow[]): Promise<void> {
  if (lines.length) await tx.insert(purchaseReturnItem).values(lines);
}

export async function deletePurchaseReturnLines(tx: Tx, id: number): Promise<void> {
  await tx.delete(purchaseReturnItem).where(eq(purchaseReturnItem.purchaseReturnId, id));
}

export async function deletePurchaseReturnRow(tx: Tx, id: number): Promise<void> {
  await tx.delete(purchaseReturn).where(eq(purchaseReturn.id, id));
}
