import "fake-indexeddb/auto";
import Dexie from "dexie";
import { describe, expect, it } from "vitest";
import { DB_V1_STORES, DB_V2_STORES, OfflineDb } from "./db";
import { REFERENCE_TABLES } from "./sync-tables";

describe("offline database", () => {
  it("has a table per synced reference table, meta, outbox, local_key and viewed_record", async () => {
    const db = new OfflineDb(`db-test-${Date.now()}`);
    await db.open();
    const names = db.tables.map((t) => t.name).sort();
    expect(names).toEqual([...REFERENCE_TABLES, "local_key", "meta", "outbox", "viewed_record"].sort());
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

  it("version 2 adds stock to a version 1 device, keeps its data and drops the cursor (next pull is full)", async () => {
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
    const v2 = new OfflineDb(name);
    await v2.open();
    expect(v2.verno).toBeGreaterThanOrEqual(2);
    expect(await v2.ref("city").get(1)).toMatchObject({ name: "Erbil" });
    expect(await v2.getMeta("cursor")).toBeUndefined();
    expect(await v2.getMeta("user_id")).toBe(7);
    expect(await v2.outbox.count()).toBe(1);
    await v2.ref("stock").bulkPut([
      { id: 1, inventory_id: 1, item_id: 10, branch_id: 1, quantity: 5 },
      { id: 2, inventory_id: 2, item_id: 10, branch_id: 1, quantity: 3 },
    ]);
    expect((await v2.ref("stock").where("[inventory_id+item_id]").equals([2, 10]).toArray()).map((r) => r.id)).toEqual([2]);
    expect(await v2.ref("damaged_stock_type").count()).toBe(0);
    v2.close();
    expect(Dexie.semVer).toMatch(/^4\./);
  });

  it("versions 3 and 4: only the queried indexes of item and stock, viewed_record added; a version 2 device keeps its rows, cursor and outbox", async () => {
    const name = `db-test-upgrade3-${Date.now()}`;
    const v2 = new Dexie(name);
    v2.version(2).stores(DB_V2_STORES);
    await v2.table("item").put({ id: 1, barcode: "111", code: "A1", name: "Rice", item_group_id: 4 });
    await v2.table("stock").put({ id: 9, inventory_id: 2, item_id: 1, branch_id: 1, quantity: "5" });
    await v2.table("meta").bulkPut([
      { key: "cursor", value: "c7" },
      { key: "user_id", value: 7 },
    ]);
    await v2.table("outbox").add({ user_id: 7, resource: "sale/", body: { form_token: "t" }, status: "pending" });
    v2.close();
    const v3 = new OfflineDb(name);
    await v3.open();
    expect(v3.verno).toBe(4);
    expect(await v3.viewed_record.count()).toBe(0);
    const indexes = (table: string) => v3.table(table).schema.indexes.map((i) => i.name).sort();
    expect(indexes("item")).toEqual(["_outbox", "barcode", "code", "name"]);
    expect(indexes("stock")).toEqual(["[inventory_id+item_id]"]);
    expect(await v3.getMeta("cursor")).toBe("c7");
    expect(await v3.outbox.where("user_id").equals(7).count()).toBe(1);
    expect(await v3.ref("item").where("barcode").equals("111").first()).toMatchObject({ item_group_id: 4 });
    expect((await v3.ref("stock").where("[inventory_id+item_id]").equals([2, 1]).toArray()).map((r) => r.id)).toEqual([9]);
    v3.close();
  });
});
