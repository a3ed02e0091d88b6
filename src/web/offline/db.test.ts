import "fake-indexeddb/auto";
import Dexie from "dexie";
import { describe, expect, it } from "vitest";
import { OfflineDb } from "./db";
import { REFERENCE_TABLES } from "./sync-tables";

describe("offline database", () => {
  it("has a table per synced reference table, meta, outbox and local_key", async () => {
    const db = new OfflineDb(`db-test-${Date.now()}`);
    await db.open();
    const names = db.tables.map((t) => t.name).sort();
    expect(names).toEqual([...REFERENCE_TABLES, "local_key", "meta", "outbox"].sort());
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

  it("a later version can add a table and keep the data of the earlier ones", async () => {
    const name = `db-test-upgrade-${Date.now()}`;
    const v1 = new OfflineDb(name);
    await v1.ref("city").put({ id: 1, name: "Erbil" });
    await v1.setMeta("cursor", "c1");
    v1.close();
    // What the stock issue will do (see the comment in db.ts).
    class V2 extends OfflineDb {
      constructor() {
        super(name);
        this.version(2)
          .stores({ stock: "id, item_id, inventory_id" })
          .upgrade((tx) => tx.table("meta").delete("cursor"));
      }
    }
    const v2 = new V2();
    await v2.open();
    expect(await v2.ref("city").get(1)).toMatchObject({ name: "Erbil" });
    expect(await v2.getMeta("cursor")).toBeUndefined();
    expect(v2.tables.some((t) => t.name === "stock")).toBe(true);
    v2.close();
    expect(Dexie.semVer).toMatch(/^4\./);
  });
});
