import { sql } from "drizzle-orm";
import { placeAccount } from "../../../core/chart-of-accounts";
import { MESSAGES } from "../../../core/messages";
import { closingLines, effectiveLockDate, yearEnd, yearStart, type YearAccountSum } from "../../../core/period-lock";
import type { PeriodLockInput, YearCloseInput } from "../../../core/validation/accounting-schemas";
import { queryRows, type Db, type Tx } from "../../db/client";
import type { AuthContext } from "../../http/access";
import { badRequest, forbidden } from "../../http/errors";
import { invalidChoice } from "../../http/resource";
import { withAuditAction } from "../audit/audit.service";
import { unpost, writePosting } from "../ledger/ledger.repository";
import { lockDatesOf } from "../ledger/period-lock.repository";
import { today } from "../sale/sale-document";

/**
 * Period locks and the year's close (DESIGN "The books"). The rule that refuses a write in a closed
 * period is ledger/period-lock.repository.ts; here the lock dates are kept, and a year's income and
 * expense are closed into retained earnings (and reopened), as documents of type "year_close".
 */
export const YEAR_CLOSE_DOC = "year_close";

export interface PeriodLockRow {
  branch: number | null;
  branch_name: string | null;
  lock_date: string | null;
  /** The date the branch's books are locked through: the later of its own and the all-branches one. */
  effective_lock_date: string | null;
  /** The years closed (and not reopened) in the branch, latest first. */
  closed_years: number[];
}

/** The all-branches lock, then each of the caller's branches with its own lock and its closed years. */
export async function periodLocks(db: Db, auth: AuthContext): Promise<PeriodLockRow[]> {
  const branches = await queryRows<{ id: number; name: string }>(
    db,
    sql`select id, name from branch where deleted_at is null and id in (${sql.join(
      (auth.branchIds.length ? auth.branchIds : [0]).map((id) => sql`${id}::integer`),
      sql`, `,
    )}) order by id`,
  );
  const locks = await lockDatesOf(
    db,
    branches.map((b) => b.id),
  );
  const closes = await queryRows<{ branch_id: number; year: number }>(
    db,
    sql`select branch_id, year from year_close where reopened_at is null order by year desc`,
  );
  const [all] = await queryRows<{ lock_date: string | null }>(
    db,
    sql`select lock_date::text as lock_date from period_lock where branch_id is null`,
  );
  const allDate = all?.lock_date ?? null;
  return [
    { branch: null, branch_name: null, lock_date: allDate, effective_lock_date: allDate, closed_years: [] },
    ...branches.map((b) => {
      const own = locks.get(b.id)?.branch ?? null;
      return {
        branch: b.id,
        branch_name: b.name,
        lock_date: own,
        effective_lock_date: effectiveLockDate(own, allDate),
        closed_years: closes.filter((c) => c.branch_id === b.id).map((c) => c.year),
      };
    }),
  ];
}

function assertBranchVisible(auth: AuthContext, branchId: number): void {
  if (!auth.branchIds.includes(branchId)) throw invalidChoice("branch");
}

/** The lock of every branch binds branches the caller may not see: only one who sees every branch sets it. */
async function assertSeesEveryBranch(tx: Tx, auth: AuthContext): Promise<void> {
  if (auth.isSuperuser) return;
  const [row] = await queryRows<{ hidden: number }>(
    tx,
    sql`select count(*)::int as hidden from branch where deleted_at is null and id not in (${sql.join(
      (auth.branchIds.length ? auth.branchIds : [0]).map((id) => sql`${id}::integer`),
      sql`, `,
    )})`,
  );
  if (row.hidden > 0) throw forbidden();
}

/** The branch's own lock row, made (unlocked) if missing and locked FOR UPDATE: one writer of a branch's lock at a time. */
async function lockOwnRow(tx: Tx, auth: AuthContext, branchId: number | null): Promise<string | null> {
  await tx.execute(
    sql`insert into period_lock (branch_id, lock_date, created_by) values (${branchId}, null, ${auth.userId})
        on conflict on constraint period_lock_branch_key do nothing`,
  );
  const [row] = await queryRows<{ lock_date: string | null }>(
    tx,
    sql`select lock_date::text as lock_date from period_lock where branch_id is not distinct from ${branchId}::integer for update`,
  );
  return row.lock_date;
}

const setLockDate = (tx: Tx, branchId: number | null, lockDate: string | null) =>
  tx.execute(
    sql`update period_lock set lock_date = ${lockDate}::date, updated_at = now()
        where branch_id is not distinct from ${branchId}::integer and lock_date is distinct from ${lockDate}::date`,
  );

/** The latest year closed (not reopened) in a branch, or null. */
async function latestClosedYear(tx: Tx, branchId: number): Promise<number | null> {
  const [row] = await queryRows<{ year: number | null }>(
    tx,
    sql`select max(year) as year from year_close where branch_id = ${branchId} and reopened_at is null`,
  );
  return row.year;
}

/**
 * Sets (or with a null date lifts) the lock of a branch or of every branch (audited by the table's
 * trigger). A branch's lock never moves back over a closed year: that is the year's reopen.
 */
