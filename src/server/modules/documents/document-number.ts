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
