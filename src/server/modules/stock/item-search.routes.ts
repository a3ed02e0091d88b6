import type { FastifyInstance, FastifyRequest } from "fastify";
import { and, eq, isNull, sql } from "drizzle-orm";
import { MESSAGES } from "../../../core/messages";
import {
  isValidEan13,
  parseScaleRules,
  readScaleLabel,
  scaleItemBarcodes,
  SCALE_BARCODES_SETTING,
  type ScaleReading,
} from "../../../core/scale-barcode";
import { queryRows, type Db } from "../../db/client";
import { inventory, setting } from "../../db/tables";
import { assertBranchVisible, authOf, type AuthContext } from "../../http/access";
import { parseId } from "../../http/resource";
import { HttpError, notFound } from "../../http/errors";
import { hideCostColumns } from "../../http/cost-columns";

/** Who may look items up: the item screens, the stock screens and the sale and purchase forms. */
export const ITEM_SEARCH_CODES = ["view_item", "view_stock", "add_sale", "add_purchase"] as const;

export const ITEM_SEARCH_LIMIT = 50;

export interface ItemSearchRow {
  id: number;
  barcode: string;
  name: string;
  item_type: number;
  code: string;
  sale_price: string;
  /** Null for a caller who may not see what goods cost. */
  purchase_price: string | null;
  batch_number: string;
  expire_date: string | null;
  /**
   * The stock of the item in the chosen branch or inventory. Stock is built in a later issue; until
   * then it is always null (and quantity with it), and is_new_record is false.
   */
  stock: null;
  is_new_record: false;
  /** The weight read from a scale label, else null. */
  quantity: string | null;
  /** The price read from a scale label, else null. */
  price: string | null;
}

interface SearchQuery {
  keyword?: string;
  branch_id?: string;
  inventory_id?: string;
}

function optionalId(raw: string | undefined): number | null {
  if (raw === undefined || raw.trim() === "") return null;
  return parseId(raw);
}

/** The branch and inventory of a search, when given, must be the caller's (else 404, DESIGN section 7). */
async function checkScope(db: Db, auth: AuthContext, query: SearchQuery) {
  const branchId = optionalId(query.branch_id);
  if (branchId !== null) assertBranchVisible(auth, branchId);
  const inventoryId = optionalId(query.inventory_id);
  if (inventoryId !== null) {
    const [row] = await db
      .select({ branchId: inventory.branchId })
      .from(inventory)
      .where(and(eq(inventory.id, inventoryId), isNull(inventory.deletedAt)));
    if (!row) throw notFound();
    assertBranchVisible(auth, row.branchId);
    if (branchId !== null && row.branchId !== branchId) throw notFound();
  }
}

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Live active items whose barcode is the keyword or whose name or code contains it; exact barcode
 * matches come first (a scanner's read), then by name. An empty keyword finds nothing.
 */
export async function searchItems(db: Db, keyword: string): Promise<ItemSearchRow[]> {
  const text = keyword.trim();
  if (text === "") return [];
  const pattern = `%${escapeLike(text)}%`;
  return queryRows<ItemSearchRow>(
    db,
    sql`select i.id, i.barcode, i.name, i.item_type, i.code, i.sale_price::text as sale_price,
          i.purchase_price::text as purchase_price, i.batch_number, i.expire_date,
          null as stock, false as is_new_record, null as quantity, null as price
        from item i
        where i.deleted_at is null and i.is_active
          and (i.barcode = ${text} or i.name ilike ${pattern} or i.code ilike ${pattern})
        order by (i.barcode = ${text}) desc, i.name asc, i.id asc
        limit ${ITEM_SEARCH_LIMIT}`,
  );
}

async function scaleRules(db: Db) {
  const [row] = await db
    .select({ value: setting.value })
    .from(setting)
    .where(and(eq(setting.key, SCALE_BARCODES_SETTING), isNull(setting.deletedAt)));
  return parseScaleRules(row?.value);
}

/** The live active items whose barcode is the label's product number (leading zeros aside), with what the label read. */
async function scaleItems(db: Db, reading: ScaleReading): Promise<ItemSearchRow[]> {
  const barcodes = scaleItemBarcodes(reading.itemCode);
  const rows = await queryRows<ItemSearchRow>(
    db,
    sql`select i.id, i.barcode, i.name, i.item_type, i.code, i.sale_price::text as sale_price,
          i.purchase_price::text as purchase_price, i.batch_number, i.expire_date,
          null as stock, false as is_new_record
        from item i
        where i.deleted_at is null and i.is_active
          and i.barcode in (${sql.join(
            barcodes.map((b) => sql`${b}`),
            sql`, `,
          )})
        order by length(i.barcode) asc, i.id asc
        limit ${ITEM_SEARCH_LIMIT}`,
  );
  return rows.map((row) => ({
    ...row,
    quantity: reading.value === "weight" ? reading.amount : null,
    price: reading.value === "price" ? reading.amount : null,
  }));
}

/**
 * A search that is an item's own barcode answers that item; else a scale label (scale-barcode.ts)
 * answers the item it names with the weight or price it read, and "Item not found" when none has
 * that product number; else the name and code search.
 */
export async function searchItemsOrScale(db: Db, keyword: string): Promise<ItemSearchRow[]> {
  const rows = await searchItems(db, keyword);
  const text = keyword.trim();
  // Only a valid EAN-13 can be a label: other searches skip the settings read.
  if (!isValidEan13(text) || rows.some((row) => row.barcode === text)) return rows;
  const reading = readScaleLabel(text, await scaleRules(db));
  if (!reading) return rows;
  const scaled = await scaleItems(db, reading);
  if (scaled.length === 0) throw new HttpError(404, { message: MESSAGES.itemNotFound });
  return scaled;
}

/**
 * `item/search/` and, when batch tracking is on, `item/batch-search/` (SPEC section 7). Items carry
 * their batch number and expiry themselves, so both answer the same rows for now; the per-batch
 * stock entries come with the stock issue.
 */
export function registerItemSearchRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const handler = async (request: FastifyRequest) => {
    const auth = authOf(request);
    const query = (request.query ?? {}) as SearchQuery;
    await checkScope(db, auth, query);
    return hideCostColumns(auth, await searchItemsOrScale(db, typeof query.keyword === "string" ? query.keyword : ""), ["purchase_price"]);
  };
  const config = { access: { permissions: ITEM_SEARCH_CODES } };
  app.get("/api/item/search/", { config }, handler);
  app.get("/api/item/batch-search/", { config }, handler);
}
