import { and, eq, isNull, sql } from "drizzle-orm";
import type { Executor, Tx } from "../../db/client";
import { damagedStock, damagedStockItem, damagedStockType } from "../../db/tables";
import { isoTimestamp, type ListSpec } from "../../http/list-engine";
import { documentFields } from "../documents/document-fields";
import { stockDocumentLines, type StockDocumentLineView } from "./stock-document-lines";

/** Queries of damaged stock documents; each takes the executor (transaction) it runs in. */

export const DAMAGED_STOCK_DOCUMENT = "damaged_stock";

export const damagedStockList: ListSpec = {
  source: sql`damaged_stock d
    join branch b on b.id = d.branch_id
    join inventory inv on inv.id = d.inventory_id
    join damaged_stock_type dt on dt.id = d.damaged_stock_type_id
    left join lateral (
      select coalesce(sum(l.quantity), 0) as quantity, coalesce(sum(round(l.quantity * l.purchase_price, 2)), 0) as cost, count(*) as lines
      from damaged_stock_item l where l.damaged_stock_id = d.id
    ) tot on true`,
  select: sql`d.id, d.branch_id as branch, b.name as branch_name, d.invoice_no,
    d.inventory_id as inventory, inv.name as inventory_name,
    d.damaged_stock_type_id as damaged_stock_type, dt.name as damaged_stock_type_name,
    d.input_date, d.note, tot.quantity::text as total_quantity, tot.cost::text as total_cost, tot.lines::int as lines_count,
    d.created_by, ${isoTimestamp(sql`d.created_at`)} as created_at, ${isoTimestamp(sql`d.updated_at`)} as updated_at`,
  branch: sql`d.branch_id`,
  fields: {
    ...documentFields("d"),
    inventory: { sql: sql`d.inventory_id`, type: "integer" },
    inventory_name: { sql: sql`inv.name`, type: "text" },
    damaged_stock_type: { sql: sql`d.damaged_stock_type_id`, type: "integer" },
    damaged_stock_type_name: { sql: sql`dt.name`, type: "text" },
    branch_name: { sql: sql`b.name`, type: "text", filterable: false },
    input_date: { sql: sql`d.input_date`, type: "date" },
    total_quantity: { sql: sql`tot.quantity`, type: "number" },
    total_cost: { sql: sql`tot.cost`, type: "number" },
  },
  search: [sql`d.invoice_no::text`, sql`inv.name`, sql`dt.name`, sql`d.note`],
  dates: { input_date: sql`d.input_date`, created_at: sql`d.created_at::date` },
  sums: { total_quantity: sql`tot.quantity`, total_cost: sql`tot.cost` },
};

export interface DamagedStockLineView extends StockDocumentLineView {
  purchase_price: string;
  total_price: string;
}

/** The lines as the API answers them, each at the cost it was written off at. */
export function damagedStockLines(ex: Executor, documentId: number): Promise<DamagedStockLineView[]> {
  return stockDocumentLines<DamagedStockLineView>(
    ex,
    { table: "damaged_stock_item", documentColumn: "damaged_stock_id" },
    documentId,
    sql`l.purchase_price::text as purchase_price, round(l.quantity * l.purchase_price, 2)::text as total_price`,
  );
}

export interface DamagedStockHeader {
  branchId: number;
  invoiceNo: number;
  inventoryId: number;
  damagedStockTypeId: number;
  inputDate: string;
  note: string;
}

export interface DamagedStockLine {
  stockId: number;
  itemId: number;
  quantity: string;
  purchasePrice: string;
}

export async function insertDamagedStock(tx: Tx, header: DamagedStockHeader, userId: number): Promise<number> {
  const [row] = await tx
    .insert(damagedStock)
    .values({ ...header, createdBy: userId })
    .returning({ id: damagedStock.id });
  return row.id;
}

export async function updateDamagedStockHeader(tx: Tx, id: number, header: DamagedStockHeader): Promise<void> {
  await tx
    .update(damagedStock)
    .set({ ...header, updatedAt: new Date() })
    .where(eq(damagedStock.id, id));
}

export async function replaceDamagedStockLines(tx: Tx, documentId: number, lines: readonly DamagedStockLine[]): Promise<void> {
  await tx.delete(damagedStockItem).where(eq(damagedStockItem.damagedStockId, documentId));
  if (lines.length === 0) return;
  await tx.insert(damagedStockItem).values(lines.map((l) => ({ damagedStockId: documentId, ...l })));
}

export type LockedDamagedStock = typeof damagedStock.$inferSelect;

/** The document row, locked so two edits of it run one after the other. */
export async function lockDamagedStock(tx: Tx, id: number): Promise<LockedDamagedStock | undefined> {
  const [row] = await tx.select().from(damagedStock).where(eq(damagedStock.id, id)).for("update");
  return row;
}

export async function deleteDamagedStockRow(tx: Tx, id: number): Promise<void> {
  await tx.delete(damagedStock).where(eq(damagedStock.id, id));
}

export async function isLiveDamagedStockType(ex: Executor, id: number): Promise<boolean> {
  const [row] = await ex
    .select({ id: damagedStockType.id })
    .from(damagedStockType)
    .where(and(eq(damagedStockType.id, id), isNull(damagedStockType.deletedAt)));
  return !!row;
}