export async function setPeriodLock(db: Db, auth: AuthContext, body: PeriodLockInput) {
  const branchId = body.branch ?? null;
  const lockDate = body.lock_date ?? null;
  await db.transaction(async (tx) => {
    if (branchId === null) await assertSeesEveryBranch(tx, auth);
    else {
      assertBranchVisible(auth, branchId);
      const [exists] = await queryRows<{ id: number }>(tx, sql`select id from branch where id = ${branchId} and deleted_at is null`);
      if (!exists) throw invalidChoice("branch");
    }
    await lockOwnRow(tx, auth, branchId);
    if (branchId !== null) {
      const closed = await latestClosedYear(tx, branchId);
      if (closed !== null && (lockDate === null || lockDate < yearEnd(closed))) throw badRequest(MESSAGES.closedYearStaysLocked);
    }
    await setLockDate(tx, branchId, lockDate);
  });
  const rows = await periodLocks(db, auth);
  return rows.find((r) => r.branch === branchId) ?? { branch: branchId, lock_date: lockDate };
}

/** Each income and expense account's debit - credit over the year in the branch, per currency and booked rate. */
async function yearSums(tx: Tx, branchId: number, year: number): Promise<YearAccountSum[]> {
  const rows = await queryRows<YearAccountSum>(
    tx,
    sql`select account_type, account_id, currency_id, exchange_rate::text as exchange_rate, sum(debit - credit)::text as net
        from ledger_entry
        where branch_id = ${branchId} and entry_date between ${yearStart(year)} and ${yearEnd(year)}
        group by account_type, account_id, currency_id, exchange_rate
        having sum(debit - credit) <> 0
        order by account_type, account_id, currency_id, exchange_rate`,
  );
  return rows.filter((r) => {
    const accountClass = placeAccount(r.account_type, r.account_id).class;
    return accountClass === "income" || accountClass === "expense";
  });
}

/**
 * Closes a year of a branch: posts the closing entries (dated the year's last day, type "year_close")
 * that move its income and expense into retained earnings, and locks the branch through that day.
 * Only a year that is over, not closed yet, and whose last day is still open.
 */
export async function closeYear(db: Db, auth: AuthContext, body: YearCloseInput) {
  assertBranchVisible(auth, body.branch);
  if (body.year >= Number(today().slice(0, 4))) throw badRequest(MESSAGES.yearNotOver);
  return db.transaction(async (tx) => {
    const [exists] = await queryRows<{ id: number }>(tx, sql`select id from branch where id = ${body.branch} and deleted_at is null`);
    if (!exists) throw invalidChoice("branch");
    const ownLock = await lockOwnRow(tx, auth, body.branch);
    const [open] = await queryRows<{ id: number }>(
      tx,
      sql`select id from year_close where branch_id = ${body.branch} and year = ${body.year} and reopened_at is null`,
    );
    if (open) throw badRequest(MESSAGES.yearAlreadyClosed);
    const [row] = await queryRows<{ id: number }>(
      tx,
      sql`insert into year_close (branch_id, year, previous_lock_date, created_by)
          values (${body.branch}, ${body.year}, ${ownLock}::date, ${auth.userId}) returning id`,
    );
    const lines = closingLines(await yearSums(tx, body.branch, body.year));
    // Refused ("This period is closed") when the year's last day is already locked.
    await writePosting(
      tx,
      { branchId: body.branch, documentType: YEAR_CLOSE_DOC, documentId: row.id, entryDate: yearEnd(body.year), userId: auth.userId },
      lines,
    );
    await setLockDate(tx, body.branch, yearEnd(body.year));
    return { id: row.id, branch: body.branch, year: body.year, lock_date: yearEnd(body.year), lines: lines.length };
  });
}

/**
 * Reopens the latest closed year of a branch (audited as "reopen"): moves its lock back to where it
 * was before the close, then appends the reversal of the closing entries (append-only).
 */
export async function reopenYear(db: Db, auth: AuthContext, body: YearCloseInput) {
  assertBranchVisible(auth, body.branch);
  return db.transaction(async (tx) => {
    await lockOwnRow(tx, auth, body.branch);
    const [close] = await queryRows<{ id: number; previous_lock_date: string | null }>(
      tx,
      sql`select id, previous_lock_date::text as previous_lock_date from year_close
          where branch_id = ${body.branch} and year = ${body.year} and reopened_at is null for update`,
    );
    if (!close) throw badRequest(MESSAGES.yearNotClosed);
    const latest = await latestClosedYear(tx, body.branch);
    if (latest !== null && latest > body.year) throw badRequest(MESSAGES.laterYearClosed);
    await setLockDate(tx, body.branch, close.previous_lock_date);
    // Refused ("This period is closed") while the all-branches lock still covers the year's end.
    await unpost(tx, {
      branchId: body.branch,
      documentType: YEAR_CLOSE_DOC,
      documentId: close.id,
      entryDate: yearEnd(body.year),
      userId: auth.userId,
    });
    await withAuditAction(tx, "reopen", () =>
      tx.execute(sql`update year_close set reopened_at = now(), reopened_by = ${auth.userId}, updated_at = now() where id = ${close.id}`),
    );
    return { id: close.id, branch: body.branch, year: body.year, lock_date: close.previous_lock_date };
  });
}
