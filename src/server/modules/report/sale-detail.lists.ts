import { sql } from "drizzle-orm";
import type { ListSpec } from "../../http/list-engine";
import { saleDetailCachedTotals } from "./sale-detail-day-totals";

/**
 * Sale detail and sale return detail: one row per document line, through the list engine
 * (page, totals/, all/, every filter of a list). Amounts are in the document's currency; a line's cost
 * is booked in the base currency (cost_price) and shown in the document's currency at its rate, and its
 * profit is its total less its share of the invoice discount less that cost, the figures the profit
 * report sums by item. Those three are stored on the line, rounded to the cent as shown, by the triggers
 * of migration 0031 (sale_line_figures, the one definition), so rows, sums and the order by profit read
 * plain columns; totals/ of dates, branch and currency alone come from their day totals.
 */

export const saleDetailList: ListSpec = {
  source: sql`sale_item si
    join sale s on s.id = si.sale_id
    join branch b on b.id = s.branch_id
    join customer c on c.id = s.customer_id
    join item i on i.id = si.item_id
    join currency cu on cu.id = s.currency_id
    left join stock st on st.id = si.stock_id`,
  // The page picks its line ids on the two document tables alone, then joins the names of those rows only.
  mainSource: sql`sale_item si join sale s on s.id = si.sale_id`,
  select: sql`si.id, si.sale_id as sale, s.invoice_no, s.input_date, s.branch_id as branch, b.name as branch_name,
    s.customer_id as customer, c.name as customer_name, si.item_id as item, i.name as item_name, i.code as item_code,
    coalesce(st.batch_number, '') as batch_number, st.expire_date,
    s.currency_id as currency, cu.code as currency_code, s.exchange_rate::text as exchange_rate,
    si.quantity::text as quantity, si.price::text as price, si.fee::text as fee, si.discount::text as discount,
    si.net_price::text as net_price, si.total_price::text as total_price,
    si.invoice_discount::text as invoice_discount, si.cost::text as cost, si.profit::text as profit, si.is_extra`,
  baseWhere: sql`s.deleted_at is null`,
  branch: sql`s.branch_id`,
  currency: sql`s.currency_id`,
  dates: { input_date: sql`s.input_date` },
  fields: {
    id: { sql: sql`si.id`, type: "integer", notNull: true },
    sale: { sql: sql`si.sale_id`, type: "integer", notNull: true },
    invoice_no: { sql: sql`s.invoice_no`, type: "integer", notNull: true },
    input_date: { sql: sql`s.input_date`, type: "date", notNull: true },
    customer: { sql: sql`s.customer_id`, type: "integer", notNull: true },
    customer_name: { sql: sql`c.name`, type: "text", joined: true },
    item: { sql: sql`si.item_id`, type: "integer", notNull: true },
    item_name: { sql: sql`i.name`, type: "text", joined: true },
    item_code: { sql: sql`i.code`, type: "text", joined: true },
    batch_number: { sql: sql`coalesce(st.batch_number, '')`, type: "text", joined: true },
    currency_code: { sql: sql`cu.code`, type: "text", joined: true },
    quantity: { sql: sql`si.quantity`, type: "number", notNull: true },
    price: { sql: sql`si.price`, type: "number", notNull: true },
    discount: { sql: sql`si.discount`, type: "number", notNull: true },
    total_price: { sql: sql`si.total_price`, type: "number", notNull: true },
    cost: { sql: sql`si.cost`, type: "number", notNull: true },
    profit: { sql: sql`si.profit`, type: "number", notNull: true },
  },
  search: [sql`i.name`, sql`i.code`, sql`c.name`, sql`s.invoice_no::text`],
  // Every sum reads the line and its sale only: totals/ sums on mainSource, without the name joins.
  sumsOnMain: true,
  sums: {
    quantity: sql`si.quantity`,
    discount: sql`si.discount * si.quantity`,
    total_price: sql`si.total_price`,
    // Each row as shown (stored rounded to the cent), so the footer is the sum of the rows above it.
    invoice_discount: sql`si.invoice_discount`,
    cost: sql`si.cost`,
    profit: sql`si.profit`,
  },
  cachedTotals: saleDetailCachedTotals,
};

export const saleReturnDetailList: ListSpec = {
  source: sql`sale_return_item ri
    join sale_return r on r.id = ri.sale_return_id
    join sale s on s.id = r.sale_id
    join branch b on b.id = r.branch_id
    join customer c on c.id = r.customer_id
    join item i on i.id = ri.item_id
    join currency cu on cu.id = r.currency_id
    left join stock st on st.id = ri.stock_id`,
  mainSource: sql`sale_return_item ri join sale_return r on r.id = ri.sale_return_id`,
  select: sql`ri.id, ri.sale_return_id as sale_return, r.invoice_no, r.sale_id as sale, s.invoice_no as sale_invoice_no,
    r.input_date, r.branch_id as branch, b.name as branch_name, r.customer_id as customer, c.name as customer_name,
    ri.item_id as item, i.name as item_name, i.code as item_code, coalesce(st.batch_number, '') as batch_number, st.expire_date,
    r.currency_id as currency, cu.code as currency_code, r.exchange_rate::text as exchange_rate,
    ri.quantity::text as quantity, ri.price::text as price, ri.total_price::text as total_price`,
  branch: sql`r.branch_id`,
  currency: sql`r.currency_id`,
  dates: { input_date: sql`r.input_date` },
  fields: {
    id: { sql: sql`ri.id`, type: "integer", notNull: true },
    sale_return: { sql: sql`ri.sale_return_id`, type: "integer", notNull: true },
    invoice_no: { sql: sql`r.invoice_no`, type: "integer", notNull: true },
    sale: { sql: sql`r.sale_id`, type: "integer", notNull: true },
    sale_invoice_no: { sql: sql`s.invoice_no`, type: "integer", joined: true },
    input_date: { sql: sql`r.input_date`, type: "date", notNull: true },
    customer: { sql: sql`r.customer_id`, type: "integer", notNull: true },
    customer_name: { sql: sql`c.name`, type: "text", joined: true },
    item: { sql: sql`ri.item_id`, type: "integer", notNull: true },
    item_name: { sql: sql`i.name`, type: "text", joined: true },
    item_code: { sql: sql`i.code`, type: "text", joined: true },
    batch_number: { sql: sql`coalesce(st.batch_number, '')`, type: "text", joined: true },
    currency_code: { sql: sql`cu.code`, type: "text", joined: true },
    quantity: { sql: sql`ri.quantity`, type: "number", notNull: true },
    price: { sql: sql`ri.price`, type: "number", notNull: true },
    total_price: { sql: sql`ri.total_price`, type: "number", notNull: true },
  },
  search: [sql`i.name`, sql`i.code`, sql`c.name`, sql`r.invoice_no::text`, sql`s.invoice_no::text`],
  sumsOnMain: true,
  sums: { quantity: sql`ri.quantity`, total_price: sql`ri.total_price` },
};
