import { sql, type SQL } from "drizzle-orm";
import { queryRows, type Executor } from "../../db/client";

/**
 * Gross profit: one row per sale or sale return document, then summed by the chosen key.
 * By day, month and branch it reads the ledger (revenue and cost_of_goods accounts, src/core/posting.ts):
 * a sale credits revenue with its net total (after the invoice discount) and debits cost of goods in the
 * base currency; a return debits revenue and credits cost back. The invoice discount is not an account,
 * so it comes from the sale (a deleted sale has no ledger rows left, an edited one only its new ones).
 * By item and item group the ledger has no item, so it reads the same documents' lines (their totals,
 * the invoice discount shared over the lines by their totals, the document's posted cost shared over the
 * lines by their cost_price x quantity: the amounts the posting summed and rounded); both answer the same
 * totals to the cent (tests/api/report/profit-groupings.test.ts).
 */
export type ProfitGroup = "day" | "month" | "branch" | "item_group" | "item";

export interface ProfitQuery {
  groupBy: ProfitGroup;
  branchIds: number[];
  startDate: string | null;
  endDate: string | null;
  /** Only documents in this currency, amounts in it; null: every document, in the base currency. */
  currencyId: number | null;
}

export interface ProfitSums {
  revenue: string;
  cost: string;
  returns: string;
  discount: string;
  profit: string;
}

export interface ProfitRow extends ProfitSums {
  key: string | null;
  label: string | null;
  /** The grand total row of the grouping sets. */
  is_total: boolean;
}

const dateBetween = (column: SQL, q: ProfitQuery) =>
  sql`${q.startDate ? sql` and ${column} >= ${q.startDate}` : sql``}${q.endDate ? sql` and ${column} <= ${q.endDate}` : sql``}`;

const branchIn = (column: SQL, ids: number[]) =>
  sql`${column} in (${sql.join(
    ids.map((id) => sql`${id}::integer`),
    sql`, `,
  )})`;

/**
 * In the base currency (no currency chosen): the ledger's revenue and cost rows summed by day and branch,
 * each revenue row at the rate it was booked at and each cost row as booked, and the sales' discounts at
 * their rates beside them; no grouping by document and no join to the documents. The days up to `covered`
 * come from their totals (ledger_day_total, kept per document type with base-currency sums: a few rows a
 * day), the days after from the rows themselves (ledger_profit_idx, index-only), so a year of a million
 * lines is its discounts and a few thousand totals. The same sums as per document: a document's rows share
 * its rate.
 */
function ledgerDaysInBase(q: ProfitQuery, covered: string | null): SQL {
  const days = (source: SQL, revenueBase: SQL, where: SQL) => {
    const revenue = (documentType: string) =>
      sql`coalesce(sum(${revenueBase}) filter (where l.document_type = ${documentType} and l.account_type = 'revenue'), 0)`;
    const cost = sql`coalesce(sum(l.debit - l.credit) filter (where l.account_type = 'cost_of_goods'), 0)`;
    // A day whose documents were all reversed (deleted, or edited to another day) nets to nothing: no row.
    return sql`select l.entry_date as day, l.branch_id, 1 as rate, null::integer as item_id,
        ${revenue("sale")} as revenue, 0 as discount, -${revenue("sale_return")} as returns, ${cost} as cost_base
      from ${source}
      where l.account_type in ('revenue', 'cost_of_goods') and l.document_type in ('sale', 'sale_return')
        and ${branchIn(sql`l.branch_id`, q.branchIds)} ${dateBetween(sql`l.entry_date`, q)} ${where}
      group by l.entry_date, l.branch_id
      having ${revenue("sale")} <> 0 or ${revenue("sale_return")} <> 0 or ${cost} <> 0`;
  };
  const live = days(
    sql`ledger_entry l`,
    sql`(l.credit - l.debit) * l.exchange_rate`,
    covered === null ? sql`` : sql`and l.entry_date > ${covered}::date`,
  );
  const totals = covered === null ? sql`` : sql`union all ${days(sql`ledger_day_total l`, sql`l.credit_base - l.debit_base`, sql``)}`;
  return sql`${live}
    ${totals}
    union all
    select s.input_date::date, s.branch_id, 1, null, sum(s.discount * s.exchange_rate), sum(s.discount * s.exchange_rate), 0, 0
    from sale s
    where s.deleted_at is null and s.discount <> 0 and ${branchIn(sql`s.branch_id`, q.branchIds)} ${dateBetween(sql`s.input_date`, q)}
    group by s.input_date, s.branch_id`;
}

