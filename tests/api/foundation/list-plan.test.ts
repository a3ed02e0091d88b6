import { sql, type SQL } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Paged } from "../../../src/core/api-types";
import { queryRows, type Executor } from "../../../src/server/db/client";
import type { AuthContext } from "../../../src/server/http/access";
import { listPage, type ListQuery } from "../../../src/server/http/list-engine";
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
  await t.db.execute(sql`analyze item`);
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

async function pageWithReads(query: ListQuery): Promise<{ page: Paged<{ id: number }>; read: number; statements: string[] }> {
  const recorded: SQL[] = [];
  const recorder = {
    execute: (query: SQL) => {
      recorded.push(query);
      return t.db.execute(query);
    },
  } as unknown as Executor;
  const page = await listPage<{ id: number }>(recorder, itemResource.list, query, auth, "/api/item/");
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
    read += rowsRead(plan[0].Plan, "item");
  }
  return { page, read, statements };
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
