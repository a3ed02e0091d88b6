import "fake-indexeddb/auto";
import Dexie, { RangeSet, type ObservabilitySet } from "dexie";
import { describe, expect, it } from "vitest";
import { DEXIE_BULK_TRACKING, PAGE_SPAN } from "./item-pages";
import { freshDb } from "./test-support";

const item = (id: number, name: string, extra: Record<string, unknown> = {}) => ({ id, name, code: `C${id}`, barcode: `B${id}`, ...extra });

describe("items kept many to a record (item-pages.ts)", () => {
  it("keeps a run of PAGE_SPAN ids in one record, in id order, merges later writes into it and drops a page left empty", async () => {
    const db = freshDb();
    const far = PAGE_SPAN * 2 + 3;
    await db.items.bulkPut([item(1, "Rice"), item(2, "Tea"), item(far, "Salt")]);
    await db.items.bulkPut([item(2, "Green tea"), item(3, "Sugar"), item(0, "Flour")]);
    const pages = await db.items.table.toArray();
    expect(pages.map((page) => [page.key, page.items.map((row) => row.name)])).toEqual([
      [0, ["Flour", "Rice", "Green tea", "Sugar"]],
      [2, ["Salt"]],
    ]);
    expect(await db.items.bulkGet([3, 4, far])).toEqual([item(3, "Sugar"), undefined, item(far, "Salt")]);
    await db.items.bulkDelete([far, 1]);
    expect((await db.items.table.toArray()).map((page) => page.key)).toEqual([0]);
    expect((await db.items.toArray()).map((row) => row.id)).toEqual([0, 2, 3]);
  });

  it("looks up offered items only: a deleted, deactivated or stub record keeps its place but no lookup finds it", async () => {
    const db = freshDb();
    await db.items.bulkPut([
      item(1, "Rice"),
      item(2, "Rice old", { barcode: "B1", deleted_at: "2026-01-01" }),
      item(3, "Rice off", { barcode: "B1", is_active: false }),
      { id: 4, _stub: true, stock: [{ id: 40 }], stock_ids: [40] },
    ]);
    expect((await db.items.equals("barcode", "B1")).map((row) => row.id)).toEqual([1]);
    expect((await db.items.startingWith("name", "RICE", 10)).map((row) => row.id)).toEqual([1]);
    expect((await db.items.holdingStock([40, 99])).map((row) => row.id)).toEqual([4]);
    expect(await db.items.get(2)).toMatchObject({ name: "Rice old" });
  });

  it("finds the first items by prefix in the field's order across pages, within the limit", async () => {
    const db = freshDb();
    await db.items.bulkPut([item(900, "Apple b"), item(5, "Apple c"), item(450, "apple a"), item(7, "Banana"), item(8, "Apple d")]);
    expect((await db.items.startingWith("name", "apple", 3)).map((row) => row.name)).toEqual(["Apple b", "Apple c", "Apple d"]);
    expect((await db.items.startingWith("code", "C4", 10)).map((row) => row.id)).toEqual([450]);
    expect(new Set((await db.items.table.toArray()).map((page) => page.key)).size).toBe(3);
    expect((await db.items.scan((row) => String(row.name).toLowerCase().includes("apple"), 2)).map((row) => row.id)).toEqual([5, 8]);
  });

  it("keeps a pending item in a page of its own, found by its outbox entry until it is replaced", async () => {
    const db = freshDb();
    await db.items.bulkPut([item(1, "Rice"), { id: "local-a", name: "New", _pending: true, _outbox: 4 }]);
    expect((await db.items.pending()).map((row) => row.id)).toEqual(["local-a"]);
    expect((await db.items.table.get("local-a"))?.items).toHaveLength(1);
    await db.items.delete("local-a");
    expect(await db.items.pending()).toEqual([]);
    expect(await db.items.table.get("local-a")).toBeUndefined();
  });

  it("a first load's pull page is written as enough records for Dexie to track it as a change of the whole store, not key by key", async () => {
    const db = freshDb();
    await db.open();
    const changed: ObservabilitySet[] = [];
    const listen = (parts: ObservabilitySet) => void changed.push(parts);
    Dexie.on("storagemutated", listen);
    try {
      const part = (index: string) => `idb://${db.name}/item_page/${index}`;
      const wasChanged = (index: string, key: string) =>
        changed.some((parts) => parts[part(index)] && RangeSet(parts[part(index)]).hasKey(key));
      // A change page's few items: the barcodes written, not others (liveQuery's precise tracking).
      await db.items.bulkPut([item(1, "Rice")]);
      expect(wasChanged("barcode", "B1")).toBe(true);
      expect(wasChanged("barcode", "not-written")).toBe(false);
      // A pull page of the first load (about 1,700 items): the whole store, whatever the key.
      const pullPage = Array.from({ length: 1700 }, (_, i) => item(i + 100, `Item ${i}`));
      expect(Math.ceil(pullPage.length / PAGE_SPAN)).toBeGreaterThanOrEqual(DEXIE_BULK_TRACKING);
      await db.items.bulkPut(pullPage);
      expect(wasChanged("barcode", "not-written")).toBe(true);
    } finally {
      Dexie.on("storagemutated").unsubscribe(listen);
    }
  });
});
