import { afterAll, beforeAll, describe, expect, it } from "vitest";
import pg from "pg";
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

type Answer = { cursor: string; has_more: boolean; reset: boolean; tables: Record<string, { upserts: { id: number; [k: string]: unknown }[]; deletes: number[] }> };

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
  return { pages, cursor: cursor! };
}

const upsertIds = (pages: Answer[], table: string) => pages.flatMap((p) => p.tables[table].upserts.map((r) => r.id));
const deleteIds = (pages: Answer[], table: string) => pages.flatMap((p) => p.tables[table].deletes);

describe("sync pull", () => {
  it("from the beginning, in pages, every reference table, each row once", async () => {
    const { pages } = await pullAll(admin, undefined, 100);
    expect(pages.length).toBeGreaterThan(3);
    expect(Object.keys(pages[0].tables).sort()).toEqual(
      ["cashbox", "city", "currency", "customer", "damaged_stock_type", "exchange_rate", "item", "item_group", "item_subgroup", "measurement", "partner", "print_info", "setting", "stock", "supplier"].sort(),
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
    expect(Object.keys(stock).sort()).toEqual(["batch_number", "branch_id", "deleted_at", "expire_date", "id", "inventory_id", "item_id", "purchase_price", "quantity", "sale_price"]);
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

describe.runIf(!!testDatabaseUrl)("sync pull with a slow writer", () => {
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
