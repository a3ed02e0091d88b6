import { sql } from "drizzle-orm";
import { amountDocumentList } from "./amount-document-list";

/** The cashbox transfer list: scoped by the branch of the source cashbox (the document's), date range, currency, sums. */
export const cashboxTransferList = amountDocumentList({
  table: "cashbox_transfer",
  joins: sql`join cashbox fc on fc.id = d.from_cashbox_id
    join cashbox tc on tc.id = d.to_cashbox_id`,
  select: sql`d.from_cashbox_id as from_cashbox, fc.name as from_cashbox_name, d.to_cashbox_id as to_cashbox, tc.name as to_cashbox_name`,
  fields: {
    from_cashbox: { sql: sql`d.from_cashbox_id`, type: "integer" },
    to_cashbox: { sql: sql`d.to_cashbox_id`, type: "integer" },
    from_cashbox_name: { sql: sql`fc.name`, type: "text" },
    to_cashbox_name: { sql: sql`tc.name`, type: "text" },
  },
  search: [sql`fc.name`, sql`tc.name`, sql`d.invoice_no::text`, sql`d.note`],
});
