import { sql, type SQL } from "drizzle-orm";
import type { Holding } from "../../../core/exchange-difference";
import { reversePosting, type PostingLine } from "../../../core/posting";
import { insertFromJson, queryRows, type Executor, type Tx } from "../../db/client";
import { ledgerEntry } from "../../db/tables";
import { assertPeriodsOpen } from "./period-lock.repository";

/** The memo of the rows that undo a posting (the statement labels them). */
export const REVERSAL_MEMO = "reversal";

export interface PostingSource {
  branchId: number;
  documentType: string;
  documentId: number;
  entryDate: string;
  userId: number;
}

/**
 * The ledger_entry insert of a posting; `documentId` may be SQL (the id a CTE of the same statement
 * inserts). Its caller checks the period first (`assertPeriodsOpen`), which writePosting and repost do.
 */
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
    memo: l.memo ?? "",
    createdBy: source.userId,
  }));
  return insertFromJson(ledgerEntry, rows, { documentId: typeof documentId === "number" ? sql`${documentId}::integer` : documentId });
}

/** Saves the lines of a posting (built and balanced by src/core/posting.ts) in the caller's transaction. */
export async function writePosting(tx: Tx, source: PostingSource, lines: readonly PostingLine[]): Promise<void> {
  await assertPeriodsOpen(tx, [{ branchId: source.branchId, date: source.entryDate }]);
  if (lines.length === 0) return;
  await tx.execute(postingInsert(source, source.documentId, lines));
}

/** A line as the ledger holds it, with the branch and date it was booked on. */
export interface BookedLine extends PostingLine {
  branchId: number;
  entryDate: string;
}

/**
 * A document's posting as the ledger holds it now: its rows after its last reversal (each repost appends
 * the reversal of the posting before it, then the new one), on the branch and date they were booked on.
 * Read from the ledger, not recomputed from the stored document, so a reversal cancels exactly what was
 * booked, row for row.
 */
export async function bookedLines(ex: Executor, documentType: string, documentId: number): Promise<BookedLine[]> {
  const rows = await queryRows<{
    branch_id: number;
    entry_date: string;
    account_type: PostingLine["account_type"];
    account_id: number | null;
    currency_id: number;
    exchange_rate: string;
    debit: string;
    credit: string;
  }>(
    ex,
    sql`select branch_id, entry_date::text as entry_date, account_type, account_id, currency_id, exchange_rate::text as exchange_rate,
          debit::text as debit, credit::text as credit
        from ledger_entry
        where document_type = ${documentType} and document_id = ${documentId} and memo <> ${REVERSAL_MEMO}
          and id > coalesce((select max(id) from ledger_entry where document_type = ${documentType}
                               and document_id = ${documentId} and memo = ${REVERSAL_MEMO}), 0)
        order by id`,
  );
  return rows.map((r) => ({
    branchId: r.branch_id,
    entryDate: r.entry_date,
    account_type: r.account_type,
    account_id: r.account_id,
    currency_id: r.currency_id,
    exchange_rate: r.exchange_rate,
    debit: r.debit,
    credit: r.credit,
  }));
}

/**
 * The one way to change a document's posting, the ledger being append-only (DESIGN "Money documents"):
 * appends the reversal of `oldLines` (each on the branch and date it was booked on, memo "reversal", so a
 * balance as of any date nets them out) and then `newLines` as `source` books them. A delete passes no
 * new lines; nothing deletes or updates a ledger row.
 */
export async function repost(
  tx: Tx,
  source: PostingSource,
  oldLines: readonly BookedLine[],
  newLines: readonly PostingLine[],
): Promise<void> {
  // Both dates count: the rows it reverses (where they were booked) and the document's own.
  await assertPeriodsOpen(tx, [
    { branchId: source.branchId, date: source.entryDate },
    ...oldLines.map((l) => ({ branchId: l.branchId, date: l.entryDate })),
  ]);
  if (oldLines.length === 0 && newLines.length === 0) return;
  const row = (l: PostingLine, branchId: number, entryDate: string, memo: string) => ({
    branchId,
    accountType: l.account_type,
    accountId: l.account_id,
    currencyId: l.currency_id,
    debit: l.debit,
    credit: l.credit,
    exchangeRate: l.exchange_rate,
    documentType: source.documentType,
    entryDate,
    memo,
    createdBy: source.userId,
  });
  const rows = [
    ...reversePosting(oldLines).map((l) => row(l, l.branchId, l.entryDate, REVERSAL_MEMO)),
    ...newLines.map((l) => row(l, source.branchId, source.entryDate, l.memo ?? "")),
  ];
  await tx.execute(insertFromJson(ledgerEntry, rows, { documentId: sql`${source.documentId}::integer` }));
}

/** A delete's posting, or the first half of an edit that must see its old posting gone before it checks: the reversal of all the document booked. */
export async function unpost(tx: Tx, source: PostingSource): Promise<void> {
  await repost(tx, source, await bookedLines(tx, source.documentType, source.documentId), []);
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

/**
 * What an account holds in one currency (debit - credit) and the base value of the same lines (each line
 * at its own rate, to cents: core lineBaseValue), leaving out one document's rows (an edit's own posting).
 */
export async function accountHolding(
  ex: Executor,
  account: { accountType: string; accountId: number | null; currencyId: number },
  except: { documentType: string; documentId: number } | null = null,
): Promise<Holding> {
  const [row] = await queryRows<Holding>(
    ex,
    sql`select coalesce(sum(debit - credit), 0)::text as units,
          coalesce(sum(round(debit * exchange_rate, 2) - round(credit * exchange_rate, 2)), 0)::text as base
        from ledger_entry
        where account_type = ${account.accountType} and account_id is not distinct from ${account.accountId}
          and currency_id = ${account.currencyId}
          ${except ? sql`and not (document_type = ${except.documentType} and document_id = ${except.documentId})` : sql``}`,
  );
  return row;
}
