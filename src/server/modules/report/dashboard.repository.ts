import { sql, type SQL } from "drizzle-orm";
import { queryRows, type Executor } from "../../db/client";
import type { AuthContext } from "../../http/access";
import { listConditions, type ListSpec } from "../../http/list-engine";
import { balanceSum } from "./ledger-day-totals";
import { expiredItemList, minQuantityLists } from "./stock-report.lists";

/**
 * The dashboard's figures, each one query over the caller's branches. Sales are read in the
 * base currency at the rate each sale was booked at.
 */

const inBranches = (column: SQL, branchIds: readonly number[]) =>
  sql`${column} in (${sql.join(
    branchIds.map((id) => sql`${id}`),
    sql`, `,
  )})`;

/** A sale's net (after its discount) in the base currency. */
const saleBase = sql`((s.total_price - s.discount) * s.exchange_rate)`;

/**
 * The sales of the branches per day and branch over a range, in the base currency and unrounded (the cards
 * add days up, then round): one index-only read of sale_branch_date_cover_idx serves the month figures and
 * the chart.
 */
export async function salesDays(ex: Executor, branchIds: readonly number[], from: string, to: string) {
  return queryRows<{ date: string; branch: number; branch_name: string; total: string; count: number }>(
    ex,
    sql`select d.date, d.branch, b.name as branch_name, d.total::text as total, d.count
      from (select s.input_date as date, s.branch_id as branch, sum(${saleBase}) as total, count(*)::int as count
        from sale s
        where s.deleted_at is null and ${inBranches(sql`s.branch_id`, branchIds)} and s.input_date >= ${from} and s.input_date <= ${to}
        group by s.input_date, s.branch_id) d
      join branch b on b.id = d.branch order by d.date, d.branch`,
  );
}

/**
 * The best-selling items over a range by sales value in the base currency (line totals at the sale's rate):
 * the range's sales, then each one's lines from sale_item_sums_idx alone (a probe a sale, no heap),
 * instead of a hash join over every line. (Sale ids do not follow dates: the demo's and any backdated sale.)
 * Lines are summed per item and rate first, so the rate multiplies a few sums rather than every line (exact:
 * decimal arithmetic).
 */
export async function topItems(ex: Executor, branchIds: readonly number[], from: string, to: string, limit = 10) {
  return queryRows<{ item: number; item_name: string; quantity: string; total: string }>(
    ex,
    sql`with s as materialized (select s.id, s.exchange_rate from sale s
        where s.deleted_at is null and ${inBranches(sql`s.branch_id`, branchIds)} and s.input_date >= ${from} and s.input_date <= ${to})
      select t.item_id as item, i.name as item_name, t.quantity::text as quantity, t.total::numeric(18, 2)::text as total
      from (select g.item_id, sum(g.quantity) as quantity, sum(g.total * g.rate) as total
        from (select si.item_id, s.exchange_rate as rate, sum(si.quantity) as quantity, sum(si.total_price) as total
          from s cross join lateral (select si.item_id, si.quantity, si.total_price from sale_item si where si.sale_id = s.id offset 0) si
          group by si.item_id, s.exchange_rate) g
        group by g.item_id order by total desc limit ${limit}) t
      join item i on i.id = t.item_id order by t.total desc, t.item_id`,
  );
}

/**
 * Cash in each cashbox of the branches: the sum of its ledger rows (as the cashbox list sums them), the
 * covered days from their totals (ledger-day-totals.ts).
 */
export async function cashboxBalances(ex: Executor, branchIds: readonly number[], covered: string | null) {
  const boxes = sql`account_type = 'cashbox'
    and (account_id, currency_id) in (select id, currency_id from cashbox where ${inBranches(sql`branch_id`, branchIds)})`;
  return queryRows<{
    id: number;
    name: string;
    branch: number;
    branch_name: string;
    currency: number;
    currency_code: string;
    balance: string;
  }>(
    ex,
    sql`select cb.id, cb.name, cb.branch_id as branch, b.name as branch_name, cb.currency_id as currency, cu.code as currency_code,
        coalesce(bal.amount, 0.00)::numeric(18, 2)::text as balance
      from cashbox cb join branch b on b.id = cb.branch_id join currency cu on cu.id = cb.currency_id
      left join (${balanceSum(sql`account_id, currency_id`, boxes, covered)}) bal on bal.account_id = cb.id and bal.currency_id = cb.currency_id
      where cb.deleted_at is null and ${inBranches(sql`cb.branch_id`, branchIds)}
      order by cb.branch_id, cb.id`,
  );
}

/**
 * What the parties of the branches owe (customers: debit - credit) or are owed (suppliers: credit - debit),
 * per currency, from the ledger rows booked in those branches (the covered days from their totals).
 */
export async function partyBalances(
  ex: Executor,
  accountType: "customer" | "supplier",
  branchIds: readonly number[],
  covered: string | null,
) {
  const sign = accountType === "customer" ? 1 : -1;
  const rows = sql`account_type = ${accountType} and ${inBranches(sql`branch_id`, branchIds)}`;
  return queryRows<{ currency: number; currency_code: string; amount: string }>(
    ex,
    sql`select t.currency_id as currency, cu.code as currency_code, (t.amount * ${sign})::numeric(18, 2)::text as amount
      from (${balanceSum(sql`currency_id`, rows, covered)}) t
      join currency cu on cu.id = t.currency_id order by t.currency_id`,
  );
}

/** The where clause a list spec gives for the caller narrowed to the branches, plus its own filters. */
function specWhere(spec: ListSpec, branchIds: readonly number[], auth: AuthContext, filters: Record<string, string> = {}): SQL {
  return sql.join(listConditions(spec, { branch: branchIds.join(","), ...filters }, auth), sql` and `);
}

/** Items at or below their minimum in some inventory of the branches. */
export async function minQuantityCount(ex: Executor, branchIds: readonly number[], auth: AuthContext): Promise<number> {
  const spec = minQuantityLists.inventory;
  const [row] = await queryRows<{ n: number }>(
    ex,
    sql`select count(distinct i.id)::int as n from ${spec.source} where ${specWhere(spec, branchIds, auth)}`,
  );
  return row.n;
}

/** Stock rows expired or expiring within the days, with their value at purchase price. */
export async function expiringFigures(ex: Executor, branchIds: readonly number[], auth: AuthContext, withinDays: number) {
  const spec = expiredItemList;
  const [row] = await queryRows<{ count: number; expired_count: number; value: string }>(
    ex,
    sql`select count(*)::int as count, (count(*) filter (where s.expire_date < to_char(current_date, 'YYYY-MM-DD')))::int as expired_count,
        coalesce(sum(s.quantity * s.purchase_price), 0)::numeric(18, 2)::text as value
      from ${spec.source} where ${specWhere(spec, branchIds, auth, { days_left__lte: String(withinDays) })}`,
  );
  return row;
}
