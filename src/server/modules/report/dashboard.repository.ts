import { sql, type SQL } from "drizzle-orm";
import { queryRows, type Executor } from "../../db/client";
import type { AuthContext } from "../../http/access";
import { listConditions, type ListSpec } from "../../http/list-engine";
import { cashboxResource } from "../accounting/cashbox.resource";
import { expiredItemList, minQuantityLists } from "./stock-report.lists";

/**
 * The dashboard's figures, each one query over the caller's branches (issue 14). Sales are read in the
 * base currency at the rate each sale was booked at; every range reads sale_branch_idx (branch, date).
 */

const inBranches = (column: SQL, branchIds: readonly number[]) =>
  sql`${column} in (${sql.join(
    branchIds.map((id) => sql`${id}`),
    sql`, `,
  )})`;

/** A sale's net (after its discount) in the base currency. */
const saleBase = sql`((s.total_price - s.discount) * s.exchange_rate)`;

export interface SalesDates {
  today: string;
  monthStart: string;
  lastMonthStart: string;
  lastMonthEnd: string;
  /** Today's day of the month in last month (its last day when shorter). */
  lastMonthSameDay: string;
}

export async function salesFigures(ex: Executor, branchIds: readonly number[], d: SalesDates) {
  const [row] = await queryRows<{ today: string; today_count: number; this_month: string; last_month: string; last_month_to_date: string }>(
    ex,
    sql`select coalesce(sum(${saleBase}) filter (where s.input_date = ${d.today}), 0)::numeric(18, 2)::text as today,
        count(*) filter (where s.input_date = ${d.today})::int as today_count,
        coalesce(sum(${saleBase}) filter (where s.input_date >= ${d.monthStart}), 0)::numeric(18, 2)::text as this_month,
        coalesce(sum(${saleBase}) filter (where s.input_date <= ${d.lastMonthEnd}), 0)::numeric(18, 2)::text as last_month,
        coalesce(sum(${saleBase}) filter (where s.input_date <= ${d.lastMonthSameDay}), 0)::numeric(18, 2)::text as last_month_to_date
      from sale s
      where s.deleted_at is null and ${inBranches(sql`s.branch_id`, branchIds)}
        and s.input_date >= ${d.lastMonthStart} and s.input_date <= ${d.today}`,
  );
  return row;
}

export async function salesByDay(ex: Executor, branchIds: readonly number[], from: string, to: string) {
  return queryRows<{ date: string; branch: number; branch_name: string; total: string }>(
    ex,
    sql`select s.input_date as date, s.branch_id as branch, b.name as branch_name, sum(${saleBase})::numeric(18, 2)::text as total
      from sale s join branch b on b.id = s.branch_id
      where s.deleted_at is null and ${inBranches(sql`s.branch_id`, branchIds)} and s.input_date >= ${from} and s.input_date <= ${to}
      group by s.input_date, s.branch_id, b.name order by s.input_date, s.branch_id`,
  );
}

/** The best-selling items over a range by sales value in the base currency (line totals at the sale's rate). */
export async function topItems(ex: Executor, branchIds: readonly number[], from: string, to: string, limit = 10) {
  return queryRows<{ item: number; item_name: string; quantity: string; total: string }>(
    ex,
    sql`select t.item_id as item, i.name as item_name, t.quantity::text as quantity, t.total::numeric(18, 2)::text as total
      from (select si.item_id, sum(si.quantity) as quantity, sum(si.total_price * s.exchange_rate) as total
        from sale s join sale_item si on si.sale_id = s.id
        where s.deleted_at is null and ${inBranches(sql`s.branch_id`, branchIds)} and s.input_date >= ${from} and s.input_date <= ${to}
        group by si.item_id order by total desc limit ${limit}) t
      join item i on i.id = t.item_id order by t.total desc, t.item_id`,
  );
}

/** Cash in each cashbox of the branches, from the ledger (the cashbox list's own balance). */
export async function cashboxBalances(ex: Executor, branchIds: readonly number[]) {
  const spec = cashboxResource.list;
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
    sql`select ${spec.select} from ${spec.source} where cb.deleted_at is null and ${inBranches(sql`cb.branch_id`, branchIds)}
      order by cb.branch_id, cb.id`,
  );
}

/**
 * What the parties of the branches owe (customers: debit - credit) or are owed (suppliers: credit - debit),
 * per currency, from the ledger rows booked in those branches.
 */
export async function partyBalances(ex: Executor, accountType: "customer" | "supplier", branchIds: readonly number[]) {
  const sign = accountType === "customer" ? 1 : -1;
  return queryRows<{ currency: number; currency_code: string; amount: string }>(
    ex,
    sql`select t.currency_id as currency, cu.code as currency_code, t.amount::text as amount
      from (select le.currency_id, (sum(le.debit - le.credit) * ${sign})::numeric(18, 2) as amount from ledger_entry le
        where le.account_type = ${accountType} and ${inBranches(sql`le.branch_id`, branchIds)} group by le.currency_id) t
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
