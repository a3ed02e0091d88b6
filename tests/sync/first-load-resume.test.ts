import "fake-indexeddb/auto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { queryRows } from "../../src/server/db/client";
import { PAGE_BYTE_BUDGET } from "../../src/server/modules/sync/sync-snapshot";
import type { OfflineDb } from "../../src/web/offline/db";
import { createFetchTransport } from "../../src/web/offline/http-transport";
import { APP_PULL_PAGE_SIZE, ReferenceSync, type SyncProgress } from "../../src/web/offline/reference-sync";
import { isStub, stockOf } from "../../src/web/offline/stock-store";
import { inventoriesOf } from "../api/stock-documents/helpers";
import { newDeviceDb, startFaultServer, VIRTUAL_BASE, type FaultServer } from "./support/fault-server";
import { signIn, type SignedIn } from "./support/signed-in";

/**
 * Issue 12, "a first load that survives the network": the real pull (fake-indexeddb, Node fetch)
 * against the real server, with a network that is cut off after some pages of the first load. The
 * load resumes from the cursor stored with the last page written, never asks the server for a page
 * it already holds, ends with every item and stock row in the cache once, and says how much is left.
 * The server cuts its pages by bytes as well as by rows: bulk items with stock make the walk several
 * byte-cut pages at the app's page size.
 */

const BUDGET = PAGE_BYTE_BUDGET;
const BULK = 10_000;

let fs: FaultServer;
let user: SignedIn;

/** Pull requests that reached the server, by their `since` ("" for the first page). */
const asked = new Map<string, number>();
/** Pull requests let through before the network is cut (Infinity: never cut). */
let allowed = Number.POSITIVE_INFINITY;
/** Pull requests to fail once the cut is over (then the network returns). */
let failing = 0;

const net: typeof fetch = async (input, init) => {
  const url = new URL(typeof input === "string" ? input : input instanceof URL ? input.href : input.url);
  if (url.pathname.endsWith("/sync/pull/")) {
    if (allowed <= 0 || failing > 0) {
      if (failing > 0) failing -= 1;
      throw new TypeError("fetch failed: network cut off");
    }
    allowed -= 1;
    const since = url.searchParams.get("since") ?? "";
    asked.set(since, (asked.get(since) ?? 0) + 1);
  }
  return fs.fetch(input, init);
};

beforeAll(async () => {
  fs = await startFaultServer();
  user = await signIn(fs, "cashier");
  const [inventory] = await inventoriesOf(fs.t, user.branch);
  // Enough items with stock that the walk at the app's page size is several pages of ~1 MiB.
  await fs.t.db.execute(sql`insert into item (code, barcode, name, batch_number)
    select 'BULK-' || g, (7700000000000 + g)::text, 'Bulk item with a fairly long descriptive name number ' || g, 'LOT-' || g
    from generate_series(1, ${BULK}) g`);
  await fs.t.db.execute(sql`insert into stock (branch_id, inventory_id, item_id, batch_number, quantity, purchase_price, sale_price)
    select ${user.branch}, ${inventory}, id, 'B-' || id, 5, 1000, 1500 from item where code like 'BULK-%'`);
}, 120_000);
afterAll(() => fs.close());
beforeEach(() => {
  asked.clear();
  allowed = Number.POSITIVE_INFINITY;
  failing = 0;
});

function device(options: { db?: OfflineDb; online?: () => boolean; retry?: boolean } = {}) {
  const db = options.db ?? newDeviceDb();
  const pull = new ReferenceSync({
    db,
    transport: createFetchTransport({ baseUrl: VIRTUAL_BASE, getToken: () => user.token, fetch: net }),
    getUserId: () => user.userId,
    pageSize: APP_PULL_PAGE_SIZE,
    ...(options.retry ? { retry: { baseMs: 20, maxMs: 200 }, isOnline: options.online ?? (() => true) } : {}),
  });
  return { db, pull };
}

/** Every live item and stock row of the cashier's branch, as the server has them. */
async function serverRows() {
  const items = await queryRows<{ id: number }>(fs.t.db, sql`select id from item where deleted_at is null order by id`);
  const stock = await queryRows<{ id: number }>(
    fs.t.db,
    sql`select s.id from stock s join item i on i.id = s.item_id where s.deleted_at is null and i.deleted_at is null and s.branch_id = ${user.branch} order by s.id`,
  );
  return { items: items.map((r) => r.id), stock: stock.map((r) => r.id) };
}

async function expectCacheComplete(db: OfflineDb) {
  const records = await db.items.toArray();
  const items = records.filter((r) => !isStub(r)).map((r) => r.id as number);
  const stock = records.flatMap((r) => stockOf(r).map((row) => row.id as number));
  const server = await serverRows();
  expect(items.sort((a, b) => a - b)).toEqual(server.items);
  // Each stock row once (a row pulled twice into its item's record would show here twice).
  expect(stock.sort((a, b) => a - b)).toEqual(server.stock);
}

