import { sql } from "drizzle-orm";
import { queryRows, type Db } from "../../db/client";
import { coverLedgerDaysBefore } from "./ledger-day-totals";
import { profitRows, readsDayTotals, type ProfitGroup, type ProfitQuery, type ProfitSums } from "./profit.repository";

export const PROFIT_GROUPS: readonly ProfitGroup[] = ["day", "month", "branch", "item_group", "item"];

const ZERO: ProfitSums = { revenue: "0.00", cost: "0.00", returns: "0.00", discount: "0.00", profit: "0.00" };

/**
 * The profit report: `{rows: [{key, label, revenue, cost, returns, discount, profit}],
 * totals, currency}`; amounts in `currency` (the chosen one, or the base currency).
 */
export async function profitReport(db: Db, query: ProfitQuery) {
  const covered = readsDayTotals(query) && query.branchIds.length > 0 ? await coverLedgerDaysBefore(db) : null;
  const [rows, [currency]] = await Promise.all([
    profitRows(db, query, covered),
    queryRows<{ id: number; code: string }>(
      db,
      query.currencyId === null
        ? sql`select id, code from currency where is_base limit 1`
        : sql`select id, code from currency where id = ${query.currencyId}`,
    ),
  ]);
  const total = rows.find((r) => r.is_total);
  const strip = ({ is_total: _total, ...row }: (typeof rows)[number]) => row;
  return {
    currency: currency ?? null,
    rows: rows.filter((r) => !r.is_total).map(strip),
    totals: total
      ? { revenue: total.revenue, cost: total.cost, returns: total.returns, discount: total.discount, profit: total.profit }
      : ZERO,
  };
}
