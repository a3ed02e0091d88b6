import { sql } from "drizzle-orm";
import { queryRows, type Executor } from "../../db/client";
import type { CachedTotals, CachedTotalsFilter } from "../../http/list-engine";
import { coverDaysBefore, coverDaysThrough, type DayCache } from "./day-cache";

/**
 * The sale detail's totals/ for a filter of dates, branch and currency alone (the screen's default: this
 * month, both branches), still the sums of the lines as shown: sale_detail_day_total (migration 0031) holds
 * them per day, branch and currency for the days up to covered_through, kept exact by triggers in every
 * writing transaction (a backdated sale, an edit, a delete), and the lines after the covered day are summed
 * live. This module only extends the covered days (today is never covered: every sale of the day would
 * update one row), so the figures are the same whatever it covers.
 */

/** sale_detail_day_total as a day cache (day-cache.ts): the live sales' lines summed per day, branch and currency. */
const SALE_LINE_DAYS: DayCache = {
  state: sql`sale_detail_day_total_state`,
  sources: sql`sale, sale_item`,
  fill: async (tx, through, from) => {
    const after = from === null ? sql`` : sql`and input_date > ${from}`;
    // Days past the covered one are never written by the triggers; cleared all the same before the sum.
    await tx.execute(sql`delete from sale_detail_day_total where input_date <= ${through} ${after}`);
    await tx.execute(sql`insert into sale_detail_day_total (input_date, branch_id, currency_id, lines, quantity, discount, total_price,
        invoice_discount, cost, profit)
      select s.input_date, s.branch_id, s.currency_id, count(*), sum(si.quantity), sum(si.discount * si.quantity), sum(si.total_price),
        sum(si.invoice_discount), sum(si.cost), sum(si.profit)
      from sale_item si join sale s on s.id = si.sale_id
      where s.deleted_at is null and s.input_date <= ${through} ${from === null ? sql`` : sql`and s.input_date > ${from}`}
      group by 1, 2, 3`);
  },
};

/** Covers the sale lines' days up to `through`; answers the covered day. */
export const coverSaleDaysThrough = (ex: Executor, through: string) => coverDaysThrough(ex, SALE_LINE_DAYS, through);

const ids = (values: number[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/**
 * The list engine's `cachedTotals` for the sale detail: the covered days' sums in the range, and the lines
 * after the covered day (`s.input_date`, the list's date) left for the engine to sum live.
 */
export async function saleDetailCachedTotals(ex: Executor, filter: CachedTotalsFilter): Promise<CachedTotals | null> {
  if (filter.branches?.length === 0) return null;
  const covered = await coverDaysBefore(ex, SALE_LINE_DAYS);
  if (covered === null) return null;
  const where = [
    sql`input_date <= ${covered}`,
    sql`lines > 0`,
    ...(filter.from ? [sql`input_date >= ${filter.from}`] : []),
    ...(filter.to ? [sql`input_date <= ${filter.to}`] : []),
    ...(filter.branches ? [sql`branch_id in (${ids(filter.branches)})`] : []),
    ...(filter.currencies ? [sql`currency_id in (${ids(filter.currencies)})`] : []),
  ];
  const [sums] = await queryRows<Record<string, string>>(
    ex,
    sql`select coalesce(sum(quantity), 0)::text as quantity, coalesce(sum(discount), 0)::text as discount,
        coalesce(sum(total_price), 0)::text as total_price, coalesce(sum(invoice_discount), 0)::text as invoice_discount,
        coalesce(sum(cost), 0)::text as cost, coalesce(sum(profit), 0)::text as profit
      from sale_detail_day_total where ${sql.join(where, sql` and `)}`,
  );
  return { sums, rest: sql`s.input_date > ${covered}` };
}
