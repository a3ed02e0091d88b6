import "fake-indexeddb/auto";
import { describe, expect, it } from "vitest";
import { saleEffects, purchaseEffects } from "./document-effects";
import { META } from "./db";
import { Outbox } from "./outbox";
import { pendingSales } from "./pending-documents";
import { readCashboxOverlay, rememberCashboxBalances, shownBalance } from "./cashbox-overlay";
import { ReferenceSync } from "./reference-sync";
import { memoryLock } from "./replay-lock";
import { fakeTransport, freshDb, type Handler, seedStock, cachedStockRow } from "./test-support";

/** A device with a cached stock row 1 (10 units of item 100 in inventory 5) and a scripted server. */
async function device(handler: Handler, options: { online?: boolean } = {}) {
  const db = freshDb();
  await db.setMeta(META.userId, 7);
  await db.items.put({ id: 100, name: "Rice", barcode: "111", item_type: 1, deleted_at: null });
  await seedStock(db, [
    { id: 1, inventory_id: 5, item_id: 100, branch_id: 1, batch_number: "", expire_date: null, quantity: 10, deleted_at: null },
  ]);
  let online = options.online ?? false;
  let clock = 1_000_000;
  const now = () => clock;
  const transport = fakeTransport(handler);
  const outbox = new Outbox({ db, transport, getUserId: () => 7, isOnline: () => online, lock: memoryLock, now, backoffBaseMs: 10 });
  const sync = new ReferenceSync({ db, transport, getUserId: () => 7, now });
  return {
    db,
    outbox,
    sync,
    transport,
    setOnline: (value: boolean) => (online = value),
    tick: (ms = 1000) => (clock += ms),
    quantity: async (id = 1) => Number((await cachedStockRow(db, id))?.quantity),
  };
}

const sale = (quantity: number | string, extra: Record<string, unknown> = {}) => {
  const body = {
    branch: 1,
    inventory: 5,
    customer: 3,
    currency: 1,
    payment_type: "cash",
    cashbox: 2,
    paid_amount: "0",
    discount: "0",
    items: [{ stock: 1, quantity, price: "1500" }],
    ...extra,
  };
  return { resource: "sale/", body, localEffect: saleEffects(body) };
};

let serverId = 500;
const booked = (body: unknown) => ({ status: 201, body: { ...(body as object), id: ++serverId, invoice_no: serverId } });
const stockPage = (cursor: string, quantity: number) => ({
  status: 200,
  body: {
    cursor,
    has_more: false,
    reset: false,
    tables: {
      stock: {
        upserts: [{ id: 1, inventory_id: 5, item_id: 100, branch_id: 1, batch_number: "", expire_date: null, quantity, deleted_at: null }],
        deletes: [],
      },
    },
  },
});

