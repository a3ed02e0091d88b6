import { sql } from "drizzle-orm";
import { amountDocumentList } from "./amount-document-list";
import type { CashboxDocKind } from "./cashbox-document.repository";

/** The expense and income lists: branch scope, input_date range, currency, type, sums of the amount. */
function cashboxDocList(kind: CashboxDocKind) {
  const typeTable = sql.identifier(`${kind}_type`);
  const typeColumn = sql.raw(`d.${kind}_type_id`);
  return amountDocumentList({
    table: kind,
    joins: sql`join ${typeTable} ty on ty.id = ${typeColumn}
      join cashbox cb on cb.id = d.cashbox_id`,
    select: sql`${typeColumn} as ${sql.identifier(`${kind}_type`)}, ty.name as ${sql.identifier(`${kind}_type_name`)},
      d.cashbox_id as cashbox, cb.name as cashbox_name`,
    fields: {
      [`${kind}_type`]: { sql: sql`${typeColumn}`, type: "integer" },
      [`${kind}_type_name`]: { sql: sql`ty.name`, type: "text" },
      cashbox: { sql: sql`d.cashbox_id`, type: "integer" },
      cashbox_name: { sql: sql`cb.name`, type: "text" },
    },
    search: [sql`ty.name`, sql`d.invoice_no::text`, sql`d.note`],
  });
}

export const expenseList = cashboxDocList("expense");
export const incomeList = cashboxDocList("income");
