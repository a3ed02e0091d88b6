import "fake-indexeddb/auto";
import Dexie from "dexie";
import { describe, expect, it } from "vitest";
import { DB_V1_STORES, DB_V4_STORES, OfflineDb } from "./db";
import { CACHED_TABLES } from "./sync-tables";

describe("offline database", () => {
  it("has a table per synced reference table but stock (kept in items), meta, outbox, local_key and viewed_record", async () => {
    const db = new OfflineDb(`db-test-${Date.now()}`);
    await db.open();
    const names = db.tables.map((t) => t.name).sort();
    expect(names).toEqual([...CACHED_TABLES, "local_key", "meta", "outbox", "viewed_record"].sort());
    db.close();
  });

  it("finds items by barcode, code and name, customers by branch, mixed server and local keys", async () => {
    const db = new OfflineDb(`db-test-idx-${Date.now()}`);
    await db.ref("item").bulkPut([
      { id: 1, barcode: "111", code: "A1", name: "Rice" },
      { id: 2, barcode: "222", code: "B2", name: "Sugar" },
    ]);
    await db.ref("customer").bulkPut([
      { id: 5, branch_id: 1, name: "Ali" },
      { id: "local-x", branch_id: 1, name: "Pending", _pending: true, _outbox: 3 },
      { id: 6, branch_id: 2, name: "Other" },
    ]);
    expect((await db.ref("item").where("barcode").equals("222").first())?.name).toBe("Sugar");
    expect((await db.ref("item").where("code").equals("A1").first())?.name).toBe("Rice");
    expect((await db.ref("item").where("name").startsWithIgnoreCase("ri").toArray()).map((r) => r.id)).toEqual([1]);
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
    expect(db.verno).toBe(6);
    expect(await db.ref("city").get(1)).toMatchObject({ name: "Erbil" });
    expect(await db.getMeta("cursor")).toBeUndefined();
    expect(await db.getMeta("user_id")).toBe(7);
    expect(await db.outbox.count()).toBe(1);
    expect(await db.ref("damaged_stock_type").count()).toBe(0);
    db.close();
    expect(Dexie.semVer).toMatch(/^4\./);
  });

  it("versions 5 and 6 move a version 4 device's stock rows into their item records (a stub for an item not cached) and drop the stock table; cursor, outbox and pending rows stay", async () => {
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
    expect(db.verno).toBe(6);
    expect(db.tables.map((t) => t.name)).not.toContain("stock");
    expect(
      db
        .ref("item")
        .schema.indexes.map((i) => i.name)
        .sort(),
    ).toEqual(["_outbox", "barcode", "code", "name", "stock_ids"]);
    expect(await db.ref("item").get(1)).toEqual({
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
    expect(await db.ref("item").get(2)).toEqual({ id: 2, barcode: "222", code: "B2", name: "Tea" });
    expect(await db.ref("item").get(77)).toEqual({
      id: 77,
      _stub: true,
      stock: [{ id: 11, inventory_id: 2, item_id: 77, branch_id: 1, quantity: "1" }],
      stock_ids: [11],
    });
    expect((await db.ref("item").where("stock_ids").equals(10).first())?.id).toBe(1);
    expect(await db.ref("item").where("_outbox").equals(1).first()).toMatchObject({ id: "local-i", _pending: true });
    expect(await db.getMeta("cursor")).toBe("c7");
    expect(await db.outbox.where("user_id").equals(7).count()).toBe(1);
    expect(await db.viewed_record.count()).toBe(1);
    db.close();
  });
});