describe("stock effects of queued sales", () => {
  it("a queued sale takes its stock at once and gets the next provisional number of the device", async () => {
    const d = await device(() => "network");
    const first = await d.outbox.runCreate(sale(3));
    const second = await d.outbox.runCreate(sale("2.5"));
    expect(first.queued && second.queued).toBe(true);
    expect(await d.quantity()).toBe(4.5);
    const pending = await pendingSales(d.db);
    expect(pending.map((s) => s.invoice_no)).toEqual(["P-2", "P-1"]);
    expect(pending[1]).toMatchObject({
      _pending: true,
      status: "pending",
      total_price: "4500.00",
      net_price: "4500.00",
      payment_status: "unpaid",
      items_count: 1,
    });
    expect(await d.db.getMeta(META.provisionalNo)).toBe(2);
  });

  it("refuses on the device when the cached stock is short, counting the other waiting sales; no number used", async () => {
    const d = await device(() => "network");
    expect((await d.outbox.runCreate(sale(8))).queued).toBe(true);
    const refused = await d.outbox.runCreate(sale(3));
    expect(refused).toEqual({
      queued: false,
      ok: false,
      status: 400,
      body: { message: "Quantity is greater than stock quantity" },
      local: true,
    });
    expect(await d.db.outbox.count()).toBe(1);
    expect(await d.quantity()).toBe(2);
    expect(await d.db.getMeta(META.provisionalNo)).toBe(1);
    expect(d.transport.calls).toHaveLength(0);
  });

  it("a pull while the sale waits keeps the take laid over the server's new quantity", async () => {
    const d = await device(() => stockPage("c1", 9)); // someone else sold one meanwhile
    await d.outbox.runCreate(sale(3));
    expect(await d.sync.sync()).toBe("done");
    const row = await cachedStockRow(d.db, 1);
    expect(row).toMatchObject({ _server_quantity: 9 });
    expect(Number(row?.quantity)).toBe(6);
  });

  it("a refusal on sync needs attention with the server's message; discard gives the stock back", async () => {
    const d = await device(() => ({ status: 400, body: { message: "No enough quantity available" } }));
    await d.outbox.runCreate(sale(4));
    d.setOnline(true);
    expect(await d.outbox.replay()).toMatchObject({ needsAttention: 1 });
    const [pending] = await pendingSales(d.db);
    expect(pending).toMatchObject({ status: "needs_attention", message: "No enough quantity available", invoice_no: "P-1" });
    expect(await d.quantity()).toBe(6);
    await d.outbox.discard(pending.entry_id);
    expect(await d.quantity()).toBe(10);
    expect(await pendingSales(d.db)).toEqual([]);
  });

  it("once booked, the take stays until a pull run that started after the booking has finished", async () => {
    let serverQuantity = 10;
    const d = await device((method, _path, body) => {
      if (method === "GET") return stockPage("c", serverQuantity);
      serverQuantity -= 3;
      return booked(body);
    });
    await d.outbox.runCreate(sale(3));
    d.setOnline(true);
    d.tick();
    expect(await d.outbox.replay()).toMatchObject({ sent: 1 });
    expect(await d.db.outbox.count()).toBe(0);
    expect(await d.quantity()).toBe(7);
    expect(await d.db.getMeta(META.settledStock)).toHaveLength(1);
    // The booking bumped the row's version: the next run brings it (7), exact, no double count.
    d.tick();
    await d.sync.sync();
    expect(await d.db.getMeta(META.settledStock)).toEqual([]);
    expect(await d.quantity()).toBe(7);
  });

  it("a row pulled after the commit but before the answer is not counted twice for long", async () => {
    const d = await device((method, _path, body) => (method === "POST" ? booked(body) : stockPage("c1", 7)));
    await d.outbox.runCreate(sale(3));
    // The server booked it and the pull saw that (7), but the answer has not reached the outbox yet.
    d.tick();
    await d.sync.sync();
    expect(await d.quantity()).toBe(4); // counted twice meanwhile: errs on the side of less stock
    d.setOnline(true);
    d.tick();
    await d.outbox.replay();
    d.tick();
    await d.sync.sync();
    expect(await d.quantity()).toBe(7);
  });

  it("an online sale shows its take before the next pull", async () => {
    const d = await device((_m, _p, body) => booked(body), { online: true });
    expect(await d.outbox.runCreate(sale(2))).toMatchObject({ queued: false, ok: true });
    expect(await d.quantity()).toBe(8);
    expect(await d.db.getMeta(META.provisionalNo)).toBeUndefined();
  });

  it("the take survives a reset of the cache (the row comes back from the pull with the take)", async () => {
    const d = await device(() => ({
      status: 200,
      body: { cursor: "r1", has_more: false, reset: true, tables: stockPage("r1", 10).body.tables },
    }));
    await d.outbox.runCreate(sale(4));
    await d.sync.sync();
    expect(await d.quantity()).toBe(6);
  });
});

describe("stock effects of queued purchases", () => {
  it("add to the cached row of the same inventory, item, batch and expiry; nothing when the device has none", async () => {
    const d = await device(() => "network");
    const body = {
      branch: 1,
      inventory: 5,
      supplier: 4,
      items: [
        { item: 100, quantity: "5", purchase_price: "1000", sale_price: "1500", batch_number: "", expire_date: null },
        { item: 101, quantity: "2", purchase_price: "1000", sale_price: "1500" },
      ],
    };
    const outcome = await d.outbox.runCreate({ resource: "purchase/", body, localEffect: purchaseEffects(body) });
    expect(outcome.queued).toBe(true);
    expect(await d.quantity()).toBe(15);
    expect((await d.db.items.get(100))?.stock).toHaveLength(1);
  });
});

describe("document effects", () => {
  it("sale lines with a stock row take stock; service lines without one do not", () => {
    expect(
      saleEffects({
        items: [
          { stock: 1, quantity: "2" },
          { item: 9, quantity: null },
          { stock: 2, quantity: 0 },
        ],
      }),
    ).toEqual([
      { kind: "pending-doc", doc: "sale", number: null },
      { kind: "stock-take", stock_id: 1, quantity: "2" },
    ]);
  });
});

describe("a counter sale paid in two currencies, offline", () => {
  const counterSale = (change: Record<string, unknown>) =>
    sale(1, {
      cashbox: null,
      paid_amount: "1500.00",
      payments: [
        { cashbox: 2, amount: "1000" },
        { cashbox: 8, amount: "1" },
      ],
      change,
    });

  it("moves each cashbox by what it took or gave, the change netted against the same cashbox's tender", async () => {
    const d = await device(() => "network");
    await rememberCashboxBalances(
      d.db,
      [
        { id: 2, balance: "0" },
        { id: 8, balance: "0" },
      ],
      1,
    );
    const out = await d.outbox.runCreate(counterSale({ cashbox: 2, amount: "750" }));
    expect(out.queued).toBe(true);
    const overlay = await readCashboxOverlay(d.db);
    expect(shownBalance(overlay, 2)).toBe("250.00");
    expect(shownBalance(overlay, 8)).toBe("1.00");
  });

  it("refuses on the device change beyond what the change cashbox holds", async () => {
    const d = await device(() => "network");
    await rememberCashboxBalances(d.db, [{ id: 5, balance: "100" }], 1);
    const out = await d.outbox.runCreate(counterSale({ cashbox: 5, amount: "500" }));
    expect(out).toMatchObject({ queued: false, ok: false, body: { message: "Cashbox balance is not enough" } });
    expect(await d.quantity()).toBe(10);
  });
});
