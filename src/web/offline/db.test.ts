import "fake-indexeddb/auto";
import Dexie from "dexie";
import { describe, expect, it, vi } from "vitest";
import { DB_V1_STORES, DB_V4_STORES, DB_V6_STORES, DB_VERSION, installedVersion, OfflineDb } from "./db";
import { PAGE_SPAN } from "./item-pages";
import { CACHED_TABLES } from "./sync-tables";

describe("offline database", () => {
  it("has a table per synced reference table but stock (kept in items) and items (kept in pages), meta, outbox, local_key and viewed_record", async () => {
    const db = new OfflineDb(`db-test-${Date.now()}`);
    await db.open();
    const names = db.tables.map((t) => t.name).sort();
    const tables = CACHED_TABLES.filter((name) => name !== "item");
    expect(names).toEqual([...tables, "item_page", "local_key", "meta", "outbox", "viewed_record"].sort());
    db.close();
  });

  it("finds items by barcode, code and name, customers by branch, mixed server and local keys", async () => {
    const db = new OfflineDb(`db-test-idx-${Date.now()}`);
    await db.items.bulkPut([
      { id: 1, barcode: "111", code: "A1", name: "Rice" },
      { id: 2, barcode: "222", code: "B2", name: "Sugar" },
    ]);
    await db.ref("customer").bulkPut([
      { id: 5, branch_id: 1, name: "Ali" },
      { id: "local-x", branch_id: 1, name: "Pending", _pending: true, _outbox: 3 },
      { id: 6, branch_id: 2, name: "Other" },
    ]);
    expect((await db.items.equals("barcode", "222")).map((r) => r.name)).toEqual(["Sugar"]);
    expect((await db.items.equals("code", "A1")).map((r) => r.name)).toEqual(["Rice"]);
    expect((await db.items.startingWith("name", "ri", 10)).map((r) => r.id)).toEqual([1]);
    expect((await db.ref("customer").where("branch_id").equals(1).toArray()).map((r) => r.name).sort()).toEqual(["Ali", "Pending"]);
    expect((await db.ref("customer").where("_outbox").equals(3).first())?.id).toBe("local-x");
    db.close();
  });

  it("a version 1 device keeps its data and drops the cursor on the way to the current version (next pull is full)", async () => {
    const name = `db-test-upgrade-${Date.now()}`;
    const v1 = new Dexie(name);
    v1.version(1).stores(DB_V1_STORES);
    await v1.table("city").put({ id: 1, name: "Erbil" });
    await v1.table("meta").bulkPut([
      { key: "cursor", value: "c1" },
      { key: "user_id", value: 7 },
    ]);
    await v1.table("outbox").add({ user_id: 7, resource: "city/", body: {}, status: "pending" });
    v1.close();
    const db = new OfflineDb(name);
    await db.open();
    expect(db.verno).toBe(8);
    expect(await db.ref("city").get(1)).toMatchObject({ name: "Erbil" });
    expect(await db.getMeta("cursor")).toBeUndefined();
    expect(await db.getMeta("user_id")).toBe(7);
    expect(await db.outbox.count()).toBe(1);
    expect(await db.ref("damaged_stock_type").count()).toBe(0);
    db.close();
    expect(Dexie.semVer).toMatch(/^4\./);
  });

  it("versions 5 to 8 move a version 4 device's stock rows into their item records (a stub for an item not cached) and the items into pages, and drop the stock and item tables; cursor, outbox and pending rows stay", async () => {
    const name = `db-test-upgrade5-${Date.now()}`;
    const v4 = new Dexie(name);
    v4.version(4).stores(DB_V4_STORES);
    await v4.table("item").bulkPut([
      { id: 1, barcode: "111", code: "A1", name: "Rice" },
      { id: 2, barcode: "222", code: "B2", name: "Tea" },
      { id: "local-i", barcode: "333", name: "New", _pending: true, _outbox: 1 },
    ]);
    await v4.table("stock").bulkPut([
      { id: 9, inventory_id: 2, item_id: 1, branch_id: 1, quantity: "5" },
      { id: 10, inventory_id: 3, item_id: 1, branch_id: 1, quantity: "4.000", _server_quantity: "6.000" },
      { id: 11, inventory_id: 2, item_id: 77, branch_id: 1, quantity: "1" },
    ]);
    await v4.table("meta").bulkPut([
      { key: "cursor", value: "c7" },
      { key: "user_id", value: 7 },
    ]);
    await v4.table("outbox").add({ user_id: 7, resource: "sale/", body: { form_token: "t" }, status: "pending" });
    await v4.table("viewed_record").put({ user_id: 7, path: "sale/1/", record: {}, saved_at: 1 });
    v4.close();
    const db = new OfflineDb(name);
    await db.open();
    expect(db.verno).toBe(8);
    expect(db.tables.map((t) => t.name)).not.toContain("stock");
    expect(db.tables.map((t) => t.name)).not.toContain("item");
    expect(db.items.table.schema.indexes.map((i) => i.name).sort()).toEqual(["_outbox", "barcode", "code", "name", "stock_ids"]);
    expect(await db.items.get(1)).toEqual({
      id: 1,
      barcode: "111",
      code: "A1",
      name: "Rice",
      stock: [
        { id: 9, inventory_id: 2, item_id: 1, branch_id: 1, quantity: "5" },
        { id: 10, inventory_id: 3, item_id: 1, branch_id: 1, quantity: "4.000", _server_quantity: "6.000" },
      ],
      stock_ids: [9, 10],
    });
    expect(await db.items.get(2)).toEqual({ id: 2, barcode: "222", code: "B2", name: "Tea" });
    expect(await db.items.get(77)).toEqual({
      id: 77,
      _stub: true,
      stock: [{ id: 11, inventory_id: 2, item_id: 77, branch_id: 1, quantity: "1" }],
      stock_ids: [11],
    });
    expect((await db.items.holdingStock([10])).map((r) => r.id)).toEqual([1]);
    expect(await db.items.pending()).toMatchObject([{ id: "local-i", _pending: true }]);
    expect(await db.getMeta("cursor")).toBe("c7");
    expect(await db.outbox.where("user_id").equals(7).count()).toBe(1);
    expect(await db.viewed_record.count()).toBe(1);
    db.close();
  });

  it("version 7 moves a version 6 device's item records into pages of PAGE_SPAN ids (a pending item a page of its own), their lookups with them", async () => {
    const name = `db-test-upgrade7-${Date.now()}`;
    const v6 = new Dexie(name);
    v6.version(6).stores(DB_V6_STORES);
    const stock = [{ id: 9, inventory_id: 2, item_id: 1, quantity: "5" }];
    await v6.table("item").bulkPut([
      { id: 1, barcode: "111", code: "A1", name: "Rice", stock, stock_ids: [9] },
      { id: 2, barcode: "999", code: "Z9", name: "Tea" },
      { id: PAGE_SPAN + 1, barcode: "150", code: "C1", name: "Salt", deleted_at: "2026-01-01T00:00:00Z" },
      { id: 3, _stub: true, stock: [{ id: 11, inventory_id: 2, item_id: 3, quantity: "1" }], stock_ids: [11] },
      { id: "local-i", barcode: "333", name: "New", _pending: true, _outbox: 1 },
    ]);
    await v6.table("meta").put({ key: "cursor", value: "c9" });
    v6.close();
    const db = new OfflineDb(name);
    await db.open();
    expect(db.verno).toBe(8);
    expect((await db.items.table.toArray()).map((page) => [page.key, page.items.map((item) => item.id)])).toEqual([
      [0, [1, 2, 3]],
      [1, [PAGE_SPAN + 1]],
      ["local-i", ["local-i"]],
    ]);
    expect(await db.items.get(1)).toEqual({ id: 1, barcode: "111", code: "A1", name: "Rice", stock, stock_ids: [9] });
    expect((await db.items.equals("barcode", "999")).map((r) => r.id)).toEqual([2]);
    // A deleted item keeps its record but is not looked up.
    expect(await db.items.get(PAGE_SPAN + 1)).toMatchObject({ name: "Salt" });
    expect(await db.items.equals("barcode", "150")).toEqual([]);
    expect((await db.items.holdingStock([11])).map((r) => r.id)).toEqual([3]);
    expect((await db.items.pending()).map((r) => r.id)).toEqual(["local-i"]);
    expect(await db.getMeta("cursor")).toBe("c9");
    db.close();
  });

  it("the current schema declared alone makes the same tables and indexes as the chain of versions", async () => {
    const shape = (db: Dexie) =>
      Object.fromEntries(db.tables.map((t) => [t.name, [t.schema.primKey.src, ...t.schema.indexes.map((i) => i.src).sort()]]));
    const chain = new OfflineDb(`db-test-chain-${Date.now()}`);
    const alone = new OfflineDb(`db-test-alone-${Date.now()}`, { upToDate: true });
    await Promise.all([chain.open(), alone.open()]);
    expect(alone.verno).toBe(DB_VERSION);
    expect(chain.verno).toBe(DB_VERSION);
    expect(shape(alone)).toEqual(shape(chain));
    expect(Object.keys(shape(alone))).toContain("item_page");
    chain.close();
    alone.close();
  });

  it("says which version a device has installed, and a device at the current version opens with the schema alone, its rows and outbox kept", async () => {
    const name = `db-test-installed-${Date.now()}`;
    expect(await installedVersion(name)).toBeNull();
    const v4 = new Dexie(name);
    v4.version(4).stores(DB_V4_STORES);
    await v4.open();
    v4.close();
    expect(await installedVersion(name)).toBe(4);

    const upgraded = new OfflineDb(name);
    await upgraded.items.bulkPut([{ id: 1, barcode: "111", code: "A1", name: "Rice" }]);
    await upgraded.table("outbox").add({ user_id: 7, resource: "sale/", body: { form_token: "t" }, status: "pending" });
    await upgraded.setMeta("cursor", "c3");
    upgraded.close();
    expect(await installedVersion(name)).toBe(DB_VERSION);

    const db = new OfflineDb(name, { upToDate: true });
    await db.open();
    expect(await installedVersion(name)).toBe(DB_VERSION);
    expect((await db.items.equals("barcode", "111")).map((r) => r.name)).toEqual(["Rice"]);
    expect(await db.outbox.count()).toBe(1);
    expect(await db.getMeta("cursor")).toBe("c3");
    db.close();
  });

  it("the app's database is declared by what the device holds: the chain on a device without it, the current schema alone once it is there", async () => {
    const declared = vi.spyOn(Dexie.prototype, "version");
    // A fresh module each time: the app's database is made once per module.
    const prepare = async () => {
      vi.resetModules();
      const { prepareOfflineDb, DEFAULT_DB_NAME } = await import("./db");
      declared.mockClear();
      const db = await prepareOfflineDb();
      expect(db.name).toBe(DEFAULT_DB_NAME);
      return db;
    };
    const first = await prepare();
    expect(declared.mock.calls.map(([version]) => version)).toEqual([2, 5, 6, 7, 8]);
    await first.outbox.count();
    first.close();

    const next = await prepare();
    expect(declared.mock.calls.map(([version]) => version)).toEqual([DB_VERSION]);
    expect(await next.outbox.count()).toBe(0);
    next.close();
    declared.mockRestore();
  });
});
