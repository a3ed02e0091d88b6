import { sql, type SQL } from "drizzle-orm";
import type { ListField, ListSpec } from "../../http/list-engine";
import { documentFields, documentTailSelect } from "./ledger-document";

/** What one kind of amount document adds to the columns every one of them shares. */
export interface AmountDocumentListParts {
  /** The document's table, read under the alias `d`. */
  table: string;
  /** Its own joins, between the branch and the currency. */
  joins: SQL;
  /** Its own selected columns, after the number. */
  select: SQL;
  /** Its own filterable fields, after the number. */
  fields: Record<string, ListField>;
  search: SQL[];
}

/**
 * The list spec of a document that moves one amount of one currency (an expense, an income, a cashbox
 * transfer, a salary advance): branch scope, number, currency and rate, amount (summed), input_date
 * range, note, who keyed it and its stamps, read alike around the kind's own joins and columns.
 */
export function amountDocumentList(parts: AmountDocumentListParts): ListSpec {
  return {
    source: sql`${sql.identifier(parts.table)} d
      join branch b on b.id = d.branch_id
      ${parts.joins}
      join currency cu on cu.id = d.currency_id
      left join app_user u on u.id = d.created_by`,
    select: sql`d.id, d.branch_id as branch, b.name as branch_name, d.invoice_no, ${parts.select},
      d.currency_id as currency, cu.code as currency_code, cu.symbol as currency_symbol, d.exchange_rate::text as exchange_rate,
      d.amount::text as amount, d.form_token, ${documentTailSelect}`,
    branch: sql`d.branch_id`,
    currency: sql`d.currency_id`,
    dates: { input_date: sql`d.input_date` },
    fields: {
      ...documentFields,
      ...parts.fields,
      currency_code: { sql: sql`cu.code`, type: "text" },
      amount: { sql: sql`d.amount`, type: "number" },
    },
    search: parts.search,
    sums: { amount: sql`d.amount` },
  };
}
