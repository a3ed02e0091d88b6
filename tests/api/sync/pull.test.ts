import { afterAll, beforeAll, describe, expect, it } from "vitest";
import pg from "pg";
import { sql } from "drizzle-orm";
import { queryRows, type Executor } from "../../../src/server/db/client";
import { usePullPlanner } from "../../../src/server/modules/sync/sync-rows";
import type { AuthUser } from "../../../src/core/api-types";
import { json, type Created } from "../support/json";
import { formToken, startTestApp, testDatabaseUrl, type TestApp } from "../support/test-app";

let t: TestApp;
let admin: string;
let cashier: string;
beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login("admin");
  cashier = await t.login("cashier");
});
afterAll(() => t.close());

type Answer = {
  cursor: string;
  has_more: boolean;
  reset: boolean;
  snapshot: boolean;
  tables: Record<string, { upserts: { id: number; [k: string]: unknown }[]; deletes: number[] }>;
};

async function pullAll(token: string, since?: string, limit = 1000) {
  const pages: Answer[] = [];
  let cursor = since;
  for (;;) {
    const qs = new URLSearchParams({ limit: String(limit), ...(cursor ? { since: cursor } : {}) });
    const res = await t.call<Answer>(token, "GET", `/api/sync/pull/?${qs}`);
    expect(res.status).toBe(200);
    pages.push(res.body);
    cursor = res.body.cursor;
    if (!res.body.has_more) break;
  }
  return { pages, cursor };
}

const upsertIds = (pages: Answer[], table: string) => pages.flatMap((p) => p.tables[table].upserts.map((r) => r.id));
const deleteIds = (pages: Answer[], table: string) => pages.flatMap((p) => p.tables[table].deletes);

describe("sync pull", () => {
  it("from the beginning, in pages, every reference table, each row once", async () => {
    const { pages } = await pullAll(admin, undefined, 100);
    expect(pages.length).toBeGreaterThan(3);
    expect(Object.keys(pages[0].tables).sort()).toEqual(
      [
        "cashbox",
        "city",
        "currency",
        "customer",
        "damaged_stock_type",
        "exchange_rate",
        "item",
        "item_group",
        "item_subgroup",
        "measurement",
        "partner",
        "print_info",
        "sale",
        "setting",
        "stock",
        "supplier",
      ].sort(),
    );
    const items = upsertIds(pages, "item");
    const all = json<unknown[]>(await t.call(admin, "GET", "/api/item/all/"));
    expect(new Set(items).size).toBe(items.length);
    expect(items.length).toBe(all.length);
    const sample = pages.flatMap((p) => p.tables.item.upserts)[0];
    expect(sample).toHaveProperty("barcode");
    expect(sample).not.toHaveProperty("xact_id");
    expect(sample).toHaveProperty("image");
    expect(sample).not.toHaveProperty("image_media_id");
    expect(sample).not.toHaveProperty("updated_at");
    expect(upsertIds(pages, "cashbox")).toHaveLength(4);
    // Stock rows (as many as items) come without the stamps no device reads, as items do.
    const stock = pages.flatMap((p) => p.tables.stock.upserts)[0];
    expect(Object.keys(stock).sort()).toEqual([
      "batch_number",
      "branch_id",
      "deleted_at",
      "expire_date",
      "id",
      "inventory_id",
      "item_id",
      "purchase_price",
      "quantity",
      "sale_price",
    ]);
    // Pages of 100 over the whole demo: about a minute on a loaded 2-core machine.
  }, 180_000);

  it("later pulls bring only what changed, deletes as tombstones", async () => {
    const { cursor } = await pullAll(admin);
    const created = await t.call<Created>(admin, "POST", "/api/item-group/", { name: "Synced group", form_token: formToken() });
    const other = await t.call<Created>(admin, "POST", "/api/item-group/", { name: "Doomed group", form_token: formToken() });
    await t.call(admin, "DELETE", `/api/item-group/${other.body.id}/`);
    const { pages, cursor: after } = await pullAll(admin, cursor);
    expect(upsertIds(pages, "item_group")).toEqual([created.body.id]);
    expect(deleteIds(pages, "item_group")).toEqual([other.body.id]);
    expect(upsertIds(pages, "item")).toEqual([]);
    const again = await pullAll(admin, after);
    expect(Object.values(again.pages[0].tables).every((b) => b.upserts.length === 0 && b.deletes.length === 0)).toBe(true);
  });

  it("an update moves the row to the end of the stream", async () => {
    const { cursor } = await pullAll(admin);
    const groups = json<{ id: number; name: string }[]>(await t.call(admin, "GET", "/api/item-group/all/"));
    await t.call(admin, "PUT", `/api/item-group/${groups[0].id}/`, { name: `${groups[0].name} renamed` });
    const { pages } = await pullAll(admin, cursor);
    const rows = pages.flatMap((p) => p.tables.item_group.upserts);
    expect(rows).toEqual([expect.objectContaining({ id: groups[0].id, name: `${groups[0].name} renamed` })]);
  });

  it("rows of branches the user may not see never appear", async () => {
    const me = json<AuthUser>(await t.call(cashier, "GET", "/api/user/me/"));
    const own = me.branches[0].id;
    const { pages } = await pullAll(cashier);
    const customers = pages.flatMap((p) => p.tables.customer.upserts);
    expect(customers.length).toBeGreaterThan(0);
    expect(customers.every((c) => c.branch_id === own)).toBe(true);
    expect(pages.flatMap((p) => p.tables.cashbox.upserts).every((c) => c.branch_id === own)).toBe(true);
    expect(pages.flatMap((p) => p.tables.print_info.upserts).every((c) => c.branch_id === own)).toBe(true);
    for (const s of pages.flatMap((p) => p.tables.supplier.upserts)) expect(s.branches).toEqual([own]);
  });

  it("a cursor made for another branch set restarts with reset", async () => {
    const { cursor } = await pullAll(admin);
    const res = await t.call<Answer>(cashier, "GET", `/api/sync/pull/?since=${cursor}`);
    expect(res.body.reset).toBe(true);
    expect(res.body.tables.item.upserts.length).toBeGreaterThan(0);
  });

  it("a broken cursor or limit is a 400", async () => {
    expect((await t.call(admin, "GET", "/api/sync/pull/?since=garbage")).status).toBe(400);
    expect((await t.call(admin, "GET", "/api/sync/pull/?limit=0")).status).toBe(400);
    expect((await t.call(null, "GET", "/api/sync/pull/")).status).toBe(401);
  });
});

