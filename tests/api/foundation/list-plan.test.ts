import { sql, type SQL } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows, type Executor } from "../../../src/server/db/client";
import type { AuthContext } from "../../../src/server/http/access";
import { listPage, listTotals, type ListQuery, type ListSpec } from "../../../src/server/http/list-engine";
import { saleList } from "../../../src/server/modules/sale/sale.lists";
import { itemResource } from "../../../src/server/modules/stock/item.resource";
import { startTestApp, type TestApp } from "../support/test-app";

/**
 * Issue 16: the unfiltered first page of a list reads its page and what its count needs, not the
 * table. The engine's statements are recorded and each is run again under EXPLAIN ANALYZE; the rows
 * every scan of the item table returned or filtered away are added up (on PGlite and on PostgreSQL).
 */
const ITEMS = 4_000;
const PAGE_SIZE = 25;
/** An unfiltered list counts exactly up to 1,000 rows (COUNT_EXACT_UNFILTERED): its count reads 1,001 at most. */
const COUNT_READS = 1_001;

interface PlanNode {
  "Relation Name"?: string;
  "Actual Rows"?: number;
  "Actual Loops"?: number;
  "Rows Removed by Filter"?: number;
  Plans?: PlanNode[];
}

let t: TestApp;
const auth: AuthContext = { userId: 1, tokenId: 0, isSuperuser: true, permissions: [], branchIds: [] };

beforeAll(async () => {
  t = await startTestApp();
  await t.db.execute(sql`
    insert into item (code, barcode, name, item_type, purchase_price, sale_price, min_quantity, item_group_id)
    select 'PLAN-' || g, (8000000000000 + g)::text, 'Plan item ' || g, 1, (g % 100) * 10, (g % 100) * 12, 0,
           (select min(id) from item_group)
    from generate_series(1, ${ITEMS}) g`);
  // Sales enough that a sort of all of them would read far past a page and its capped count.
  await t.db.execute(sql`
    insert into sale (branch_id, invoice_no, customer_id, inventory_id, currency_id, exchange_rate, payment_type,
                      paid_amount, discount, total_price, input_date, created_by)
    select inv.branch_id, 100000 + g, (select min(id) from customer), inv.id, (select id from currency where code = 'IQD'), 1, 'cash',
           0, 0, 1000 + (g * 7919) % 50000, (date '2024-01-01' + g % 700)::text, (select min(id) from app_user)
    from generate_series(1, ${ITEMS}) g, (select branch_id, min(id) id from inventory group by branch_id order by branch_id limit 1) inv`);
  await t.db.execute(sql`analyze item`);
  await t.db.execute(sql`analyze sale`);
  // The admin's branches (the sale list is scoped to them; the item list is not scoped).
  auth.branchIds = (await queryRows<{ id: number }>(t.db, sql`select id from branch order by id`)).map((b) => b.id);
});
afterAll(() => t.close());

/** Rows the scans of `table` returned or filtered away, over every loop of the plan. */
function rowsRead(node: PlanNode, table: string): number {
  const own =
    node["Relation Name"] === table
      ? ((node["Actual Rows"] ?? 0) + (node["Rows Removed by Filter"] ?? 0)) * (node["Actual Loops"] ?? 1)
      : 0;
  return own + (node.Plans ?? []).reduce((sum, child) => sum + rowsRead(child, table), 0);
}

/** Runs `read` on an executor that records its statements, then replays each under EXPLAIN ANALYZE. */
async function withReads<T>(run: (ex: Executor) => Promise<T>, table = "item"): Promise<{ answer: T; read: number; statements: string[] }> {
  const recorded: SQL[] = [];
  const recorder = {
    execute: (query: SQL) => {
      recorded.push(query);
      return t.db.execute(query);
    },
  } as unknown as Executor;
  const answer = await run(recorder);
  const { dialect } = t.db as unknown as { dialect: { sqlToQuery(query: SQL): { sql: string } } };
  let read = 0;
  const statements: string[] = [];
  for (const statement of recorded) {
    const text = dialect.sqlToQuery(statement).sql;
    statements.push(text.replace(/\s+/g, " ").slice(0, 120));
    // The planner's estimate reads no rows.
    if (/^\s*explain/i.test(text)) continue;
    const [row] = await queryRows<Record<string, unknown>>(t.db, sql`explain (analyze, format json) ${statement}`);
    const raw = Object.values(row)[0];
    const plan = (typeof raw === "string" ? JSON.parse(raw) : raw) as { Plan: PlanNode }[];
    read += rowsRead(plan[0].Plan, table);
  }
  return { answer, read, statements };
}

async function pageWithReads(query: ListQuery, spec: ListSpec = itemResource.list, table = "item") {
  const { answer, read, statements } = await withReads((ex) => listPage<{ id: number }>(ex, spec, query, auth, "/list/"), table);
  return { page: answer, read, statements };
}

