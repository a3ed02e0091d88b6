import { sql } from "drizzle-orm";
import { isoTimestamp, type ListSpec } from "../../http/list-engine";

/** The cashbox transfer list: scoped by the branch of the source cashbox (the document's), date range, currency, sums. */
export const cashboxTransferList: ListSpec = {
  source: sql`cashbox_transfer d
    join branch b on b.id = d.branch_id
    join cashbox fc on fc.id = d.from_cashbox_id
    join cashbox tc on tc.id = d.to_cashbox_id
    join currency cu on cu.id = d.currency_id
    left join app_user u on u.id = d.created_by`,
  select: sql`d.id, d.branch_id as branch, b.name as branch_name, d.invoice_no,
    d.from_cashbox_id as from_cashbox, fc.name as from_cashbox_name, d.to_cashbox_id as to_cashbox, tc.name as to_cashbox_name,
    d.currency_id as currency, cu.code as currency_code, cu.symbol as currency_symbol, d.exchange_rate::text as exchange_rate,
    d.amount::text as amount, d.input_date, d.note, d.form_token, d.created_by, u.username as created_by_name,
    ${isoTimestamp(sql`d.created_at`)} as created_at, ${isoTimestamp(sql`d.updated_at`)} as updated_at`,
  branch: sql`d.branch_id`,
  currency: sql`d.currency_id`,
  dates: { input_date: sql`d.input_date` },
  fields: {
    id: { sql: sql`d.id`, type: "integer" },
    invoice_no: { sql: sql`d.invoice_no`, type: "integer" },
    from_cashbox: { sql: sql`d.from_cashbox_id`, type: "integer" },
    to_cashbox: { sql: sql`d.to_cashbox_id`, type: "integer" },
    from_cashbox_name: { sql: sql`fc.name`, type: "text" },
    to_cashbox_name: { sql: sql`tc.name`, type: "text" },
    currency_code: { sql: sql`cu.code`, type: "text" },
    amount: { sql: sql`d.amount`, type: "number" },
    input_date: { sql: sql`d.input_date`, type: "date" },
    note: { sql: sql`d.note`, type: "text" },
    created_by_name: { sql: sql`u.username`, type: "text" },
    created_at: { sql: sql`d.created_at::date`, type: "date" },
    updated_at: { sql: sql`d.updated_at`, type: "date", filterable: false },
  },
  search: [sql`fc.name`, sql`tc.name`, sql`d.invoice_no::text`, sql`d.note`],
  sums: { amount: sql`d.amount` },
};
