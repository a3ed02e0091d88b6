import "fake-indexeddb/auto";
import { describe, expect, it } from "vitest";
import { META } from "./db";
import { Outbox } from "./outbox";
import { ReferenceSync, type SyncProgress } from "./reference-sync";
import { memoryLock } from "./replay-lock";
import { cachedStockRow, fakeTransport, freshDb } from "./test-support";

type Tables = Record<string, { upserts: Record<string, unknown>[]; deletes: number[] }>;
const page = (cursor: string, tables: Tables, more = false, reset = false) => ({
  status: 200,
  body: { cursor, has_more: more, reset, tables },
});
const items = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => ({
    id: from + i,
    name: `Item ${from + i}`,
    barcode: `B${from + i}`,
    code: "",
    deleted_at: null,
  }));

describe("reference sync", () => {
  it("first load pulls pages, each with its cursor; progress counts rows; later loads send the cursor", async () => {
    const db = freshDb();
    const pages = [
      page("c1", { item: { upserts: items(1, 3), deletes: [] } }, true),
      page("c2", { item: { upserts: items(4, 5), deletes: [] } }),
    ];
    const transport = fakeTransport(() => pages.shift() ?? page("c3", { item: { upserts: [], deletes: [2] } }));
    const sync = new ReferenceSync({ db, transport, getUserId: () => 1, pageSize: 3 });
    const seen: SyncProgress[] = [];
    sync.subscribe((p) => seen.push(p));
    expect(await sync.sync()).toBe("done");
    expect(transport.calls.map((c) => c.path)).toEqual(["sync/pull/?limit=3", "sync/pull/?limit=3&since=c1"]);
    expect((await db.items.toArray()).length).toBe(5);
    expect(await db.getMeta(META.cursor)).toBe("c2");
    expect(seen.map((p) => p.rows)).toContain(3);
    expect(sync.getProgress()).toMatchObject({ running: false, rows: 5, firstLoad: false, error: null });
    expect(sync.getProgress().lastSyncAt).toBeTypeOf("number");
    // Later: only changes, tombstones delete.
    expect(await sync.sync()).toBe("done");
    expect(transport.calls[2].path).toBe("sync/pull/?limit=3&since=c2");
    expect(await db.items.get(2)).toBeUndefined();
    expect((await db.items.equals("barcode", "B4"))[0]).toMatchObject({ id: 4 });
  });

  it("stores stock rows the device has not changed as they came; a later take counts from them", async () => {
    const db = freshDb();
    const stock = { id: 3, inventory_id: 1, item_id: 1, batch_number: "", expire_date: null, quantity: "10.000" };
    const transport = fakeTransport(() => page("c1", { stock: { upserts: [stock], deletes: [] } }));
    const sync = new ReferenceSync({ db, transport, getUserId: () => 1 });
    expect(await sync.sync()).toBe("done");
    expect(await cachedStockRow(db, 3)).toEqual(stock);
    const outbox = new Outbox({
      db,
      transport: fakeTransport(() => "network"),
      getUserId: () => 1,
      isOnline: () => false,
      lock: memoryLock,
    });
    expect(
      await outbox.runCreate({ resource: "sale/", body: {}, localEffect: { kind: "stock-take", stock_id: 3, quantity: "4" } }),
    ).toMatchObject({ queued: true });
    expect(await cachedStockRow(db, 3)).toMatchObject({ quantity: "6.000", _server_quantity: "10.000" });
  });

  it("a failed page leaves the cursor at the last stored page", async () => {
    const db = freshDb();
    let calls = 0;
    const transport = fakeTransport(() => (++calls === 1 ? page("c1", { item: { upserts: items(1, 2), deletes: [] } }, true) : "network"));
    const sync = new ReferenceSync({ db, transport, getUserId: () => 1 });
    expect(await sync.sync()).toBe("network");
    expect(await db.getMeta(META.cursor)).toBe("c1");
    expect((await db.items.toArray()).length).toBe(2);
    expect(sync.getProgress().error).toMatch(/Network/);
  });

  it("reset clears the cached tables in the page's transaction but keeps pending rows of the outbox", async () => {
    const db = freshDb();
    const outbox = new Outbox({
      db,
      transport: fakeTransport(() => "network"),
      getUserId: () => 1,
      isOnline: () => false,
      lock: memoryLock,
    });
    await outbox.runCreate({
      resource: "customer/",
      body: { name: "Offline" },
      localEffect: { kind: "pending-row", table: "customer", row: { id: "local-1", name: "Offline", deleted_at: null } },
    });
    const pages = [
      page("c1", { customer: { upserts: [{ id: 1, name: "Old branch", branch_id: 1 }], deletes: [] } }),
      page("c2", { customer: { upserts: [{ id: 2, name: "New branch", branch_id: 2 }], deletes: [] } }, false, true),
    ];
    const sync = new ReferenceSync({ db, transport: fakeTransport(() => pages.shift()!), getUserId: () => 1 });
    await sync.sync();
    await sync.sync();
    expect((await db.ref("customer").toArray()).map((r) => r.name).sort()).toEqual(["New branch", "Offline"]);
    expect(await db.outbox.count()).toBe(1);
  });

  it("another user on the device clears the cache, never the outbox", async () => {
    const db = freshDb();
    let user = 1;
    const outbox = new Outbox({
      db,
      transport: fakeTransport(() => "network"),
      getUserId: () => user,
      isOnline: () => false,
      lock: memoryLock,
    });
    await outbox.runCreate({
      resource: "customer/",
      body: { name: "Of user 1" },
      localEffect: { kind: "pending-row", table: "customer", row: { id: "local-u1", name: "Of user 1", deleted_at: null } },
    });
    const transport = fakeTransport((_m, path) =>
      path.includes("since") ? page("c9", {}) : page(`c-${user}`, { item: { upserts: items(user * 10, user * 10), deletes: [] } }),
    );
    const sync = new ReferenceSync({ db, transport, getUserId: () => user });
    await sync.sync();
    expect((await db.items.toArray()).length).toBe(1);
    user = 2;
    await sync.sync();
    expect(transport.calls[1].path).toBe("sync/pull/?limit=1000");
    expect((await db.items.toArray()).map((r) => r.id)).toEqual([20]);
    expect(await db.ref("customer").count()).toBe(0);
    expect(await db.outbox.count()).toBe(1);
    expect(await db.getMeta(META.userId)).toBe(2);
    // Back to user 1: their pending row shows again.
    user = 1;
    await sync.sync();
    expect((await db.ref("customer").toArray()).map((r) => r.name)).toEqual(["Of user 1"]);
  });

  it("is single-flight and skips tables this app version does not know", async () => {
    const db = freshDb();
    const transport = fakeTransport(async () => {
      await new Promise((r) => setTimeout(r, 10));
      return page("c1", {
        stock: { upserts: [{ id: 1, item_id: 1 }], deletes: [] },
        city: { upserts: [{ id: 1, name: "Erbil" }], deletes: [] },
      });
    });
    const sync = new ReferenceSync({ db, transport, getUserId: () => 1 });
    await Promise.all([sync.sync(), sync.sync()]);
    expect(transport.calls).toHaveLength(1);
    expect(await db.ref("city").count()).toBe(1);
  });

  it("a 401 reports unauthorized and keeps the cache", async () => {
    const db = freshDb();
    let unauthorized = 0;
    const sync = new ReferenceSync({
      db,
      transport: fakeTransport(() => ({ status: 401, body: {} })),
      getUserId: () => 1,
      onUnauthorized: () => unauthorized++,
    });
    expect(await sync.sync()).toBe("unauthorized");
    expect(unauthorized).toBe(1);
  });
});
