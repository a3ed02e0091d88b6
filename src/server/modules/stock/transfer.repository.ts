import { eq, sql } from "drizzle-orm";
import type { Executor, Tx } from "../../db/client";
import { inventoryStockTransfer, inventoryStockTransferItem } from "../../db/tables";
import { isoTimestamp, type ListSpec } from "../../http/list-engine";
import { documentFields } from "../documents/document-fields";
import { stockDocumentLines, type StockDocumentLineView } from "./stock-document-lines";

/** Queries of inventory stock transfers; each takes the executor (transaction) it runs in. */

export const TRANSFER_DOCUMENT = "inventory_stock_transfer";

const personName = (alias: string) =>
  sql.raw(`coalesce(nullif(trim(${alias}.first_name || ' ' || ${alias}.last_name), ''), ${alias}.username)`);

export const transferList: ListSpec = {
  source: sql`inventory_stock_transfer t
    join branch b on b.id = t.branch_id
    join inventory fi on fi.id = t.from_inventory_id
    join inventory ti on ti.id = t.to_inventory_id
    left join app_user au on au.id = t.approved_by
    left join app_user cu on cu.id = t.created_by
    left join lateral (
      select coalesce(sum(l.quantity), 0) as quantity, count(*) as lines
      from inventory_stock_transfer_item l where l.transfer_id = t.id
    ) tot on true`,
  select: sql`t.id, t.branch_id as branch, b.name as branch_name, t.invoice_no,
    t.from_inventory_id as from_inventory, fi.name as from_inventory_name,
    t.to_inventory_id as to_inventory, ti.name as to_inventory_name,
    t.input_date, t.note, t.approved, case when t.approved then 'approved' else 'pending' end as status,
    t.approved_by, case when au.id is null then null else ${personName("au")} end as approved_by_name,
    ${isoTimestamp(sql`t.approved_at`)} as approved_at,
    t.created_by, case when cu.id is null then null else ${personName("cu")} end as created_by_name,
    tot.quantity::text as total_quantity, tot.lines::int as lines_count,
    ${isoTimestamp(sql`t.created_at`)} as created_at, ${isoTimestamp(sql`t.updated_at`)} as updated_at`,
  branch: sql`t.branch_id`,
  fields: {
    ...documentFields("t"),
    from_inventory: { sql: sql`t.from_inventory_id`, type: "integer" },
    from_inventory_name: { sql: sql`fi.name`, type: "text" },
    to_inventory: { sql: sql`t.to_inventory_id`, type: "integer" },
    to_inventory_name: { sql: sql`ti.name`, type: "text" },
    branch_name: { sql: sql`b.name`, type: "text", filterable: false },
    input_date: { sql: sql`t.input_date`, type: "date" },
    approved: { sql: sql`t.approved`, type: "boolean" },
    status: { sql: sql`case when t.approved then 'approved' else 'pending' end`, type: "text" },
    approved_by: { sql: sql`t.approved_by`, type: "integer" },
    approved_by_name: { sql: personName("au"), type: "text" },
    approved_at: { sql: sql`t.approved_at::date`, type: "date" },
    created_by_name: { sql: personName("cu"), type: "text" },
    total_quantity: { sql: sql`tot.quantity`, type: "number" },
  },
  search: [sql`t.invoice_no::text`, sql`fi.name`, sql`ti.name`, sql`t.note`],
  dates: { input_date: sql`t.input_date`, approved_at: sql`t.approved_at::date`, created_at: sql`t.created_at::date` },
  sums: { total_quantity: sql`tot.quantity` },
};

export interface TransferLineView extends StockDocumentLineView {
  /** What the source row holds now. */
  stock_quantity: string;
}

/** The lines as the API answers them, with the item's name and what the source row holds now. */
export function transferLines(ex: Executor, transferId: number): Promise<TransferLineView[]> {
  return stockDocumentLines<TransferLineView>(
    ex,
    { table: "inventory_stock_transfer_item", documentColumn: "transfer_id" },
    transferId,
    sql`s.quantity::text as stock_quantity`,
  );
}

export interface TransferHeader {
  branchId: number;
  invoiceNo: number;
  fromInventoryId: number;
  toInventoryId: number;
  inputDate: string;
  note: string;
}

export interface TransferLine {
  stockId: number;
  itemId: number;
  quantity: string;
}

export async function insertTransfer(tx: Tx, header: TransferHeader, userId: number): Promise<number> {
  const [row] = await tx
    .insert(inventoryStockTransfer)
    .values({ ...header, createdBy: userId })
    .returning({ id: inventoryStockTransfer.id });
  return row.id;
}

export async function updateTransferHeader(tx: Tx, id: number, header: TransferHeader): Promise<void> {
  await tx
    .update(inventoryStockTransfer)
    .set({ ...header, updatedAt: new Date() })
    .where(eq(inventoryStockTransfer.id, id));
}

export async function replaceTransferLines(tx: Tx, transferId: number, lines: readonly TransferLine[]): Promise<void> {
  await tx.delete(inventoryStockTransferItem).where(eq(inventoryStockTransferItem.transferId, transferId));
  if (lines.length === 0) return;
  await tx.insert(inventoryStockTransferItem).values(lines.map((l) => ({ transferId, ...l })));
}

export type LockedTransfer = typeof inventoryStockTransfer.$inferSelect;

/**
 * The transfer row, locked until the transaction ends: a second approval of the same transfer
 * waits here, then reads approved = true and refuses.
 */
export async function lockTransfer(tx: Tx, id: number): Promise<LockedTransfer | undefined> {
  const [row] = await tx.select().from(inventoryStockTransfer).where(eq(inventoryStockTransfer.id, id)).for("update");
  return row;
}

export function storedTransferLines(tx: Tx, transferId: number): Promise<TransferLine[]> {
  return tx
    .select({
      stockId: inventoryStockTransferItem.stockId,
      itemId: inventoryStockTransferItem.itemId,
      quantity: inventoryStockTransferItem.quantity,
    })
    .from(inventoryStockTransferItem)
    .where(eq(inventoryStockTransferItem.transferId, transferId))
    .orderBy(inventoryStockTransferItem.id);
}

export async function markApproved(tx: Tx, id: number, userId: number): Promise<void> {
  const now = new Date();
  await tx
    .update(inventoryStockTransfer)
    .set({ approved: true, approvedBy: userId, approvedAt: now, updatedAt: now })
    .where(eq(inventoryStockTransfer.id, id));
}

export async function deleteTransferRow(tx: Tx, id: number): Promise<void> {
  // Lines go with it (on delete cascade); a pending transfer never moved stock, so nothing to undo.
  await tx.delete(inventoryStockTransfer).where(eq(inventoryStockTransfer.id, id));
}
