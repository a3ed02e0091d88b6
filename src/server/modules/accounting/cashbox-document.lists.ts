import { sql } from "drizzle-orm";
import { isoTimestamp, type ListSpec } from "../../http/list-engine";
import type { CashboxDocKind } from "./cashbox-document.repository";

/** The expense and income lists: branch scope, input_date range, currency, type, sums of the amount. */
function cashboxDocList(kind: CashboxDocKind): ListSpec {
  const typeTable = sql.identifier(`${kind}_type`);
  const typeColumn = sql.raw(`d.${kind}_type_id`);
  return {
    source: sql`${sql.identifier(kind)} d
      join branch b on b.id = d.branch_id
      join ${typeTable} ty on ty.id = ${typeColumn}
      join cashbox cb on cb.id = d.cashbox_id
      join currency cu on cu.id = d.currency_id
      left join app_user u on u.id = d.created_by`,
    select: sql`d.id, d.branch_id as branch, b.name as branch_name, d.invoice_no,
      ${typeColumn} as ${sql.identifier(`${kind}_type`)}, ty.name as ${sql.identifier(`${kind}_type_name`)},
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
      [`${kind}_type`]: { sql: sql`${typeColumn}`, type: "integer" },
      [`${kind}_type_name`]: { sql: sql`ty.name`, type: "text" },
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
    search: [sql`ty.name`, sql`d.invoice_no::text`, sql`d.note`],
    sums: { amount: sql`d.amount` },
  };
}

export const expenseList = cashboxDocList("expense");
export const incomeList = cashboxDocList("income");
