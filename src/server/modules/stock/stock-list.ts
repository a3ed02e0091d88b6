import { sql } from "drizzle-orm";
import { isoTimestamp, type ListSpec } from "../../http/list-engine";

/** "Expired" of SPEC section 3: an expiry date before today (stored as yyyy-MM-dd text). */
export const expiredSql = sql`(coalesce(s.expire_date, '') <> '' and s.expire_date < to_char(current_date, 'YYYY-MM-DD'))`;

/** From clause of a stock row with its item and inventory; `s`, `i` and `inv` are the aliases. */
export const stockSource = sql`stock s join item i on i.id = s.item_id join inventory inv on inv.id = s.inventory_id`;

/** The JSON shape of a stock row, shared by the list, the read, the search and the sale-price change. */
export const stockSelect = sql`s.id, s.branch_id as branch, s.inventory_id as inventory, inv.name as inventory_name,
  json_build_object('id', i.id, 'barcode', i.barcode, 'name', i.name, 'item_type', i.item_type, 'code', i.code) as item,
  i.name as item_name, i.barcode, i.code, i.item_type, i.min_quantity::text as min_quantity,
  s.batch_number, nullif(s.expire_date, '') as expire_date, s.quantity::text as quantity,
  s.purchase_price::text as purchase_price, s.sale_price::text as sale_price, ${expiredSql} as expired,
  ${isoTimestamp(sql`s.created_at`)} as created_at, ${isoTimestamp(sql`s.updated_at`)} as updated_at`;

export interface StockRow {
  id: number;
  branch: number;
  inventory: number;
  inventory_name: string;
  item: { id: number; barcode: string; name: string; item_type: number; code: string };
  item_name: string;
  barcode: string;
  code: string;
  item_type: number;
  min_quantity: string;
  batch_number: string;
  expire_date: string | null;
  quantity: string;
  purchase_price: string;
  sale_price: string;
  expired: boolean;
  created_at: string;
  updated_at: string;
}

/** `GET stock/`: the stock rows of the caller's branches (DESIGN section 7), per inventory and batch. */
export const stockListSpec: ListSpec = {
  source: stockSource,
  select: stockSelect,
  baseWhere: sql`s.deleted_at is null`,
  branch: sql`s.branch_id`,
  fields: {
    id: { sql: sql`s.id`, type: "integer" },
    item: { sql: sql`s.item_id`, type: "integer" },
    inventory: { sql: sql`s.inventory_id`, type: "integer" },
    inventory_name: { sql: sql`inv.name`, type: "text" },
    item_name: { sql: sql`i.name`, type: "text" },
    barcode: { sql: sql`i.barcode`, type: "text" },
    code: { sql: sql`i.code`, type: "text" },
    item_type: { sql: sql`i.item_type`, type: "integer" },
    item_group: { sql: sql`i.item_group_id`, type: "integer" },
    batch_number: { sql: sql`s.batch_number`, type: "text" },
    expire_date: { sql: sql`nullif(s.expire_date, '')::date`, type: "date" },
    expired: { sql: expiredSql, type: "boolean" },
    below_min_quantity: { sql: sql`(s.quantity < i.min_quantity)`, type: "boolean" },
    quantity: { sql: sql`s.quantity`, type: "number" },
    min_quantity: { sql: sql`i.min_quantity`, type: "number" },
    purchase_price: { sql: sql`s.purchase_price`, type: "number" },
    sale_price: { sql: sql`s.sale_price`, type: "number" },
    updated_at: { sql: sql`s.updated_at`, type: "date", filterable: false },
  },
  search: [sql`i.name`, sql`i.barcode`, sql`i.code`],
  dates: { expire_date: sql`nullif(s.expire_date, '')::date` },
  sums: { quantity: sql`s.quantity`, purchase_value: sql`s.quantity * s.purchase_price`, sale_value: sql`s.quantity * s.sale_price` },
};
