import { sql } from "drizzle-orm";
import { isIsoDate } from "../../../core/dates";
import { MESSAGES, interpolate } from "../../../core/messages";
import { MAX_ID } from "../../../core/validation/common";
import { queryRows, type Db } from "../../db/client";
import { visibleBranches, type AuthContext } from "../../http/access";
import { fieldErrors } from "../../http/errors";
import { coverLedgerDaysBefore } from "./ledger-day-totals";
import { profitRows, readsDayTotals, type ProfitGroup, type ProfitQuery, type ProfitSums } from "./profit.repository";

export const PROFIT_GROUPS: readonly ProfitGroup[] = ["day", "month", "branch", "item_group", "item"];

export type RawQuery = Record<string, string | string[] | undefined>;
const single = (v: string | string[] | undefined): string | undefined => (Array.isArray(v) ? v[v.length - 1] : v);

/** A positive id or a comma list of them; anything else is a field error, never a 5xx. */
function ids(q: RawQuery, key: string): number[] {
  const raw = single(q[key]);
  if (raw === undefined || raw.trim() === "") return [];
  const list = raw.split(",").map((p) => Number(p.trim()));
  if (list.length > 100 || list.some((id) => !Number.isInteger(id) || id <= 0 || id > MAX_ID))
    throw fieldErrors({ [key]: [MESSAGES.invalidChoice] });
  return list;
}

function date(q: RawQuery, key: string): string | null {
  const raw = single(q[key]);
  if (raw === undefined || raw === "") return null;
  if (!isIsoDate(raw)) throw fieldErrors({ [key]: [MESSAGES.date] });
  return raw;
}

/** GET report/profit/ parameters: dates, group_by (day by default), branch (comma list), currency. */
export function profitQuery(q: RawQuery, auth: AuthContext): ProfitQuery {
  const groupBy = single(q.group_by) || "day";
  if (!(PROFIT_GROUPS as readonly string[]).includes(groupBy)) {
    throw fieldErrors({ group_by: [interpolate(MESSAGES.oneOf, { values: PROFIT_GROUPS.join(", ") })] });
  }
  const currency = ids(q, "currency");
  if (currency.length > 1) throw fieldErrors({ currency: [MESSAGES.invalidChoice] });
  const [startDate, endDate] = [date(q, "start_date"), date(q, "end_date")];
  if (startDate && endDate && startDate > endDate) throw fieldErrors({ start_date: [MESSAGES.selectStartAndEndDate] });
  const branches = [...ids(q, "branch"), ...ids(q, "branches")];
  // A requested branch the caller may not see narrows to nothing, never to every visible branch.
  const branchIds = branches.length > 0 ? visibleBranches(auth, branches) : auth.branchIds;
  return { groupBy: groupBy as ProfitGroup, branchIds, currencyId: currency[0] ?? null, startDate, endDate };
}

const ZERO: ProfitSums = { revenue: "0.00", cost: "0.00", returns: "0.00", discount: "0.00", profit: "0.00" };

/**
 * The profit report (issue 14 contract): `{rows: [{key, label, revenue, cost, returns, discount, profit}],
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
