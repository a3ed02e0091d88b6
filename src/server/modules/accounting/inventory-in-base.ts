import { sql } from "drizzle-orm";
import { inventoryInBase } from "../../../core/exchange-difference";
import { queryRows, type Db } from "../../db/client";
import { baseCurrencyId } from "../documents/currency-context";
import { bookedLines, repost } from "../ledger/ledger.repository";

/**
 * The one-off step that brings postings booked before inventory was kept in the base currency in line
 * with today's rule (core inventoryInBase): each document whose posting still holds inventory in a foreign
 * currency is reposted (its lines reversed, the new ones appended: the ledger stays append-only), one
 * transaction per document. Idempotent: a reposted document holds no such line, so a second run does nothing.
 * Answers how many documents it reposted.
 */
export async function repostInventoryInBase(db: Db): Promise<number> {
  const documents = await queryRows<{ document_type: string; document_id: number }>(
    db,
    sql`select distinct le.document_type, le.document_id from ledger_entry le join currency c on c.id = le.currency_id
        where le.account_type = 'inventory' and not c.is_base and le.memo <> 'reversal' order by 1, 2`,
  );
  let reposted = 0;
  for (const { document_type: documentType, document_id: documentId } of documents) {
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
