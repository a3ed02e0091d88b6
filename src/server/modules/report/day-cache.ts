import { sql, type SQL } from "drizzle-orm";
import { addDays, format } from "date-fns";
import { ISO_DATE, toDate, toIsoDate } from "../../../core/dates";
import { queryRows, type Executor, type Tx } from "../../db/client";

/**
 * The reports' day caches (ledger_day_total for balances and profit, sale_detail_day_total for the sale
 * detail's sums): each holds its source's sums per day for the days up to its state's covered_through,
 * kept exact by triggers in every writing transaction, and rebuilt when emptied with covered_through set
 * to null. Readers take the covered days from the cache and the later rows live, so the figures are the
 * same whatever is covered; this module is the one way to cover more days.
 */
export interface DayCache {
  /** The one-row table holding covered_through (a date or an ISO text). */
  state: SQL;
  /** The tables the fill reads, whose writers are held off while it runs. */
  sources: SQL;
  /** Writes the sums of the days after `from` (every day when null) up to `through`. */
  fill: (tx: Tx, through: string, from: string | null) => Promise<unknown>;
}

async function coveredThrough(ex: Executor, cache: DayCache): Promise<string | null> {
  const [row] = await queryRows<{ covered: string | null }>(ex, sql`select covered_through::text as covered from ${cache.state}`);
  return row?.covered ?? null;
}

/**
 * Covers every day up to `through` and answers the covered day. The new days are summed with the
 * sources' writers held off (share row exclusive: a writer waits, another refresher too), so no row is
 * counted twice or missed: a day's rows each morning, a short hold.
 */
export async function coverDaysThrough(ex: Executor, cache: DayCache, through: string): Promise<string | null> {
  const covered = await coveredThrough(ex, cache);
  if (covered !== null && covered >= through) return covered;
  return ex.transaction(async (tx) => {
    await tx.execute(sql`lock table ${cache.sources} in share row exclusive mode`);
    const from = await coveredThrough(tx, cache);
    if (from !== null && from >= through) return from;
    await cache.fill(tx, through, from);
    await tx.execute(sql`update ${cache.state} set covered_through = ${through}`);
    return through;
  });
}

/** Covers the days before `today` (today's rows are written all day, and read live); answers the covered day. */
export const coverDaysBefore = (ex: Executor, cache: DayCache, today: string = toIsoDate(new Date())) =>
  coverDaysThrough(ex, cache, format(addDays(toDate(today), -1), ISO_DATE));
