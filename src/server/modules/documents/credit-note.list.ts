import { sql } from "drizzle-orm";
import type { ListSpec } from "../../http/list-engine";
import type { ReturnKind } from "./return-settlement";

/**
 * `sale/credit-note/` and `purchase/credit-note/`: the open credit notes of the caller's branches (a
 * return's credit note less what later invoices, receipts and payments used of it), filtered by party and
 * currency, for the forms that use them. Behind the returns' own view permission (credit-note.routes.ts).
 */
const PARTY: Record<ReturnKind, { table: string; party: "customer" | "supplier"; partyTable: string }> = {
  sale_return: { table: "sale_return", party: "customer", partyTable: "customer" },
  purchase_return: { table: "purchase_return", party: "supplier", partyTable: "supplier" },
};

export function creditNoteList(kind: ReturnKind): ListSpec {
  const { table, party, partyTable } = PARTY[kind];
  const partyId = sql.raw(`r.${party}_id`);
  return {
    source: sql`${sql.identifier(table)} r
      join branch b on b.id = r.branch_id
      join ${sql.identifier(partyTable)} pa on pa.id = ${partyId}
      join currency cu on cu.id = r.currency_id
      cross join lateral (select coalesce(sum(u.amount), 0) as used from credit_note_use u
        where u.return_type = ${kind} and u.return_id = r.id) cn`,
    select: sql`r.id, r.invoice_no as number, r.input_date as date, r.branch_id as branch, b.name as branch_name,
      ${partyId} as ${sql.identifier(party)}, pa.name as ${sql.identifier(`${party}_name`)},
      r.currency_id as currency, cu.code as currency_code, r.exchange_rate::text as exchange_rate,
      r.credit_note_amount::text as amount, cn.used::numeric(20, 2)::text as used, (r.credit_note_amount - cn.used)::text as open`,
    baseWhere: sql`r.credit_note_amount > cn.used`,
    branch: sql`r.branch_id`,
    currency: sql`r.currency_id`,
    dates: { date: sql`r.input_date::date` },
    fields: {
      id: { sql: sql`r.id`, type: "integer" },
      number: { sql: sql`r.invoice_no`, type: "integer" },
      date: { sql: sql`r.input_date::date`, type: "date" },
      [party]: { sql: partyId, type: "integer" },
      amount: { sql: sql`r.credit_note_amount`, type: "number" },
      open: { sql: sql`(r.credit_note_amount - cn.used)`, type: "number" },
    },
    sums: { open: sql`(r.credit_note_amount - cn.used)` },
    defaultOrdering: "date,id",
  };
}
