import { sql, type SQL } from "drizzle-orm";
import type { ListField } from "../../http/list-engine";
import { stampFields } from "../../http/stamp-fields";

/** The alias a document list gives its table: p purchase, r purchase return, t transfer, d damaged stock. */
export type DocumentAlias = "p" | "r" | "t" | "d";

export const documentColumn = (a: DocumentAlias, name: string): SQL => sql.raw(`${a}.${name}`);

/** The list fields every numbered document has: id, number, note and stamps. */
export function documentFields(a: DocumentAlias): Record<string, ListField> {
  return {
    id: { sql: documentColumn(a, "id"), type: "integer" },
    invoice_no: { sql: documentColumn(a, "invoice_no"), type: "integer" },
    note: { sql: documentColumn(a, "note"), type: "text" },
    ...stampFields(a),
  };
}
