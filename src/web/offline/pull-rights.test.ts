import "fake-indexeddb/auto";
import { describe, expect, it } from "vitest";
import { META } from "./db";
import { Outbox } from "./outbox";
import { ReferenceSync } from "./reference-sync";
import { memoryLock } from "./replay-lock";
import { stockOf } from "./stock-store";
import { cachedStockRow, fakeTransport, freshDb } from "./test-support";
import { readViewedRecord, saveViewedRecord } from "./viewed-records";

type Tables = Record<string, { upserts: Record<string, unknown>[]; deletes: number[] }>;
const page = (cursor: string, tables: Tables, extra: { drop?: string[]; snapshot?: boolean } = {}) => ({
  status: 200,
  body: { cursor, has_more: false, reset: false, tables, ...extra },
});
const item = (id: number, more: Record<string, unknown> = {}) => ({
  id,
  name: `Item ${id}`,
  barcode: `B${id}`,
  code: "",
  deleted_at: null,
  ...more,
});
const stock = (id: number, itemId: number) => ({
  id,
  inventory_id: 1,
  item_id: itemId,
  batch_number: "",
  expire_date: null,
  quantity: "5.000",
});

/** The device side of a change of rights: the pull names the tables the user may no longer read. */
describe("reference sync: rights lost between two pulls", () => {
  it("empties the tables the page names in `drop`, in the page's transaction, and keeps the others", async () => {
    const db = freshDb();
    const first = page(
      "c1",
      {
        customer: { upserts: [{ id: 1, name: "Ali", deleted_at: null }], deletes: [] },
        cashbox: { upserts: [{ id: 7, name: "Main", deleted_at: null }], deletes: [] },
        city: { upserts: [{ id: 3, name: "Erbil", deleted_at: null }], deletes: [] },
        item: { upserts: [item(1, { purchase_price: "4.00" }), item(2)], deletes: [] },
        stock: { upserts: [stock(10, 1), stock(11, 2), stock(12, 99)], deletes: [] },
      },
      { snapshot: true },
    );
    const answers = [
      first,
      page(
        "c2",
        { city: { upserts: [{ id: 4, name: "Duhok", deleted_at: null }], deletes: [] } },
        { drop: ["customer", "cashbox", "stock", "sale"] },
      ),
    ];
    const transport = fakeTransport(() => answers.shift() ?? page("c3", {}));
    const sync = new ReferenceSync({ db, transport, getUserId: () => 1 });
    expect(await sync.sync()).toBe("done");
    await saveViewedRecord(db, 1, "sale/5/", { id: 5 });
    expect(await db.ref("customer").count()).toBe(1);
    expect(await cachedStockRow(db, 10)).toBeDefined();

    expect(await sync.sync()).toBe("done");
    expect(await db.ref("customer").count()).toBe(0);
    expect(await db.ref("cashbox").count()).toBe(0);
    expect((await db.ref("city").toArray()).map((c) => c.id).sort()).toEqual([3, 4]);
    // Stock is kept inside the items' records: the rows go, the items stay, the stub of item 99 goes.
    const items = await db.items.toArray();
    expect(items.map((i) => i.id).sort()).toEqual([1, 2]);
    expect(items.every((i) => stockOf(i).length === 0 && i.stock_ids === undefined)).toBe(true);
    expect(await cachedStockRow(db, 10)).toBeUndefined();
    expect(await readViewedRecord(db, 1, "sale/5/")).toBeNull();
    expect(await db.getMeta(META.cursor)).toBe("c2");
  });

  it("a page dropping items (their cost lost) empties them before its own items are stored", async () => {
    const db = freshDb();
    const answers = [
      page(
        "c1",
        { item: { upserts: [item(1, { purchase_price: "4.00" }), item(2, { purchase_price: "3.00" })], deletes: [] } },
        { snapshot: true },
      ),
      page(
        "c2",
        { item: { upserts: [item(1)], deletes: [] }, stock: { upserts: [stock(10, 1)], deletes: [] } },
        { drop: ["item", "stock"], snapshot: true },
      ),
    ];
    const transport = fakeTransport(() => answers.shift() ?? page("c3", {}));
    const sync = new ReferenceSync({ db, transport, getUserId: () => 1 });
    expect(await sync.sync()).toBe("done");
    expect(await sync.sync()).toBe("done");
    const items = await db.items.toArray();
    expect(items.map((i) => i.id)).toEqual([1]);
    expect(items[0]).not.toHaveProperty("purchase_price");
    expect(stockOf(items[0]).map((s) => s.id)).toEqual([10]);
  });

  it("the user's own waiting creates stay in the outbox and are shown again in the emptied table", async () => {
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
    const answers = [
      page("c1", { customer: { upserts: [{ id: 1, name: "Ali", deleted_at: null }], deletes: [] } }),
      page("c2", {}, { drop: ["customer"] }),
    ];
    const sync = new ReferenceSync({ db, transport: fakeTransport(() => answers.shift() ?? page("c3", {})), getUserId: () => 1 });
    expect(await sync.sync()).toBe("done");
    expect(await db.ref("customer").count()).toBe(2);
    expect(await sync.sync()).toBe("done");
    expect((await db.ref("customer").toArray()).map((r) => r.name)).toEqual(["Offline"]);
    expect(await db.outbox.count()).toBe(1);
  });
});
