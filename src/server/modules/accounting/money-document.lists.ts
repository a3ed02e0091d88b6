import { sql } from "drizzle-orm";
import { isoTimestamp, type ListSpec } from "../../http/list-engine";
import type { MoneyDocKind } from "./money-document.repository";

/**
 * The receipt and payment lists (list engine of DESIGN section 3): branch scope, input_date range,
 * currency, sums of the amount. A record's read adds its allocations.
 */
function moneyDocList(kind: MoneyDocKind): ListSpec {
  const receipt = kind === "receipt";
  const partyTable = receipt ? sql`customer` : sql`supplier`;
  const partyColumn = receipt ? sql`d.customer_id` : sql`d.supplier_id`;
  const partyName = receipt ? sql`customer` : sql`supplier`;
  const numberAlias = receipt ? sql`receipt_no` : sql`payment_no`;
  return {
    source: sql`${sql.identifier(kind)} d
      join branch b on b.id = d.branch_id
      join ${partyTable} pa on pa.id = ${partyColumn}
      join cashbox cb on cb.id = d.cashbox_id
      join currency cu on cu.id = d.currency_id
      left join app_user u on u.id = d.created_by`,
    select: sql`d.id, d.branch_id as branch, b.name as branch_name, d.invoice_no, d.invoice_no as ${numberAlias},
      ${partyColumn} as ${partyName}, pa.name as ${sql.raw(`${receipt ? "customer" : "supplier"}_name`)}, pa.phone as party_phone,
      d.cashbox_id as cashbox, cb.name as cashbox_name,
      d.currency_id as currency, cu.code as currency_code, cu.symbol as currency_symbol, d.exchange_rate::text as exchange_rate,
      d.amount::text as amount, d.input_date, d.note, d.form_token, d.created_by, u.username as created_by_name,
      ${isoTimestamp(sql`d.created_at`)} as created_at, ${isoTimestamp(sql`d.updated_at`)} as updated_at`,
    branch: sql`d.branch_id`,
    currency: sql`d.currency_id`,
    dates: { input_date: sql`d.input_date` },
    fields: {
      id: { sql: sql`d.id`, type: "integer" },
      invoice_no: { sql: sql`d.invoice_no`, type: "integer" },
      [receipt ? "customer" : "supplier"]: { sql: sql`${partyColumn}`, type: "integer" },
      [receipt ? "customer_name" : "supplier_name"]: { sql: sql`pa.name`, type: "text" },
      cashbox: { sql: sql`d.cashbox_id`, type: "integer" },
      cashbox_name: { sql: sql`cb.name`, type: "text" },
      currency_code: { sql: sql`cu.code`, type: "text" },
      amount: { sql: sql`d.amount`, type: "number" },
      input_date: { sql: sql`d.input_date`, type: "date" },
      note: { sql: sql`d.note`, type: "text" },
      created_by_name: { sql: sql`u.username`, type: "text" },
      created_at: { sql: sql`d.created_at::date`, type: "date" },
      updated_at: { sql: sql`d.updated_at`, type: "date", filterable: false },
    },
    search: [sql`pa.name`, sql`d.invoice_no::text`, sql`d.note`],
    sums: { amount: sql`d.amount` },
  };
}

export const receiptList = moneyDocList("receipt");
export const paymentList = moneyDocList("payment");
