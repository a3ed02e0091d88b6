import { sql } from "drizzle-orm";
import { isZero } from "../../../core/money";
import { postRevaluation, revaluationNeeded } from "../../../core/stock-valuation";
import { queryRows, type Tx } from "../../db/client";
import { baseCurrencyId } from "../documents/currency-context";
import { writePosting } from "../ledger/ledger.repository";

/**
 * Keeps the ledger's inventory equal to the stock's value at cost for one document (issue 33): over the
 * document's whole history, per branch, what its stock movements moved at cost against what its ledger lines
 * booked on inventory (in the base currency at their rates); a difference (a unit cost rounded per line, a
 * return at another price than the stock's, an edit that took stock out at today's value) is posted as a
 * revaluation on the document's date. Called by every writer of stock after its movements and its posting.
 */
export async function settleInventoryValue(
  tx: Tx,
  source: { documentType: string; documentId: number; entryDate: string; userId: number },
): Promise<void> {
  const rows = await queryRows<{ branch_id: number; stock: string; ledger: string }>(
    tx,
    sql`with stocked as (
          select branch_id, sum(value) as value from stock_movement
          where document_type = ${source.documentType} and document_id = ${source.documentId} group by 1),
        booked as (
          select branch_id, sum(round(debit * exchange_rate, 2) - round(credit * exchange_rate, 2)) as value from ledger_entry
          where account_type = 'inventory' and document_type = ${source.documentType} and document_id = ${source.documentId} group by 1)
        select coalesce(s.branch_id, b.branch_id) as branch_id, coalesce(s.value, 0)::text as stock, coalesce(b.value, 0)::text as ledger
        from stocked s full join booked b on b.branch_id = s.branch_id order by 1`,
  );
  for (const row of rows) {
    const amount = revaluationNeeded(row.stock, row.ledger);
    if (isZero(amount)) continue;
    await writePosting(
      tx,
      {
        branchId: row.branch_id,
        documentType: source.documentType,
        documentId: source.documentId,
        entryDate: source.entryDate,
        userId: source.userId,
      },
      postRevaluation(await baseCurrencyId(tx), source.documentType, amount),
    );
  }
}
