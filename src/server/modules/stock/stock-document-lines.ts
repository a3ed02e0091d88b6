import { and, eq, inArray, isNull, sql, type SQL } from "drizzle-orm";
import { MESSAGES } from "../../../core/messages";
import { greaterThan } from "../../../core/money";
import type { StockLineInput } from "../../../core/validation/stock-document-schemas";
import { queryRows, type Executor } from "../../db/client";
import { inventory, stock } from "../../db/tables";
import type { AuthContext } from "../../http/access";
import { badRequest, fieldErrors, staleRecord } from "../../http/errors";
import { invalidChoice } from "../../http/resource";

/**
 * What transfers and damaged stock share: the stock rows their lines name, the checks that
 * those rows are live, in the document's inventory and hold enough, and how their lines are answered.
 */
export interface StockRow {
  id: number;
  branchId: number;
  inventoryId: number;
  itemId: number;
  batchNumber: string;
  expireDate: string | null;
  quantity: string;
  purchasePrice: string;
  salePrice: string;
}

export async function loadStockRows(ex: Executor, ids: readonly number[]): Promise<Map<number, StockRow>> {
  if (ids.length === 0) return new Map();
  const rows = await ex
    .select({
      id: stock.id,
      branchId: stock.branchId,
      inventoryId: stock.inventoryId,
      itemId: stock.itemId,
      batchNumber: stock.batchNumber,
      expireDate: stock.expireDate,
      quantity: stock.quantity,
      purchasePrice: stock.purchasePrice,
      salePrice: stock.salePrice,
    })
    .from(stock)
    .where(and(inArray(stock.id, [...ids]), isNull(stock.deletedAt)));
  return new Map(rows.map((r) => [r.id, r]));
}

/** Every line's stock row is live and in the inventory; answers the rows in line order. */
export async function stockRowsOfLines(ex: Executor, lines: readonly StockLineInput[], inventoryId: number): Promise<StockRow[]> {
  const rows = await loadStockRows(
    ex,
    lines.map((l) => l.stock),
  );
  return lines.map((line, index) => {
    const row = rows.get(line.stock);
    // Another inventory's (or branch's) row is refused like an absent one, never revealed.
    if (!row || row.inventoryId !== inventoryId) throw fieldErrors({ [`items[${index}].stock`]: [MESSAGES.invalidChoice] });
    return row;
  });
}

/** The form's own rule (SPEC section 5), checked again by the server against the stored quantity. */
export function assertWithinStock(lines: readonly StockLineInput[], rows: readonly StockRow[]): void {
  lines.forEach((line, index) => {
    if (greaterThan(line.quantity, rows[index].quantity)) throw badRequest(MESSAGES.quantityAboveStock);
  });
}

/** A live inventory the caller may use, optionally required to be in a given branch; else a field error. */
export async function usableInventory(
  ex: Executor,
  auth: AuthContext,
  id: number,
  field: string,
  branchId?: number,
): Promise<{ id: number; branchId: number }> {
  const [row] = await ex
    .select({ id: inventory.id, branchId: inventory.branchId })
    .from(inventory)
    .where(and(eq(inventory.id, id), isNull(inventory.deletedAt)));
  if (!row || !auth.branchIds.includes(row.branchId)) throw invalidChoice(field);
  if (branchId !== undefined && row.branchId !== branchId) throw invalidChoice(field);
  return row;
}

/** 423 when the client edited a version older than the stored one (it sends back the updated_at it loaded). */
export function assertFresh(stored: Date, clientStamp: unknown): void {
  if (typeof clientStamp !== "string" || clientStamp === "") return;
  if (new Date(clientStamp).getTime() !== stored.getTime()) throw staleRecord();
}

/** The line fields every stock document answers: the stock row it names, its item, the quantity. */
export interface StockDocumentLineView {
  id: number;
  stock: number;
  item: number;
  item_name: string;
  item_barcode: string;
  batch_number: string;
  expire_date: string | null;
  quantity: string;
}

/** Where a document type keeps its lines (identifiers, never user input). */
type LineTable =
  | { table: "inventory_stock_transfer_item"; documentColumn: "transfer_id" }
  | { table: "damaged_stock_item"; documentColumn: "damaged_stock_id" };

/** A document's lines as the API answers them, in entry order; `own` selects the document type's own columns (from l and s). */
export function stockDocumentLines<T extends StockDocumentLineView>(
  ex: Executor,
  lines: LineTable,
  documentId: number,
  own: SQL,
): Promise<T[]> {
  return queryRows<T>(
    ex,
    sql`select l.id, l.stock_id as stock, l.item_id as item, i.name as item_name, i.barcode as item_barcode,
          s.batch_number, s.expire_date, l.quantity::text as quantity, ${own}
        from ${sql.identifier(lines.table)} l
        join stock s on s.id = l.stock_id
        join item i on i.id = l.item_id
        where ${sql.raw(`l.${lines.documentColumn}`)} = ${documentId}
        order by l.id`,
  );
}