/**
 * Per document, in one currency: day, branch, currency, rate, and its amounts in the document's currency,
 * except cost_base in the base currency; the sales' discounts beside them, from the sales themselves as in
 * the base currency (a sale discounted to nothing and costing nothing, a service given away, has no ledger
 * rows, yet its total and discount are revenue and discount by item).
 */
function ledgerDocuments(q: ProfitQuery): SQL {
  const currency = q.currencyId === null ? sql`` : sql` and coalesce(s.currency_id, r.currency_id) = ${q.currencyId}`;
  const saleCurrency = q.currencyId === null ? sql`` : sql` and s.currency_id = ${q.currencyId}`;
  return sql`select d.day, d.branch_id, coalesce(s.currency_id, r.currency_id) as currency_id,
      coalesce(s.exchange_rate, r.exchange_rate) as rate, null::integer as item_id,
      case when d.document_type = 'sale' then d.revenue_net else 0 end as revenue, 0 as discount,
      case when d.document_type = 'sale_return' then -d.revenue_net else 0 end as returns,
      d.cost_base
    from (
      select l.entry_date as day, l.branch_id, l.document_type, l.document_id,
        sum(case when l.account_type = 'revenue' then l.credit - l.debit else 0 end) as revenue_net,
        sum(case when l.account_type = 'cost_of_goods' then l.debit - l.credit else 0 end) as cost_base
      from ledger_entry l
      where l.account_type in ('revenue', 'cost_of_goods') and l.document_type in ('sale', 'sale_return')
        and ${branchIn(sql`l.branch_id`, q.branchIds)} ${dateBetween(sql`l.entry_date`, q)}
      group by l.entry_date, l.branch_id, l.document_type, l.document_id
      -- A document's rows on a day it was reversed on (deleted, or edited to another day) net to nothing: no row.
      having sum(case when l.account_type = 'revenue' then l.credit - l.debit else 0 end) <> 0
        or sum(case when l.account_type = 'cost_of_goods' then l.debit - l.credit else 0 end) <> 0
    ) d
    left join sale s on d.document_type = 'sale' and s.id = d.document_id
    left join sale_return r on d.document_type = 'sale_return' and r.id = d.document_id
    where true ${currency}
    union all
    select s.input_date::date, s.branch_id, s.currency_id, s.exchange_rate, null, s.discount, s.discount, 0, 0
    from sale s
    where s.deleted_at is null and s.discount <> 0 and ${branchIn(sql`s.branch_id`, q.branchIds)} ${dateBetween(sql`s.input_date`, q)}
      ${saleCurrency}`;
}

/**
 * A line's share of its document's cost of goods as posted (postSale, postSaleReturn): the lines' cost_price
 * x quantity summed and then rounded to the cent, so with quantities of three decimals a document's cost is
 * not the sum of its lines' unrounded costs. Each line takes its part of the posted cost by its own cost, and
 * a document's lines add up to what the ledger holds, as the invoice discount shared by the lines' totals.
 */
const postedCostShare = (cost: SQL, document: SQL) => {
  const unrounded = sql`sum(${cost}) over (partition by ${document})`;
  return sql`coalesce(${cost} * round(${unrounded}, 2) / nullif(${unrounded}, 0), 0)`;
};

