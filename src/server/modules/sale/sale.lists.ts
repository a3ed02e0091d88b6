import { sql } from "drizzle-orm";
import { isoTimestamp, type ListSpec } from "../../http/list-engine";
import { invoiceStandingSql } from "../documents/invoice-standing";
import { settlementJson } from "../documents/return-settlement";
import { stampFields } from "../../http/stamp-fields";

/**
 * What the sale lists answer and allow (list engine of DESIGN section 3): branch scope, input_date
 * range, currency filter, sums. Amounts are decimal strings.
 */

// What is owed counts the returns (core invoiceStanding); the sale row keeps what they took back.
const { net, remaining, paymentStatus: paymentStatusSql } = invoiceStandingSql("s");
const returned = sql`s.returned_amount`;

/** Who may read sales: the list, a sale, and the device pull's sale tombstones. */
export const SALE_VIEW_CODES = ["view_sale"];

export const saleList: ListSpec = {
  source: sql`sale s
    join branch b on b.id = s.branch_id
    join customer c on c.id = s.customer_id
    join inventory inv on inv.id = s.inventory_id
    join currency cu on cu.id = s.currency_id
    left join cashbox cb on cb.id = s.cashbox_id
    left join app_user u on u.id = s.created_by`,
  select: sql`s.id, s.branch_id as branch, b.name as branch_name, s.invoice_no,
    s.customer_id as customer, c.name as customer_name, c.phone as customer_phone,
    s.inventory_id as inventory, inv.name as inventory_name,
    s.currency_id as currency, cu.code as currency_code, cu.symbol as currency_symbol, s.exchange_rate::text as exchange_rate,
    s.payment_type, s.cashbox_id as cashbox, cb.name as cashbox_name,
    s.total_price::text as total_price, s.discount::text as discount, ${net}::text as net_price,
    s.paid_amount::text as paid_amount, ${remaining}::text as remaining,
    ${paymentStatusSql} as payment_status, ${returned}::text as returned_amount,
    s.input_date, s.note, s.form_token,
    s.is_premium, s.months_count, s.premium_receipt_amount::text as premium_receipt_amount, s.receipt_frequency,
    s.next_receipt_date, s.guarantor_name, s.guarantor_phone, s.guarantor_address,
    s.created_by, u.username as created_by_name,
    ${isoTimestamp(sql`s.created_at`)} as created_at, ${isoTimestamp(sql`s.updated_at`)} as updated_at`,
  // Counting and picking a page's ids need none of the joins (inner joins on not-null foreign keys, left joins).
  mainSource: sql`sale s`,
  // A deleted sale stays as a tombstone for the devices (sale.repository.ts deleteSale); not listed.
  baseWhere: sql`s.deleted_at is null`,
  branch: sql`s.branch_id`,
  currency: sql`s.currency_id`,
  // input_date is an ISO date (YYYY-MM-DD) text: compared and sorted as text it orders as a date, and
  // the (input_date, id) and (branch_id, input_date) indexes serve it (a ::date cast would not).
  dates: { input_date: sql`s.input_date` },
  fields: {
    id: { sql: sql`s.id`, type: "integer", notNull: true },
    invoice_no: { sql: sql`s.invoice_no`, type: "integer", notNull: true },
    customer: { sql: sql`s.customer_id`, type: "integer", notNull: true },
    customer_name: { sql: sql`c.name`, type: "text", joined: true },
    inventory: { sql: sql`s.inventory_id`, type: "integer", notNull: true },
    inventory_name: { sql: sql`inv.name`, type: "text", joined: true },
    currency_code: { sql: sql`cu.code`, type: "text", joined: true },
    payment_type: { sql: sql`s.payment_type`, type: "text" },
    cashbox: { sql: sql`s.cashbox_id`, type: "integer" },
    total_price: { sql: sql`s.total_price`, type: "number", notNull: true },
    discount: { sql: sql`s.discount`, type: "number", notNull: true },
    // net_price and payment_status are indexed expressions (sale_net_price_idx, sale_payment_status_idx):
    // keep them written exactly as in the migration.
    net_price: { sql: net, type: "number", notNull: true },
    paid_amount: { sql: sql`s.paid_amount`, type: "number", notNull: true },
    remaining: { sql: remaining, type: "number", notNull: true },
    payment_status: { sql: paymentStatusSql, type: "text" },
    is_premium: { sql: sql`s.is_premium`, type: "boolean", notNull: true },
    input_date: { sql: sql`s.input_date`, type: "date", notNull: true },
    note: { sql: sql`s.note`, type: "text" },
    form_token: { sql: sql`s.form_token`, type: "text", sortable: false },
    created_by_name: { sql: sql`u.username`, type: "text", joined: true },
    created_at: { sql: sql`s.created_at::date`, type: "date", notNull: true },
    updated_at: { sql: sql`s.updated_at`, type: "date", filterable: false, notNull: true },
  },
  // Through indexes, not a scan of every sale: the invoice number by prefix (sale_invoice_no_text_idx),
  // the customer's name anywhere in it (customers are few next to sales, then sale_customer_idx).
  // The note is not searched (its column filter note__icontains remains).
  searchWhere: (term) => {
    const escaped = term.replace(/[\\%_]/g, (c) => `\\${c}`);
    const byCustomer = sql`s.customer_id = any(array(select id from customer where name ilike ${`%${escaped}%`}))`;
    return /^\d+$/.test(term) ? sql`(s.invoice_no::text like ${`${term}%`} or ${byCustomer})` : byCustomer;
  },
  sums: {
    total_price: sql`s.total_price`,
    discount: sql`s.discount`,
    net_price: net,
    paid_amount: sql`s.paid_amount`,
    remaining,
  },
  // The sums read the sale row alone: totals/ sums on `sale s`, not through the joins and the returns.
  sumsOnMain: true,
};

