import { and, eq, isNull, sql, type SQL } from "drizzle-orm";
import { queryRows, type Executor } from "../../db/client";
import { inventory } from "../../db/tables";
import { assertBranchVisible, type AuthContext } from "../../http/access";
import { notFound } from "../../http/errors";
import { parseId } from "../../http/resource";
import { stockSelect, stockSource, type StockRow } from "./stock-list";

export const STOCK_SEARCH_LIMIT = 50;

/**
 * Who may look stock up: the stock screens and every form that picks stock rows (sales, returns,
 * transfers, damaged stock).
 */
export const STOCK_SEARCH_CODES = [
  "view_stock",
  "add_sale",
  "change_sale",
  "add_salereturn",
  "add_salequotation",
  "add_purchasereturn",
  "change_purchasereturn",
  "add_inventorystocktransfer",
  "change_inventorystocktransfer",
  "add_damagedstock",
  "change_damagedstock",
] as const;

export interface StockScopeQuery {
  branch_id?: string;
  inventory_id?: string;
  exist_qty?: string;
}

function optionalId(raw: unknown): number | null {
  if (typeof raw !== "string" || raw.trim() === "") return null;
  return parseId(raw);
}

export const truthy = (raw: unknown) => typeof raw === "string" && ["true", "1"].includes(raw.trim().toLowerCase());

/** The rows a search may see: the given branch or inventory (the caller's, else 404) or all the caller's branches. */
async function scopeConditions(ex: Executor, auth: AuthContext, query: StockScopeQuery): Promise<SQL[]> {
  const where: SQL[] = [sql`s.deleted_at is null`, sql`i.deleted_at is null`];
  const branchId = optionalId(query.branch_id);
  const inventoryId = optionalId(query.inventory_id);
  if (branchId !== null) assertBranchVisible(auth, branchId);
  if (inventoryId !== null) {
    const [row] = await ex
      .select({ branchId: inventory.branchId })
      .from(inventory)
      .where(and(eq(inventory.id, inventoryId), isNull(inventory.deletedAt)));
    if (!row) throw notFound();
    assertBranchVisible(auth, row.branchId);
    if (branchId !== null && row.branchId !== branchId) throw notFound();
    where.push(sql`s.inventory_id = ${inventoryId}`);
  }
  const branches = branchId !== null ? [branchId] : auth.branchIds;
  where.push(
    branches.length
      ? sql`s.branch_id in (${sql.join(
          branches.map((id) => sql`${id}`),
          sql`, `,
        )})`
      : sql`false`,
  );
  if (truthy(query.exist_qty)) where.push(sql`s.quantity > 0`);
  return where;
}

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * `stock/search/`: stock rows of active items whose barcode is the keyword (a scanner's read, first)
 * or whose name or code contains it; the earliest expiry first within an item. Empty keyword: nothing.
 */
export async function searchStock(ex: Executor, auth: AuthContext, keyword: string, query: StockScopeQuery): Promise<StockRow[]> {
  const text = keyword.trim();
  const where = await scopeConditions(ex, auth, query);
  if (text === "") return [];
  const pattern = `%${escapeLike(text)}%`;
  where.push(sql`i.is_active`, sql`(i.barcode = ${text} or i.name ilike ${pattern} or i.code ilike ${pattern})`);
  return queryRows<StockRow>(
    ex,
    sql`select ${stockSelect} from ${stockSource} where ${sql.join(where, sql` and `)}
        order by (i.barcode = ${text}) desc, lower(i.name) asc, nullif(s.expire_date, '') asc nulls last, s.id asc
        limit ${STOCK_SEARCH_LIMIT}`,
  );
}

/** `stock/search-by-id/`: one stock row of the caller's branches; with exist_qty only when some is left. */
export async function stockById(ex: Executor, auth: AuthContext, rawId: unknown, query: StockScopeQuery): Promise<StockRow> {
  const id = optionalId(rawId);
  if (id === null) throw notFound();
  const where = await scopeConditions(ex, auth, query);
  const [row] = await queryRows<StockRow>(
    ex,
    sql`select ${stockSelect} from ${stockSource} where ${sql.join(where, sql` and `)} and s.id = ${id}`,
  );
  if (!row) throw notFound();
  return row;
}
