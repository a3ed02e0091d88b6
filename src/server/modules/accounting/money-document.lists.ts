import { sql } from "drizzle-orm";
import { amountDocumentList } from "./amount-document-list";
import type { MoneyDocKind } from "./money-document.repository";

/**
 * The receipt and payment lists (list engine of DESIGN section 3): branch scope, input_date range,
 * currency, sums of the amount. A record's read adds its allocations.
 */
function moneyDocList(kind: MoneyDocKind) {
  const receipt = kind === "receipt";
  const partyTable = receipt ? sql`customer` : sql`supplier`;
  const partyColumn = receipt ? sql`d.customer_id` : sql`d.supplier_id`;
  const partyName = receipt ? sql`customer` : sql`supplier`;
  const numberAlias = receipt ? sql`receipt_no` : sql`payment_no`;
  return amountDocumentList({
    table: kind,
    joins: sql`join ${partyTable} pa on pa.id = ${partyColumn}
      join cashbox cb on cb.id = d.cashbox_id`,
    select: sql`d.invoice_no as ${numberAlias},
      ${partyColumn} as ${partyName}, pa.name as ${sql.raw(`${receipt ? "customer" : "supplier"}_name`)}, pa.phone as party_phone,
      d.cashbox_id as cashbox, cb.name as cashbox_name`,
    fields: {
      [receipt ? "customer" : "supplier"]: { sql: sql`${partyColumn}`, type: "integer" },
      [receipt ? "customer_name" : "supplier_name"]: { sql: sql`pa.name`, type: "text" },
      cashbox: { sql: sql`d.cashbox_id`, type: "integer" },
      cashbox_name: { sql: sql`cb.name`, type: "text" },
    },
    search: [sql`pa.name`, sql`d.invoice_no::text`, sql`d.note`],
  });
}

export const receiptList = moneyDocList("receipt");
export const paymentList = moneyDocList("payment");
