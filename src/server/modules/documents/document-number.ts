import { sql } from "drizzle-orm";
import { queryRows, type Tx } from "../../db/client";

/**
 * The next number of a document type in a branch (DESIGN section 3: numbers are per branch and
 * assigned by the server). The upsert locks the counter row until the creating transaction ends,
 * so numbers never repeat; a rolled-back create leaves no gap because its increment rolls back too.
 */
export async function nextDocumentNumber(tx: Tx, branchId: number, documentType: string): Promise<number> {
  const [row] = await queryRows<{ last_number: number }>(
    tx,
    sql`insert into document_counter (branch_id, document_type, last_number) values (${branchId}, ${documentType}, 1)
        on conflict (branch_id, document_type) do update set last_number = document_counter.last_number + 1
        returning last_number`,
  );
  return row.last_number;
}

/** The tables whose rows carry a per-branch invoice number (identifiers, never user input). */
export type NumberedTable = "sale" | "sale_return" | "sale_quotation" | "purchase" | "purchase_return";

/** A created document waits for its number with this placeholder (nobody sees it before commit). */
export const UNNUMBERED = 0;

/**
 * Numbers a document inserted with UNNUMBERED, as the LAST write of its transaction. The counter
 * row stays locked until commit and every create of the branch queues on it: taking the number
 * last keeps that queue to this statement and the commit, instead of the whole document.
 */
export async function assignDocumentNumber(tx: Tx, table: NumberedTable, id: number, branchId: number, documentType: string): Promise<number> {
  const [row] = await queryRows<{ invoice_no: number }>(
    tx,
    sql`with counter as (
          insert into document_counter (branch_id, document_type, last_number) values (${branchId}, ${documentType}, 1)
          on conflict (branch_id, document_type) do update set last_number = document_counter.last_number + 1
          returning last_number)
        update ${sql.identifier(table)} set invoice_no = counter.last_number from counter
        where ${sql.identifier(table)}.id = ${id}
        returning invoice_no`,
  );
  return row.invoice_no;
}
