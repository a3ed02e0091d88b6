import "fake-indexeddb/auto";
import { describe, expect, it } from "vitest";
import { META } from "./db";
import { Outbox } from "./outbox";
import { ReferenceSync } from "./reference-sync";
import { memoryLock } from "./replay-lock";
import { stockByBarcode, stockRowsById } from "./stock-store";
import { cachedStockRow, fakeTransport, freshDb } from "./test-support";

/** Pulls of items and their stock (stock-store.ts): snapshot pages of the first load, change pages in any order. */

type Row = Record<string, unknown>;
type Tables = Record<string, { upserts: Row[]; deletes: number[] }>;

const item = (id: number, name = `Item ${id}`) => ({ id, name, barcode: `B${id}`, code: `C${id}`, item_type: 1, deleted_at: null });
const stock = (id: number, itemId: number, quantity = "10.000", inventoryId = 1) => ({
  id,
  inventory_id: inventoryId,
  item_id: itemId,
  branch_id: 1,
  batch_number: "",
  expire_date: null,
  quantity,
  deleted_at: null,
});
const page = (cursor: string, tables: Tables, options: { more?: boolean; snapshot?: boolean } = {}) => ({
  status: 200,
  body: {
    cursor,
    has_more: options.more ?? false,
    reset: false,
    ...(options.snapshot === undefined ? {} : { snapshot: options.snapshot }),
    tables,
  },
});
const upserts = (rows: Row[]) => ({ upserts: rows, deletes: [] });
const deletes = (ids: number[]) => ({ upserts: [], deletes: ids });

/** A device counting the item page records written and the read requests (Dexie's DBCore, under the app's code; an empty bulkGet reads nothing). */
function countedDevice() {
  const db = freshDb();
  const requests = { written: 0, reads: 0 };
  db.use({
    stack: "dbcore",
    name: "count-item-requests",
    create: (down) => ({
      ...down,
      table: (name) => {
        const table = down.table(name);
        if (name !== "item_page") return table;
        return {
          ...table,
          mutate: (req) => {
            if (req.type === "put" || req.type === "add") requests.written += req.values.length;
            return table.mutate(req);
          },
          get: (req) => (requests.reads++, table.get(req)),
          getMany: (req) => ((requests.reads += req.keys.length), table.getMany(req)),
          query: (req) => (requests.reads++, table.query(req)),
          openCursor: (req) => (requests.reads++, table.openCursor(req)),
        };
      },
    }),
  });
  return { db, requests };
}

/** Pulls the scripted pages in order, one sync run each unless a page says has_more. */
async function pull(db: ReturnType<typeof freshDb>, ...pages: ReturnType<typeof page>[]) {
  const sync = new ReferenceSync({ db, transport: fakeTransport(() => pages.shift() ?? page("end", {})), getUserId: () => 1 });
  while (pages.length > 0) expect(await sync.sync()).toBe("done");
}