/** Installment sales (view_salepremium): the sale list narrowed to premium sales. */
export const salePremiumList: ListSpec = {
  ...saleList,
  baseWhere: sql`s.is_premium and s.deleted_at is null`,
  fields: {
    ...saleList.fields,
    next_receipt_date: { sql: sql`s.next_receipt_date::date`, type: "date" },
    guarantor_name: { sql: sql`s.guarantor_name`, type: "text" },
    months_count: { sql: sql`s.months_count`, type: "integer" },
  },
  sums: { ...saleList.sums, returned_amount: returned },
};

export const saleReturnList: ListSpec = {
  source: sql`sale_return sr
    join sale s on s.id = sr.sale_id
    join branch b on b.id = sr.branch_id
    join customer c on c.id = sr.customer_id
    join inventory inv on inv.id = sr.inventory_id
    join currency cu on cu.id = sr.currency_id
    left join app_user u on u.id = sr.created_by`,
  select: sql`sr.id, sr.branch_id as branch, b.name as branch_name, sr.invoice_no,
    sr.sale_id as sale, s.invoice_no as sale_invoice_no,
    sr.customer_id as customer, c.name as customer_name, sr.inventory_id as inventory, inv.name as inventory_name,
    sr.currency_id as currency, cu.code as currency_code, cu.symbol as currency_symbol, sr.exchange_rate::text as exchange_rate,
    sr.total_price::text as total_price, ${settlementJson("sale_return", "sr")},
    sr.input_date, sr.note, sr.created_by, u.username as created_by_name,
    ${isoTimestamp(sql`sr.created_at`)} as created_at, ${isoTimestamp(sql`sr.updated_at`)} as updated_at`,
  branch: sql`sr.branch_id`,
  currency: sql`sr.currency_id`,
  dates: { input_date: sql`sr.input_date::date` },
  fields: {
    id: { sql: sql`sr.id`, type: "integer" },
    invoice_no: { sql: sql`sr.invoice_no`, type: "integer" },
    sale: { sql: sql`sr.sale_id`, type: "integer" },
    sale_invoice_no: { sql: sql`s.invoice_no`, type: "integer" },
    customer: { sql: sql`sr.customer_id`, type: "integer" },
    customer_name: { sql: sql`c.name`, type: "text" },
    inventory_name: { sql: sql`inv.name`, type: "text" },
    currency_code: { sql: sql`cu.code`, type: "text" },
    total_price: { sql: sql`sr.total_price`, type: "number" },
    input_date: { sql: sql`sr.input_date::date`, type: "date" },
    note: { sql: sql`sr.note`, type: "text" },
    ...stampFields("sr"),
  },
  search: [sql`c.name`, sql`sr.invoice_no::text`, sql`s.invoice_no::text`, sql`sr.note`],
  sums: { total_price: sql`sr.total_price` },
};

export const saleQuotationList: ListSpec = {
  source: sql`sale_quotation q
    join branch b on b.id = q.branch_id
    join customer c on c.id = q.customer_id
    join inventory inv on inv.id = q.inventory_id
    join currency cu on cu.id = q.currency_id
    left join sale cs on cs.id = q.converted_sale_id
    left join app_user u on u.id = q.created_by`,
  select: sql`q.id, q.branch_id as branch, b.name as branch_name, q.invoice_no,
    q.customer_id as customer, c.name as customer_name, q.inventory_id as inventory, inv.name as inventory_name,
    q.currency_id as currency, cu.code as currency_code, cu.symbol as currency_symbol, q.exchange_rate::text as exchange_rate,
    q.total_price::text as total_price, q.discount::text as discount, (q.total_price - q.discount)::text as net_price,
    q.input_date, q.note, q.converted_sale_id, cs.invoice_no as converted_sale_invoice_no,
    (cs.deleted_at is not null) as converted_sale_deleted,
    q.created_by, u.username as created_by_name,
    ${isoTimestamp(sql`q.created_at`)} as created_at, ${isoTimestamp(sql`q.updated_at`)} as updated_at`,
  branch: sql`q.branch_id`,
  currency: sql`q.currency_id`,
  dates: { input_date: sql`q.input_date::date` },
  fields: {
    id: { sql: sql`q.id`, type: "integer" },
    invoice_no: { sql: sql`q.invoice_no`, type: "integer" },
    customer: { sql: sql`q.customer_id`, type: "integer" },
    customer_name: { sql: sql`c.name`, type: "text" },
    inventory_name: { sql: sql`inv.name`, type: "text" },
    currency_code: { sql: sql`cu.code`, type: "text" },
    total_price: { sql: sql`q.total_price`, type: "number" },
    discount: { sql: sql`q.discount`, type: "number" },
    net_price: { sql: sql`(q.total_price - q.discount)`, type: "number" },
    converted_sale_id: { sql: sql`q.converted_sale_id`, type: "integer" },
    input_date: { sql: sql`q.input_date::date`, type: "date" },
    note: { sql: sql`q.note`, type: "text" },
    ...stampFields("q"),
  },
  search: [sql`c.name`, sql`q.invoice_no::text`, sql`q.note`],
  sums: { total_price: sql`q.total_price`, discount: sql`q.discount`, net_price: sql`(q.total_price - q.discount)` },
};
