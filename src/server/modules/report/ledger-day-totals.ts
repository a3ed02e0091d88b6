import { sql, type SQL } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { coverDaysBefore, coverDaysThrough, type DayCache } from "./day-cache";

/**
 * Balances over all history for the dashboard and profit by day, still sums over the ledger: the
 * totals of the covered days (ledger_day_total, a cache derived from ledger_entry, migrations 0025, 0028 and
 * 0029, which covers the days before the upgrade at start-up) plus the ledger rows after them. Triggers keep
 * a covered day's totals exact as documents are booked into it (in the booking's transaction); this module
 * only extends the covered days, so figures are the same whatever it covers. Rows written with triggers off
 * (session_replication_role = replica, as the accounting bench loads) are not counted: reset the cache then.
 */

/** ledger_day_total as a day cache (day-cache.ts): the ledger's rows summed per day, account and document type. */
const LEDGER_DAYS: DayCache = {
  state: sql`ledger_day_total_state`,
  sources: sql`ledger_entry`,
  fill: (tx, through, from) =>
    tx.execute(sql`insert into ledger_day_total (account_type, account_id, currency_id, branch_id, entry_date, document_type,
        debit, credit, debit_base, credit_base)
      select account_type, ledger_day_total_account(account_type, account_id), currency_id, branch_id, entry_date,
        ledger_day_total_document(account_type, document_type),
        sum(debit), sum(credit), sum(debit * exchange_rate), sum(credit * exchange_rate)
      from ledger_entry where entry_date <= ${through}::date ${from === null ? sql`` : sql`and entry_date > ${from}::date`}
      group by 1, 2, 3, 4, 5, 6`),
};

/** Covers the ledger's days up to `through`; answers the covered day. */
export const coverLedgerDaysThrough = (ex: Executor, through: string) => coverDaysThrough(ex, LEDGER_DAYS, through);

/** Covers the ledger's days before `today`; answers the covered day. */
export const coverLedgerDaysBefore = (ex: Executor, today?: string) => coverDaysBefore(ex, LEDGER_DAYS, today);

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
