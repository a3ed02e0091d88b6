import { and, eq, isNull, sql, type SQL } from "drizzle-orm";
import { queryRows, type Executor } from "../../db/client";
import { inventory, item } from "../../db/tables";
import { assertBranchVisible, type AuthContext } from "../../http/access";
import { fieldErrors, notFound } from "../../http/errors";
import { parseId } from "../../http/resource";
import { MESSAGES } from "../../../core/messages";
import { isValidDate } from "../../../core/dates";

/**
 * Document types whose table has (id, invoice_no, input_date): their movements show the document's
 * number and date. Others (opening stock) show the movement's own date and no number.
 */
const DOCUMENT_TABLES: Record<string, string> = {
  purchase: "purchase",
  purchase_return: "purchase_return",
  sale: "sale",
  sale_return: "sale_return",
  inventory_stock_transfer: "inventory_stock_transfer",
  damaged_stock: "damaged_stock",
};

const documentLookup = sql.join(
  Object.entries(DOCUMENT_TABLES).map(
    ([type, table]) =>
      sql`select d.invoice_no, d.input_date from ${sql.identifier(table)} d where m.document_type = ${type} and d.id = m.document_id`,
  ),
  sql` union all `,
);

export interface StatementQuery {
  item?: string;
  inventory?: string;
  branch?: string;
  start_date?: string;
  end_date?: string;
  input_date_after?: string;
  input_date_before?: string;
}

export interface StatementRow {
  id: number;
  date: string;
  document_type: string;
  document_id: number;
  document_number: number | null;
  inventory: number;
  inventory_name: string;
  stock: number;
  batch_number: string;
  expire_date: string | null;
  in_quantity: string;
  out_quantity: string;
  /** The item's quantity (in the chosen inventory, or all the caller's) after this movement. */
  running_quantity: string;
  created_at: string;
}

export interface StockStatement {
  item: { id: number; name: string; barcode: string; code: string };
  opening_quantity: string;
  closing_quantity: string;
  results: StatementRow[];
}

function requiredId(name: string, raw: unknown): number {
  if (raw === undefined || raw === "") throw fieldErrors({ [name]: [MESSAGES.required] });
  return parseId(raw);
}

function dateParam(name: string, raw: unknown): string | null {
  if (typeof raw !== "string" || raw === "") return null;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(raw) || !isValidDate(raw)) throw fieldErrors({ [name]: [MESSAGES.date] });
  return raw;
}

/**
 * `stock/statement/`: every movement of an item with its document, in and out, and the running
 * quantity, in document-date order. The running sum starts before the date range, so the opening
 * quantity is what was there on the first day.
 */
export async function stockStatement(ex: Executor, auth: AuthContext, query: StatementQuery): Promise<StockStatement> {
  const itemId = requiredId("item", query.item);
  const [itemRow] = await ex
    .select({ id: item.id, name: item.name, barcode: item.barcode, code: item.code })
    .from(item)
    .where(and(eq(item.id, itemId), isNull(item.deletedAt)));
  if (!itemRow) throw notFound();

  const where: SQL[] = [sql`m.item_id = ${itemId}`];
  let branches = auth.branchIds;
  if (query.branch) {
    const branchId = requiredId("branch", query.branch);
    assertBranchVisible(auth, branchId);
    branches = [branchId];
  }
  where.push(
    branches.length
      ? sql`m.branch_id in (${sql.join(
          branches.map((id) => sql`${id}`),
          sql`, `,
        )})`
      : sql`false`,
  );
  if (query.inventory) {
    const inventoryId = requiredId("inventory", query.inventory);
    const [inv] = await ex.select({ branchId: inventory.branchId }).from(inventory).where(eq(inventory.id, inventoryId));
    if (!inv) throw notFound();
    assertBranchVisible(auth, inv.branchId);
    where.push(sql`m.inventory_id = ${inventoryId}`);
  }
  const after = dateParam("input_date_after", query.input_date_after) ?? dateParam("start_date", query.start_date);
  const before = dateParam("input_date_before", query.input_date_before) ?? dateParam("end_date", query.end_date);

  const rows = await queryRows<StatementRow>(
    ex,
    sql`with moves as (
          select m.id, coalesce(doc.input_date, to_char(m.created_at, 'YYYY-MM-DD')) as date, m.document_type, m.document_id,
            doc.invoice_no as document_number, m.inventory_id as inventory, inv.name as inventory_name, m.stock_id as stock,
            s.batch_number, nullif(s.expire_date, '') as expire_date,
            greatest(m.quantity, 0)::numeric(18, 3) as in_quantity, greatest(-m.quantity, 0)::numeric(18, 3) as out_quantity, m.quantity, m.created_at
          from stock_movement m
          join stock s on s.id = m.stock_id
          join inventory inv on inv.id = m.inventory_id
          left join lateral (${documentLookup} limit 1) doc on true
          where ${sql.join(where, sql` and `)}
        ), running as (
          select *, sum(quantity) over (order by date, id) as running_quantity from moves
        )
        select id, date, document_type, document_id, document_number, inventory, inventory_name, stock, batch_number, expire_date,
          in_quantity::text as in_quantity, out_quantity::text as out_quantity, running_quantity::text as running_quantity,
          to_json(created_at)#>>'{}' as created_at
        from running
        where ${after ? sql`date >= ${after}` : sql`true`} and ${before ? sql`date <= ${before}` : sql`true`}
        order by date, id`,
  );
  const [opening] = await queryRows<{ quantity: string }>(
    ex,
    sql`select coalesce(sum(m.quantity), 0)::numeric(18, 3)::text as quantity from stock_movement m
        left join lateral (${documentLookup} limit 1) doc on true
        where ${sql.join(where, sql` and `)}
          and ${after ? sql`coalesce(doc.input_date, to_char(m.created_at, 'YYYY-MM-DD')) < ${after}` : sql`false`}`,
  );
  return {
    item: itemRow,
    opening_quantity: opening.quantity,
    closing_quantity: rows.length ? rows[rows.length - 1].running_quantity : opening.quantity,
    results: rows,
  };
}
