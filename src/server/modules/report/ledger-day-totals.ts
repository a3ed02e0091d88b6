import { sql, type SQL } from "drizzle-orm";
import { addDays, format } from "date-fns";
import { ISO_DATE, toDate, toIsoDate } from "../../../core/dates";
import { queryRows, type Db, type Executor } from "../../db/client";

/**
 * Balances over all history for the dashboard and profit by day (issue 14), still sums over the ledger: the
 * totals of the covered days (ledger_day_total, a cache derived from ledger_entry, migrations 0025, 0028 and
 * 0029, which covers the days before the upgrade at start-up) plus the ledger rows after them. Triggers keep
 * a covered day's totals exact as documents are booked into it (in the booking's transaction); this module
 * only extends the covered days, so figures are the same whatever it covers. Rows written with triggers off
 * (session_replication_role = replica, as the accounting bench loads) are not counted: reset the cache then.
 */

async function coveredThrough(ex: Executor): Promise<string | null> {
  const [row] = await queryRows<{ covered: string | null }>(ex, sql`select covered_through::text as covered from ledger_day_total_state`);
  return row?.covered ?? null;
}

/**
 * Covers every day up to `through` (yesterday: today's rows are written all day, and summed live), and
 * answers the covered day. The new days are summed from the ledger with writers held off (share row
 * exclusive: a posting waits, another refresher too), so no row is counted twice or missed: a day's rows
 * each morning, a short hold.
 */
export async function coverDaysThrough(db: Db, through: string): Promise<string | null> {
  const covered = await coveredThrough(db);
  if (covered !== null && covered >= through) return covered;
  return db.transaction(async (tx) => {
    await tx.execute(sql`lock table ledger_entry in share row exclusive mode`);
    const from = await coveredThrough(tx);
    if (from !== null && from >= through) return from;
    await tx.execute(sql`insert into ledger_day_total (account_type, account_id, currency_id, branch_id, entry_date, document_type,
        debit, credit, debit_base, credit_base)
      select account_type, ledger_day_total_account(account_type, account_id), currency_id, branch_id, entry_date,
        ledger_day_total_document(account_type, document_type),
        sum(debit), sum(credit), sum(debit * exchange_rate), sum(credit * exchange_rate)
      from ledger_entry where entry_date <= ${through}::date ${from === null ? sql`` : sql`and entry_date > ${from}::date`}
      group by 1, 2, 3, 4, 5, 6`);
    await tx.execute(sql`update ledger_day_total_state set covered_through = ${through}::date`);
    return through;
  });
}

/** Covers the days before `today` (today's rows are written all day, and read live); answers the covered day. */
export const coverDaysBefore = (db: Db, today: string = toIsoDate(new Date())) =>
  coverDaysThrough(db, format(addDays(toDate(today), -1), ISO_DATE));

/**
 * Per `keys` (columns of both ledger_entry `le` and ledger_day_total `t`, e.g. currency_id), the sum of
 * debit - credit of the rows `where` picks: the covered days from the totals, the rest from the ledger
 * (ledger_type_date_idx or ledger_account_cover_idx, index-only). `where` names columns unqualified.
 */
export function balanceSum(keys: SQL, where: SQL, covered: string | null): SQL {
  const live = covered === null ? sql`` : sql`and entry_date > ${covered}::date`;
  const cached =
    covered === null
      ? sql``
      : sql`union all select ${keys}, sum(debit - credit) as amount from ledger_day_total where ${where} group by ${keys}`;
  return sql`select ${keys}, sum(amount) as amount from (
      select ${keys}, sum(debit - credit) as amount from ledger_entry where ${where} ${live} group by ${keys}
      ${cached}) b group by ${keys}`;
}
