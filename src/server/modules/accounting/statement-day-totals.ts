import { sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { coverDaysBefore, type DayCache } from "../report/day-cache";

/**
 * The financial statements' day totals (ledger_account_day_total, migration 0041): the ledger's lines
 * summed per day, account, currency, branch and kind, with their base values as the statements read a
 * line, for the days up to its state's covered_through. Triggers keep a covered day exact as documents are
 * booked into it; this module only covers more days, so a statement reads the same whatever is covered.
 * Rows written with triggers off (session_replication_role = replica, as the benches load) are not
 * counted: reset the cache then.
 */
const STATEMENT_DAYS: DayCache = {
  state: sql`ledger_account_day_total_state`,
  sources: sql`ledger_entry`,
  fill: (tx, through, from) =>
    tx.execute(sql`insert into ledger_account_day_total (account_type, account_id, entry_date, currency_id, branch_id, kind,
        lines, debit, credit, debit_base, credit_base)
      select account_type, coalesce(account_id, 0), entry_date, currency_id, branch_id, ledger_account_day_kind(document_type),
        count(*), sum(debit), sum(credit), sum(round(debit * exchange_rate, 2)), sum(round(credit * exchange_rate, 2))
      from ledger_entry where entry_date <= ${through}::date ${from === null ? sql`` : sql`and entry_date > ${from}::date`}
      group by 1, 2, 3, 4, 5, 6`),
};

/** Covers the ledger's days before today for the statements; answers the covered day. */
export const coverStatementDays = (ex: Executor) => coverDaysBefore(ex, STATEMENT_DAYS);
