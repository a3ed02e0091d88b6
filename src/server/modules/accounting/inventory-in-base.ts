import { sql } from "drizzle-orm";
import { inventoryInBase } from "../../../core/exchange-difference";
import { queryRows, type Db } from "../../db/client";
import { baseCurrencyId } from "../documents/currency-context";
import { bookedLines, REVERSAL_MEMO, repost } from "../ledger/ledger.repository";

/**
 * The one-off step that brings postings booked before inventory was kept in the base currency in line
 * with today's rule (core inventoryInBase): each document whose posting still holds inventory in a foreign
 * currency is reposted (its lines reversed, the new ones appended: the ledger stays append-only), one
 * transaction per document. Idempotent: a reposted document holds no such line, so a second run does nothing.
 * Answers how many documents it reposted.
 */
export async function repostInventoryInBase(db: Db): Promise<number> {
  let reposted = 0;
  for (const { document_type: documentType, document_id: documentId } of await documentsWithForeignInventory(db)) {
    await db.transaction(async (tx) => {
      const booked = await bookedLines(tx, documentType, documentId);
      const lines = inventoryInBase(booked, await baseCurrencyId(tx));
      if (!lines || booked.length === 0) return;
      const [first] = booked;
      // The creator of the rows it replaces (else the first superuser): no user asks for this step.
      const [{ user_id: userId }] = await queryRows<{ user_id: number }>(
        tx,
        sql`select coalesce((select created_by from ledger_entry where document_type = ${documentType} and document_id = ${documentId}
                              order by id limit 1), (select min(id) from app_user where is_superuser)) as user_id`,
      );
      await repost(tx, { branchId: first.branchId, documentType, documentId, entryDate: first.entryDate, userId }, booked, lines);
      reposted += 1;
    });
  }
  return reposted;
}

/** The documents whose current posting still holds inventory in a foreign currency. */
export function documentsWithForeignInventory(db: Db) {
  return queryRows<{ document_type: string; document_id: number }>(
    db,
    // Only postings that still hold such a line (rows after the document's last reversal, as bookedLines reads
    // them): once reposted, a document is not found again, so a start after the step opens no transaction.
    sql`select distinct le.document_type, le.document_id from ledger_entry le join currency c on c.id = le.currency_id
        where le.account_type = 'inventory' and not c.is_base and le.memo <> ${REVERSAL_MEMO}
          and le.id > coalesce((select max(r.id) from ledger_entry r where r.document_type = le.document_type
                                  and r.document_id = le.document_id and r.memo = ${REVERSAL_MEMO}), 0)
        order by 1, 2`,
  );
}