describe("pull of items and their stock", () => {
  it("a snapshot page writes each page of items once with their stock rows, after one read request for the pages it touches", async () => {
    const { db, requests } = countedDevice();
    await db.open();
    const before = { ...requests };
    await pull(
      db,
      page(
        "c1",
        { stock: upserts([stock(11, 1), stock(12, 1, "3.000", 2), stock(21, 2)]), item: upserts([item(1), item(2), item(3), item(150)]) },
        { snapshot: true },
      ),
    );
    // Items 1 to 3 in the page of ids 0-99, item 150 in the next: two records, read as one key range.
    expect(requests.written - before.written).toBe(2);
    expect(requests.reads - before.reads).toBe(1);
    expect(await db.items.get(150)).toEqual(item(150));
    expect(await db.items.get(1)).toMatchObject({
      name: "Item 1",
      stock_ids: [11, 12],
      stock: [stock(11, 1), stock(12, 1, "3.000", 2)],
    });
    expect(await db.items.get(3)).toEqual(item(3));
    const [found] = await stockByBarcode(db, 2, "B1");
    expect(found.rows).toEqual([stock(12, 1, "3.000", 2)]);
    expect(found.item).toEqual(item(1));
  });

  it("change pages: a stock row before its item waits in a stub the item takes over; an item update keeps its stock", async () => {
    const db = freshDb();
    await pull(db, page("c1", { stock: upserts([stock(11, 1), stock(12, 1, "2.000")]) }));
    expect(await db.items.get(1)).toMatchObject({ _stub: true, stock_ids: [11, 12] });
    expect((await db.items.equals("barcode", "B1")).length).toBe(0);
    expect(await stockByBarcode(db, 1, "B1")).toEqual([]);
    // Item and stock in one page, stock listed first: the item upsert still comes first.
    await pull(db, page("c2", { stock: upserts([stock(13, 1)]), item: upserts([item(1)]) }));
    expect(await db.items.get(1)).toEqual({
      ...item(1),
      stock: [stock(11, 1), stock(12, 1, "2.000"), stock(13, 1)],
      stock_ids: [11, 12, 13],
    });
    await pull(db, page("c3", { item: upserts([item(1, "Renamed")]) }));
    expect(await db.items.get(1)).toMatchObject({ name: "Renamed", stock_ids: [11, 12, 13] });
    // A changed stock row replaces its copy; the others stay.
    await pull(db, page("c4", { stock: upserts([stock(12, 1, "7.000")]) }));
    expect((await stockByBarcode(db, 1, "B1"))[0].rows.map((row) => [row.id, row.quantity])).toEqual([
      [11, "10.000"],
      [12, "7.000"],
      [13, "10.000"],
    ]);
  });

  it("change pages: a stock delete is found by its id, an item delete drops the item with its stock, an emptied stub goes", async () => {
    const db = freshDb();
    await pull(
      db,
      page("c1", { item: upserts([item(1), item(2)]), stock: upserts([stock(11, 1), stock(12, 1), stock(21, 2), stock(91, 9)]) }),
    );
    expect((await db.items.get(9))?._stub).toBe(true);
    await pull(db, page("c2", { stock: deletes([12, 91]) }));
    expect((await db.items.get(1))?.stock_ids).toEqual([11]);
    expect(await db.items.get(9)).toBeUndefined();
    await pull(db, page("c3", { item: deletes([1]) }));
    expect(await db.items.get(1)).toBeUndefined();
    expect([...(await stockRowsById(db, [11, 21])).keys()]).toEqual([21]);
    // An older server's pages (no snapshot field) merge: the later item page keeps stock pulled before.
    // (Items far apart are read one by one, close ones by their key range: both merge the same.)
    await pull(
      db,
      page("c4", { stock: upserts([stock(31, 3), stock(41, 4000)]) }, { more: true }),
      page("c5", { item: upserts([item(3), item(4000), item(2)]) }),
    );
    expect(await db.items.get(3)).toMatchObject({ name: "Item 3", stock_ids: [31] });
    expect(await db.items.get(3)).not.toHaveProperty("_stub");
    expect(await db.items.get(4000)).toMatchObject({ name: "Item 4000", stock_ids: [41] });
    expect(await db.items.get(2)).toMatchObject({ name: "Item 2", stock_ids: [21] });
  });

  it("a queued sale's take stays laid over the stock of a snapshot page and of a change page", async () => {
    const db = freshDb();
    await db.setMeta(META.userId, 1);
    const outbox = new Outbox({
      db,
      transport: fakeTransport(() => "network"),
      getUserId: () => 1,
      isOnline: () => false,
      lock: memoryLock,
    });
    expect(
      await outbox.runCreate({ resource: "sale/", body: {}, localEffect: { kind: "stock-take", stock_id: 11, quantity: "4" } }),
    ).toMatchObject({ queued: true });
    await pull(db, page("c1", { item: upserts([item(1)]), stock: upserts([stock(11, 1), stock(12, 1)]) }, { snapshot: true }));
    expect(await cachedStockRow(db, 11)).toMatchObject({ quantity: "6.000", _server_quantity: "10.000" });
    expect(await cachedStockRow(db, 12)).toEqual(stock(12, 1));
    await pull(db, page("c2", { stock: upserts([stock(11, 1, "8.000")]) }, { snapshot: false }));
    expect(await cachedStockRow(db, 11)).toMatchObject({ quantity: "4.000", _server_quantity: "8.000" });
    await pull(db, page("c3", { item: upserts([item(1, "Renamed")]) }));
    expect(await cachedStockRow(db, 11)).toMatchObject({ quantity: "4.000" });
  });
});
