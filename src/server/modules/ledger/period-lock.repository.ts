import { sql } from "drizzle-orm";
import { MESSAGES } from "../../../core/messages";
import { effectiveLockDate, isLocked } from "../../../core/period-lock";
import { queryRows, type Executor, type Tx } from "../../db/client";
import { badRequest } from "../../http/errors";

/** A branch's own lock date and the all-branches one (null: none). */
export interface LockDates {
  branch: string | null;
  all: string | null;
}

/**
 * The lock dates that apply to each branch. `share` takes them FOR SHARE, so a posting and a change of
 * the lock never interleave: a lock moved forward waits for the postings already checked against the
 * old date, and a posting after it reads the new one.
 */
export async function lockDatesOf(ex: Executor, branchIds: readonly number[], share = false): Promise<Map<number, LockDates>> {
  const ids = [...new Set(branchIds)];
  const rows = await queryRows<{ branch_id: number | null; lock_date: string | null }>(
    ex,
    sql`select branch_id, lock_date::text as lock_date from period_lock
        where branch_id is null or branch_id in (${sql.join(
          (ids.length ? ids : [0]).map((id) => sql`${id}::integer`),
          sql`, `,
        )})
        order by branch_id nulls first ${share ? sql`for share` : sql``}`,
  );
  const all = rows.find((r) => r.branch_id === null)?.lock_date ?? null;
  return new Map(ids.map((id) => [id, { branch: rows.find((r) => r.branch_id === id)?.lock_date ?? null, all }]));
}

/** A dated write to a branch's books: a document's new date, or the date of the posting it reverses. */
export interface DatedWrite {
  branchId: number;
  date: string;
}

/**
 * The one rule of closed periods (src/core/period-lock.ts): nothing dated on or before its branch's
 * lock date (or the all-branches one) is written. Every posting passes here (ledger.repository.ts), with
 * the dates of the rows it reverses as well as its own, so moving a document out of a closed period
 * or into one is refused as much as creating, changing or deleting it there.
 */
export async function assertPeriodsOpen(tx: Tx, writes: readonly DatedWrite[]): Promise<void> {
  if (writes.length === 0) return;
  const locks = await lockDatesOf(
    tx,
    writes.map((w) => w.branchId),
    true,
  );
  for (const w of writes) {
    const lock = locks.get(w.branchId);
    if (lock && isLocked(w.date, effectiveLockDate(lock.branch, lock.all))) throw badRequest(MESSAGES.periodClosed);
  }
}
