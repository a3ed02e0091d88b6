import { and, eq, sql, type SQL } from "drizzle-orm";
import type { PostingLine } from "../../../core/posting";
import { insertFromJson, queryRows, type Executor, type Tx } from "../../db/client";
import { ledgerEntry } from "../../db/tables";

export interface PostingSource {
  branchId: number;
  documentType: string;
  documentId: number;
  entryDate: string;
  userId: number;
  memo?: string;
}

/** The ledger_entry insert of a posting; `documentId` may be SQL (the id a CTE of the same statement inserts). */
export function postingInsert(source: Omit<PostingSource, "documentId">, documentId: number | SQL, lines: readonly PostingLine[]): SQL {
  const rows = lines.map((l) => ({
    branchId: source.branchId,
    accountType: l.account_type,
    accountId: l.account_id,
    currencyId: l.currency_id,
    debit: l.debit,
    credit: l.credit,
    exchangeRate: l.exchange_rate,
    documentType: source.documentType,
    entryDate: source.entryDate,
    memo: source.memo ?? "",
    createdBy: source.userId,
  }));
  return insertFromJson(ledgerEntry, rows, { documentId: typeof documentId === "number" ? sql`${documentId}::integer` : documentId });
}

/** Saves the lines of a posting (built and balanced by src/core/posting.ts) in the caller's transaction. */
export async function writePosting(tx: Tx, source: PostingSource, lines: readonly PostingLine[]): Promise<void> {
  if (lines.length === 0) return;
  await tx.execute(postingInsert(source, source.documentId, lines));
}

/** Removes a document's posting (before re-posting an edit, or on delete). */
export async function deletePosting(tx: Tx, documentType: string, documentId: number): Promise<void> {
  await tx.delete(ledgerEntry).where(and(eq(ledgerEntry.documentType, documentType), eq(ledgerEntry.documentId, documentId)));
}

/** debit - credit of an account in one currency (negate for liability-style accounts). */
export async function accountBalance(ex: Executor, accountType: string, accountId: number | null, currencyId: number): Promise<string> {
  const [row] = await queryRows<{ balance: string }>(
    ex,
    sql`select coalesce(sum(debit - credit), 0)::text as balance from ledger_entry
        where account_type = ${accountType} and account_id is not distinct from ${accountId} and currency_id = ${currencyId}`,
  );
  return row.balance;
}
