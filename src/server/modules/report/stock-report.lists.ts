import { sql } from "drizzle-orm";
import type { ListSpec } from "../../http/list-engine";
import { stockListSpec, stockSelect, stockSource } from "../stock/stock-list";

/**
 * The two stock reports as list-engine specs (paged, filtered, summed like every list):
 * expired and expiring stock rows, and items at or below their minimum quantity.
 */

/** Days from today to a row's expiry: negative once expired (the stock list's `expired` reads the same date). */
const daysLeft = sql`(nullif(s.expire_date, '')::date - current_date)`;
const stockValue = sql`(s.quantity * s.purchase_price)::numeric(18, 2)`;

/**
 * `GET report/expired-item/`: stock rows that hold something and carry an expiry date, with their value
 * at purchase price (base currency). `within_days=N` keeps those expired or expiring within N days.
 */
export const expiredItemList: ListSpec = {
  ...stockListSpec,
  source: sql`${stockSource} join branch b on b.id = s.branch_id`,
  select: sql`${stockSelect}, b.name as branch_name, ${daysLeft} as days_left, ${stockValue}::text as value`,
  baseWhere: sql`s.deleted_at is null and s.quantity > 0 and coalesce(s.expire_date, '') <> ''`,
  fields: {
    ...stockListSpec.fields,
    branch_name: { sql: sql`b.name`, type: "text" },
    days_left: { sql: daysLeft, type: "integer" },
    value: { sql: stockValue, type: "number" },
  },
  defaultOrdering: "expire_date",
  sums: { quantity: sql`s.quantity`, value: stockValue },
};

/** One row per place an item is kept: its quantity there (all batches) and in its branch as a whole. */
function heldPer(scope: "inventory" | "branch") {
  const inventory = scope === "inventory" ? sql`s.inventory_id` : sql`null::integer`;
  const groupBy = scope === "inventory" ? sql`s.branch_id, s.inventory_id, s.item_id` : sql`s.branch_id, s.item_id`;
  return sql`(select s.branch_id, ${inventory} as inventory_id, s.item_id, sum(s.quantity) as quantity,
      sum(sum(s.quantity)) over (partition by s.branch_id, s.item_id) as branch_quantity
    from stock s where s.deleted_at is null group by ${groupBy}) m`;
}

/** What to order to bring the quantity back to the minimum (never negative). */
const toOrder = sql`greatest(i.min_quantity - m.quantity, 0)`;
const orderValue = sql`(${toOrder} * i.purchase_price)::numeric(18, 2)`;
const branchToOrder = sql`greatest(i.min_quantity - m.branch_quantity, 0)`;

function minQuantitySpec(scope: "inventory" | "branch"): ListSpec {
  return {
    source: sql`${heldPer(scope)} join item i on i.id = m.item_id join branch b on b.id = m.branch_id
      left join inventory inv on inv.id = m.inventory_id
      left join item_group g on g.id = i.item_group_id`,
    select: sql`i.id as item, i.name as item_name, i.barcode, i.code, i.item_group_id as item_group, g.name as item_group_name,
      m.branch_id as branch, b.name as branch_name, m.inventory_id as inventory, inv.name as inventory_name,
      i.min_quantity::text as min_quantity, m.quantity::text as quantity, m.branch_quantity::text as branch_quantity,
      ${toOrder}::text as to_order, ${branchToOrder}::text as branch_to_order,
      i.purchase_price::text as purchase_price, ${orderValue}::text as order_value,
      (m.branch_quantity <= i.min_quantity) as branch_below,
      concat(m.branch_id, '-', coalesce(m.inventory_id, 0), '-', i.id) as id`,
    // Items with a minimum (a service or an item without one has nothing to reorder).
    baseWhere: sql`i.deleted_at is null and i.item_type <> 2 and i.min_quantity > 0 and m.quantity <= i.min_quantity`,
    branch: sql`m.branch_id`,
    fields: {
      // A stable tie-break for the pages: one row per (branch, inventory, item).
      id: { sql: sql`concat(m.branch_id, '-', coalesce(m.inventory_id, 0), '-', i.id)`, type: "text", filterable: false },
      item: { sql: sql`i.id`, type: "integer" },
      item_name: { sql: sql`i.name`, type: "text" },
      barcode: { sql: sql`i.barcode`, type: "text" },
      code: { sql: sql`i.code`, type: "text" },
      item_group: { sql: sql`i.item_group_id`, type: "integer" },
      inventory: { sql: sql`m.inventory_id`, type: "integer" },
      inventory_name: { sql: sql`inv.name`, type: "text" },
      branch_name: { sql: sql`b.name`, type: "text" },
      min_quantity: { sql: sql`i.min_quantity`, type: "number" },
      quantity: { sql: sql`m.quantity`, type: "number" },
      branch_quantity: { sql: sql`m.branch_quantity`, type: "number" },
      to_order: { sql: toOrder, type: "number" },
      order_value: { sql: orderValue, type: "number" },
      branch_below: { sql: sql`(m.branch_quantity <= i.min_quantity)`, type: "boolean" },
    },
    search: [sql`i.name`, sql`i.barcode`, sql`i.code`],
    defaultOrdering: "-to_order,item_name",
    sums: { quantity: sql`m.quantity`, to_order: toOrder, order_value: orderValue },
  };
}

/** `GET report/min-quantity-item/`: per inventory (default), or `scope=branch`: per branch as a whole. */
export const minQuantityLists = { inventory: minQuantitySpec("inventory"), branch: minQuantitySpec("branch") } as const;
