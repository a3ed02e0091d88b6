import { sql, type SQL } from "drizzle-orm";
import type { ListField } from "../../http/list-engine";
import { documentColumn as column, documentFields, type DocumentAlias } from "../documents/document-fields";

/**
 * What the purchase and purchase-return lists share: a header in a branch and an inventory, from a
 * supplier, in a currency. `a` is the document table's alias; the joins name the others b, sp, inv, c.
 */
type Alias = Extract<DocumentAlias, "p" | "r">;

export const supplierDocumentJoins = (a: Alias): SQL =>
  sql.raw(`join branch b on b.id = ${a}.branch_id
    join supplier sp on sp.id = ${a}.supplier_id
    join inventory inv on inv.id = ${a}.inventory_id
    join currency c on c.id = ${a}.currency_id`);

/** The filter and sort fields both declare. */
export function supplierDocumentFields(a: Alias): Record<string, ListField> {
  return {
    ...documentFields(a),
    input_date: { sql: sql`${column(a, "input_date")}::date`, type: "date" },
    supplier: { sql: column(a, "supplier_id"), type: "integer" },
    supplier_name: { sql: sql`sp.name`, type: "text" },
    inventory: { sql: column(a, "inventory_id"), type: "integer" },
    inventory_name: { sql: sql`inv.name`, type: "text" },
    currency_code: { sql: sql`c.code`, type: "text" },
    total_price: { sql: column(a, "total_price"), type: "number" },
  };
}