function expectEachPageAskedOnce() {
  const twice = [...asked].filter(([, n]) => n > 1);
  expect(twice).toEqual([]);
}

async function until(check: () => boolean | Promise<boolean>, ms = 60_000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe("first load over a network that comes and goes", () => {
  it("the server cuts the walk's pages at ~1 MiB, each item with its stock, and says how much is left", async () => {
    let since = "";
    const pages: { bytes: number; items: number[]; stockItems: number[]; progress?: { done: number; total: number } }[] = [];
    for (;;) {
      const query = new URLSearchParams({ limit: String(APP_PULL_PAGE_SIZE), ...(since ? { since } : {}) });
      const res = await fs.server.inject({
        method: "GET",
        url: `/api/sync/pull/?${query}`,
        headers: { authorization: `Bearer ${user.token}` },
      });
      expect(res.statusCode).toBe(200);
      const body = JSON.parse(res.body) as {
        cursor: string;
        snapshot: boolean;
        progress?: { done: number; total: number };
        tables: Record<string, { upserts: { id: number; item_id?: number }[] }>;
      };
      if (!body.snapshot) break;
      pages.push({
        bytes: Buffer.byteLength(res.body),
        items: body.tables.item.upserts.map((r) => r.id),
        stockItems: body.tables.stock.upserts.map((r) => r.item_id!),
        progress: body.progress,
      });
      since = body.cursor;
    }
    expect(pages.length).toBeGreaterThan(3);
    for (const page of pages) {
      expect(page.bytes).toBeLessThanOrEqual(BUDGET + 1024);
      // No item is split from its stock rows: each stock row rides on its item's page.
      const items = new Set(page.items);
      for (const itemId of page.stockItems) expect(items.has(itemId)).toBe(true);
    }
    // Most pages are full: cut by bytes (the row limit, 5000, is far away).
    expect(pages.slice(1, -1).every((p) => p.bytes > BUDGET / 2)).toBe(true);
    const server = await serverRows();
    expect(pages.flatMap((p) => p.items).sort((a, b) => a - b)).toEqual(server.items);
    // Progress: the first page already says about how many rows the walk holds; done grows to it.
    const total = pages[0].progress!.total;
    expect(total).toBeGreaterThanOrEqual(server.items.length);
    const done = pages.map((p) => p.progress!.done);
    expect(done).toEqual([...done].sort((a, b) => a - b));
    expect(done.at(-1)).toBe(total);
  }, 120_000);

  it("cut off after two pages, the load resumes where it stopped: no page asked twice, every item cached once", async () => {
    const d = device();
    allowed = 2;
    expect(await d.pull.sync()).toBe("network");
    const partial = (await d.db.items.toArray()).length;
    expect(partial).toBeGreaterThan(0);
    expect(partial).toBeLessThan((await serverRows()).items.length);

    allowed = Number.POSITIVE_INFINITY;
    expect(await d.pull.sync()).toBe("done");
    expectEachPageAskedOnce();
    await expectCacheComplete(d.db);
  }, 120_000);

  it("after a reload mid-walk, a new runtime goes on from the stored cursor and shows x of about y", async () => {
    const first = device();
    allowed = 3;
    expect(await first.pull.sync()).toBe("network");

    // The page reloads: a new runtime over the same database.
    const second = device({ db: first.db });
    const seen: SyncProgress[] = [];
    second.pull.subscribe((p) => seen.push(p));
    allowed = Number.POSITIVE_INFINITY;
    expect(await second.pull.sync()).toBe("done");
    expectEachPageAskedOnce();
    await expectCacheComplete(second.db);
    // From its first report on, the resumed load is a first load with what it already holds and about how much in all.
    const start = seen[0];
    expect(start.firstLoad).toBe(true);
    expect(start.done).toBeGreaterThan(0);
    expect(start.total).toBeGreaterThan(start.done!);
    const during = seen.filter((p) => p.running && p.total !== null);
    expect(during.at(-1)!.done).toBe(during.at(-1)!.total);
  }, 120_000);

  it("while online, a failed page is retried with backoff until the load completes", async () => {
    const d = device({ retry: true });
    allowed = 1;
    expect(await d.pull.sync()).toBe("network");
    // The network returns after three more failed attempts; nobody calls sync() again.
    failing = 3;
    allowed = Number.POSITIVE_INFINITY;
    await until(() => d.pull.getProgress().lastSyncAt !== null);
    d.pull.stop();
    expect(failing).toBe(0);
    expectEachPageAskedOnce();
    await expectCacheComplete(d.db);
  }, 120_000);

  it("offline, no retry is made; the load waits for the network", async () => {
    let online = false;
    const d = device({ retry: true, online: () => online });
    allowed = 1;
    expect(await d.pull.sync()).toBe("network");
    const count = asked.size;
    allowed = Number.POSITIVE_INFINITY;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(asked.size).toBe(count);
    online = true;
    expect(await d.pull.sync()).toBe("done");
    d.pull.stop();
    expectEachPageAskedOnce();
    await expectCacheComplete(d.db);
  }, 120_000);
});