function documentLines(q: ProfitQuery): SQL {
  const saleCurrency = q.currencyId === null ? sql`` : sql` and s.currency_id = ${q.currencyId}`;
  const returnCurrency = q.currencyId === null ? sql`` : sql` and r.currency_id = ${q.currencyId}`;
  return sql`select s.input_date::date as day, s.branch_id, s.currency_id, s.exchange_rate as rate, si.item_id,
      si.total_price as revenue,
      case when s.total_price > 0 then s.discount * si.total_price / s.total_price else 0 end as discount,
      0 as returns, ${postedCostShare(sql`si.cost_price * si.quantity`, sql`si.sale_id`)} as cost_base
    from sale_item si join sale s on s.id = si.sale_id
    where s.deleted_at is null and ${branchIn(sql`s.branch_id`, q.branchIds)} ${dateBetween(sql`s.input_date`, q)} ${saleCurrency}
    union all
    select r.input_date::date, r.branch_id, r.currency_id, r.exchange_rate, ri.item_id,
      0, 0, ri.total_price, -${postedCostShare(sql`ri.cost_price * ri.quantity`, sql`ri.sale_return_id`)}
    from sale_return_item ri join sale_return r on r.id = ri.sale_return_id
    where ${branchIn(sql`r.branch_id`, q.branchIds)} ${dateBetween(sql`r.input_date`, q)} ${returnCurrency}`;
}

/** The grouping key and its label (joined where it names something). */
const GROUPS: Record<ProfitGroup, { key: SQL; label: SQL; join: SQL; order: SQL }> = {
  day: { key: sql`to_char(x.day, 'YYYY-MM-DD')`, label: sql`to_char(x.day, 'YYYY-MM-DD')`, join: sql``, order: sql`1` },
  month: { key: sql`to_char(x.day, 'YYYY-MM')`, label: sql`to_char(x.day, 'YYYY-MM')`, join: sql``, order: sql`1` },
  branch: { key: sql`x.branch_id::text`, label: sql`b.name`, join: sql`join branch b on b.id = x.branch_id`, order: sql`2, 1` },
  item: { key: sql`x.item_id::text`, label: sql`i.name`, join: sql`join item i on i.id = x.item_id`, order: sql`2, 1` },
  item_group: {
    key: sql`coalesce(i.item_group_id::text, '')`,
    label: sql`g.name`,
    join: sql`join item i on i.id = x.item_id left join item_group g on g.id = i.item_group_id`,
    order: sql`2 nulls last, 1`,
  },
};

/** By item or item group the report reads the documents' lines (the ledger has no item). */
const byLine = (q: ProfitQuery) => q.groupBy === "item" || q.groupBy === "item_group";

/** Whether the report reads the ledger by day in the base currency, where covered days come from their totals. */
export const readsDayTotals = (q: ProfitQuery) => q.currencyId === null && !byLine(q);

/**
 * The rows of the chosen grouping and, as the row whose key is null, the totals: both from the same
 * unrounded sums (grouping sets), so every grouping answers the same totals to the cent. `covered`: the last
 * day ledger_day_total covers (ledger-day-totals.ts), or null to read every row.
 */
export async function profitRows(ex: Executor, q: ProfitQuery, covered: string | null = null): Promise<ProfitRow[]> {
  if (q.branchIds.length === 0) return [];
  const group = GROUPS[q.groupBy];
  const source = byLine(q) ? documentLines(q) : q.currencyId === null ? ledgerDaysInBase(q, covered) : ledgerDocuments(q);
  // In the base currency: document amounts x their booked rate, cost as booked. In one currency: the
  // amounts as they are, cost back into it at the document's rate.
  const money = (column: string) => (q.currencyId === null ? sql`x.${sql.raw(column)} * x.rate` : sql`x.${sql.raw(column)}`);
  const cost = q.currencyId === null ? sql`x.cost_base` : sql`x.cost_base / x.rate`;
  const sums = sql`sum(${money("revenue")}) as revenue, sum(${cost}) as cost, sum(${money("returns")}) as returns,
    sum(${money("discount")}) as discount`;
  return queryRows<ProfitRow>(
    ex,
    sql`select k as key, l as label, is_total = 1 as is_total,
        round(coalesce(revenue, 0), 2)::text as revenue, round(coalesce(cost, 0), 2)::text as cost,
        round(coalesce(returns, 0), 2)::text as returns, round(coalesce(discount, 0), 2)::text as discount,
        round(coalesce(revenue - discount - returns - cost, 0), 2)::text as profit
      from (
        select ${group.key} as k, ${group.label} as l, grouping(${group.key}) as is_total, ${sums}
        from (${source}) x ${group.join}
        group by grouping sets ((${group.key}, ${group.label}), ())
      ) g
      order by is_total desc, ${group.order}`,
  );
}