const page = async (token: string, limit: number, since?: string) => {
  const qs = new URLSearchParams({ limit: String(limit), ...(since ? { since } : {}) });
  const res = await t.call<Answer>(token, "GET", `/api/sync/pull/?${qs}`);
  expect(res.status).toBe(200);
  return res.body;
};

describe("sync pull: the first load walks a snapshot", () => {
  it("sends every live row once, each item with all its stock rows on the same page, then the changes", async () => {
    const { pages } = await pullAll(admin, undefined, 200);
    const walk = pages.filter((p) => p.snapshot);
    expect(walk.length).toBeGreaterThan(1);
    // The walk comes first, the changes after it.
    expect(pages.slice(0, walk.length).every((p) => p.snapshot)).toBe(true);
    expect(pages.at(-1)!.snapshot).toBe(false);
    for (const p of walk) {
      expect(Object.values(p.tables).every((table) => table.deletes.length === 0)).toBe(true);
      const items = new Set(p.tables.item.upserts.map((r) => r.id));
      for (const row of p.tables.stock.upserts) expect(items.has(row.item_id as number)).toBe(true);
      expect(p.tables.item.upserts.length + p.tables.stock.upserts.length).toBeGreaterThan(0);
    }
    const stockIds = upsertIds(walk, "stock");
    expect(new Set(stockIds).size).toBe(stockIds.length);
    const [live] = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from stock where deleted_at is null`);
    expect(stockIds.length).toBe(live.n);
    const itemIds = upsertIds(walk, "item");
    expect(new Set(itemIds).size).toBe(itemIds.length);
  }, 180_000);

  it("a page holds at most `limit` rows of the walked tables, their stock on top", async () => {
    const first = await page(admin, 7);
    const walked = Object.entries(first.tables).filter(([name]) => name !== "stock");
    expect(walked.reduce((n, [, table]) => n + table.upserts.length, 0)).toBe(7);
    expect(first.has_more).toBe(true);
  });

  it("a row deleted before the first load is not sent at all", async () => {
    const doomed = await t.call<Created>(admin, "POST", "/api/item-group/", { name: "Gone before load", form_token: formToken() });
    expect((await t.call(admin, "DELETE", `/api/item-group/${doomed.body.id}/`)).status).toBe(200);
    const { pages } = await pullAll(admin);
    expect(upsertIds(pages, "item_group")).not.toContain(doomed.body.id);
    expect(deleteIds(pages, "item_group")).not.toContain(doomed.body.id);
  });

  it("a row changed after the walk sent it comes again on a page of changes", async () => {
    // The first page walks past the small tables (cities included) into the items.
    const first = await page(admin, 1000);
    expect(first.snapshot).toBe(true);
    const city = first.tables.city.upserts[0];
    expect(city).toBeDefined();
    await t.call(admin, "PUT", `/api/city/${city.id}/`, { name: "Renamed while walking" });
    const { pages } = await pullAll(admin, first.cursor);
    const renamed = pages.filter((p) => p.tables.city.upserts.some((c) => c.id === city.id && c.name === "Renamed while walking"));
    // The rest of the walk does not go back to the cities: only the changes after it bring the rename.
    expect(renamed.length).toBe(1);
    expect(renamed[0].snapshot).toBe(false);
  });

  it("the cashier's walk holds only the cashier's branch stock", async () => {
    const me = json<AuthUser>(await t.call(cashier, "GET", "/api/user/me/"));
    const { pages } = await pullAll(cashier, undefined, 1000);
    const stock = pages.flatMap((p) => p.tables.stock.upserts);
    expect(stock.length).toBeGreaterThan(0);
    expect(stock.every((s) => s.branch_id === me.branches[0].id)).toBe(true);
  });

  it("a cursor of the earlier format (changes, no kind) still goes on with the changes", async () => {
    const { cursor } = await pullAll(admin);
    const decoded = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as Record<string, unknown>;
    const legacy = Buffer.from(JSON.stringify({ x: decoded.x, v: decoded.v, b: decoded.b })).toString("base64url");
    const created = await t.call<Created>(admin, "POST", "/api/city/", { name: "After the legacy cursor", form_token: formToken() });
    const next = await page(admin, 1000, legacy);
    expect(next.snapshot).toBe(false);
    expect(next.tables.city.upserts.map((c) => c.id)).toEqual([created.body.id]);
  });
});

describe.runIf(!!testDatabaseUrl)("sync pull with a slow writer", () => {
  it("a row written by a transaction running when the walk began arrives after the walk", async () => {
    const slow = new pg.Client({ connectionString: testDatabaseUrl });
    await slow.connect();
    try {
      await slow.query("begin");
      await slow.query("insert into city (name) values ('Slow during the walk')");
      // The whole walk, and the changes after it, while the slow writer has not committed.
      const during = await pullAll(admin);
      expect(during.pages[0].snapshot).toBe(true);
      const cities = (pages: Answer[]) => pages.flatMap((p) => p.tables.city.upserts.map((c) => c.name));
      expect(cities(during.pages)).not.toContain("Slow during the walk");
      await slow.query("commit");
      const after = await pullAll(admin, during.cursor);
      expect(cities(after.pages)).toContain("Slow during the walk");
    } finally {
      await slow.end();
    }
  });

  it("a row committed late by a transaction that started earlier is not skipped", async () => {
    const { cursor } = await pullAll(admin);
    const slow = new pg.Client({ connectionString: testDatabaseUrl });
    await slow.connect();
    try {
      await slow.query("begin");
      await slow.query("insert into city (name) values ('Slow city')");
      // A fast writer commits after the slow one started.
      const fast = await t.call(admin, "POST", "/api/city/", { name: "Fast city", form_token: formToken() });
      expect(fast.status).toBe(201);
      const during = await pullAll(admin, cursor);
      const seenDuring = during.pages.flatMap((p) => p.tables.city.upserts.map((c) => c.name));
      expect(seenDuring).not.toContain("Slow city");
      await slow.query("commit");
      const after = await pullAll(admin, during.cursor);
      const seen = [...seenDuring, ...after.pages.flatMap((p) => p.tables.city.upserts.map((c) => c.name))];
      expect(seen).toContain("Slow city");
      expect(seen).toContain("Fast city");
    } finally {
      await slow.end();
    }
  });
});

describe.runIf(!!testDatabaseUrl)("sync pull on a PostgreSQL server", () => {
  /** Whether the plan of an item read that needs a sort would be compiled by JIT, under the given settings. */
  const plansWithJit = (settings: (tx: Executor) => Promise<unknown>) =>
    t.db.transaction(async (tx) => {
      await settings(tx);
      const [plan] = await queryRows<{ "QUERY PLAN": [Record<string, unknown>] }>(
        tx,
        sql`explain (format json) select * from item order by md5(name)`,
      );
      return "JIT" in plan["QUERY PLAN"][0];
    });

  it("compiles no plan, even one whose estimate passes jit_above_cost", async () => {
    const [{ available }] = await queryRows<{ available: boolean }>(t.db, sql`select pg_jit_available() as available`);
    const everyPlanPasses = (tx: Executor) => tx.execute(sql`set local jit_above_cost = 0`);
    // The check is only meaningful where the server can JIT at all (Debian's PostgreSQL can).
    if (available) expect(await plansWithJit(everyPlanPasses)).toBe(true);
    const pullSettings = async (tx: Executor) => {
      await everyPlanPasses(tx);
      await usePullPlanner(tx);
    };
    expect(await plansWithJit(pullSettings)).toBe(false);
  });
});