describe("the unfiltered first page of a list", () => {
  it("reads the page and what its count needs, not the table", async () => {
    const { page, read, statements } = await pageWithReads({ page_size: String(PAGE_SIZE) });
    expect(page.results).toHaveLength(PAGE_SIZE);
    expect(page.next).toContain("page=2");
    const ids = page.results.map((r) => r.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    // The page's ids are picked on the item table, then those rows are read again with their names:
    // twice the page and its one extra row (for `next`), plus the capped count.
    const budget = 2 * (PAGE_SIZE + 1) + COUNT_READS;
    expect(read, `rows of item read by:\n${statements.join("\n")}`).toBeLessThanOrEqual(budget);
    expect(read).toBeLessThan(ITEMS);
  });

  it.each(["name", "-name", "sale_price", "-sale_price", "-purchase_price"])(
    "ordered by %s, reads the page through an index, not a sort of the table",
    async (ordering) => {
      const { page, read, statements } = await pageWithReads({ page_size: String(PAGE_SIZE), ordering });
      expect(page.results).toHaveLength(PAGE_SIZE);
      const budget = 2 * (PAGE_SIZE + 1) + COUNT_READS;
      expect(read, `rows of item read by:\n${statements.join("\n")}`).toBeLessThanOrEqual(budget);
    },
  );

  it("says its count is an estimate when it is one, and counts exactly when filtered", async () => {
    const unfiltered = (await pageWithReads({ page_size: String(PAGE_SIZE) })).page;
    expect(unfiltered.count_is_estimate).toBe(true);
    expect(unfiltered.count).toBeGreaterThan(COUNT_READS);
    const filtered = (await pageWithReads({ page_size: String(PAGE_SIZE), code__istartswith: "PLAN-1" })).page;
    // PLAN-1, PLAN-10..19, PLAN-100..199, PLAN-1000..1999
    expect(filtered.count).toBe(1 + 10 + 100 + 1000);
    expect(filtered.count_is_estimate).toBeUndefined();
    const last = (await pageWithReads({ page_size: String(PAGE_SIZE), code__istartswith: "PLAN-1", page: "45" })).page;
    expect(last.next).toBeNull();
    expect(last.count).toBe(1111);
  });
});

describe("a page in one statement", () => {
  it("reads its rows and count together; a page turn reuses the estimate instead of another EXPLAIN", async () => {
    const query = { page_size: String(PAGE_SIZE), item_type: "1" };
    await pageWithReads({ ...query, page: "2" });
    const { page, statements } = await pageWithReads({ ...query, page: "3" });
    expect(page.results).toHaveLength(PAGE_SIZE);
    expect(statements, statements.join("\n")).toHaveLength(1);
  });
});

describe("the sale list's orderings", () => {
  it.each(["-id", "invoice_no", "-invoice_no", "-input_date", "total_price", "-total_price", "-net_price"])(
    "ordered by %s, reads the page through an index, not a sort of every sale",
    async (ordering) => {
      const { page, read, statements } = await pageWithReads({ page_size: String(PAGE_SIZE), ordering }, saleList, "sale");
      expect(page.results).toHaveLength(PAGE_SIZE);
      const budget = 2 * (PAGE_SIZE + 1) + COUNT_READS;
      expect(read, `rows of sale read by:\n${statements.join("\n")}`).toBeLessThanOrEqual(budget);
    },
  );
});

describe("totals/", () => {
  const SUM_ITEMS = 3_000;
  const plainItemSums = async (condition: SQL) =>
    (
      await queryRows<Record<string, string>>(
        t.db,
        sql`select sum(purchase_price)::text as sum_purchase_price, sum(sale_price)::text as sum_sale_price
            from item where deleted_at is null and ${condition}`,
      )
    )[0];

  it("sums in one statement to exactly what one sum over the filtered rows gives", async () => {
    // Decimal prices: summed in numeric, as one sum over the rows gives them.
    await t.db.execute(sql`
      insert into item (code, barcode, name, item_type, purchase_price, sale_price, min_quantity)
      select 'SUM-' || g, (8100000000000 + g)::text, 'Sum item ' || g, 2, (g % 37) + 0.25, (g % 41) * 3 + 0.5, 0
      from generate_series(1, ${SUM_ITEMS}) g`);
    await t.db.execute(sql`analyze item`);
    const every = await plainItemSums(sql`true`);
    const one = await withReads((ex) => listTotals(ex, itemResource.list, {}, auth));
    expect(one.answer).toEqual(every);
    // The planner's estimate (kept a while, so it may not be asked again) and the one sum.
    expect(one.statements.filter((s) => !/^\s*explain/i.test(s))).toHaveLength(1);
    const typeTwo = await plainItemSums(sql`item_type = 2`);
    expect(await listTotals(t.db, itemResource.list, { item_type: "2" }, auth)).toEqual(typeTwo);
  });

  it("sums a date range of sales to what one sum over them gives", async () => {
    const range = { input_date_after: "2024-03-01", input_date_before: "2024-08-31" };
    const [expected] = await queryRows<Record<string, string>>(
      t.db,
      sql`select sum(total_price)::text as sum_total_price, sum(discount)::text as sum_discount,
            sum(total_price - discount)::text as sum_net_price, sum(paid_amount)::text as sum_paid_amount,
            sum(greatest(total_price - discount - paid_amount, 0))::text as sum_remaining
          from sale where deleted_at is null and input_date between '2024-03-01' and '2024-08-31'`,
    );
    expect(Number(expected.sum_total_price)).toBeGreaterThan(0);
    expect(await listTotals(t.db, saleList, range, auth)).toEqual(expected);
  });

  it("reads at most its row cap and then says it did not sum", async () => {
    const cap = 2_000;
    const { answer, read, statements } = await withReads((ex) => listTotals(ex, { ...itemResource.list, totalsRowCap: cap }, {}, auth));
    expect(answer).toEqual({ totals_capped: true, totals_row_cap: cap });
    expect(read).toBeLessThanOrEqual(cap + 1);
    // The planner expects more rows than the cap: they are counted, never summed.
    expect(statements.join("\n")).not.toMatch(/sum\(/);
    const saleCap = await withReads((ex) => listTotals(ex, { ...saleList, totalsRowCap: cap }, {}, auth), "sale");
    expect(saleCap.answer).toEqual({ totals_capped: true, totals_row_cap: cap });
    expect(saleCap.read).toBeLessThanOrEqual(cap + 1);
  });
});
