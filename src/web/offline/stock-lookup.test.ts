import "fake-indexeddb/auto";
import { describe, expect, it } from "vitest";
import { buildProvisionalInvoice, loadProvisionalInvoice } from "./provisional-invoice";
import { saleEffects } from "./document-effects";
import { META } from "./db";
import { Outbox } from "./outbox";
import { memoryLock } from "./replay-lock";
import { findStockByBarcode, searchStock } from "./stock-lookup";
import { fakeTransport, freshDb, seedStock } from "./test-support";

async function cache() {
  const db = freshDb();
  await db.items.bulkPut([
    { id: 1, name: "Rice 5kg", code: "R5", barcode: "111", item_type: 1, deleted_at: null },
    { id: 2, name: "Sugar", code: "S1", barcode: "222", item_type: 1, deleted_at: null },
    { id: 3, name: "Brown rice", code: "BR", barcode: "333", item_type: 1, deleted_at: null },
    { id: 4, name: "Old rice", code: "OR", barcode: "444", item_type: 1, deleted_at: "2024-01-01" },
  ]);
  await seedStock(db, [
    { id: 10, inventory_id: 1, item_id: 1, batch_number: "A", expire_date: "2030-01-01", quantity: 4, deleted_at: null },
    { id: 11, inventory_id: 1, item_id: 1, batch_number: "B", expire_date: null, quantity: 0, deleted_at: null },
    { id: 12, inventory_id: 2, item_id: 1, batch_number: "", expire_date: null, quantity: 9, deleted_at: null },
    { id: 13, inventory_id: 1, item_id: 2, batch_number: "", expire_date: null, quantity: "2.500", deleted_at: null },
    { id: 14, inventory_id: 1, item_id: 3, batch_number: "", expire_date: null, quantity: 1, deleted_at: null },
    { id: 15, inventory_id: 1, item_id: 4, batch_number: "", expire_date: null, quantity: 1, deleted_at: null },
  ]);
  return db;
}

describe("stock look-ups in the cache", () => {
  it("a scan finds the inventory's rows with quantity above zero, item joined", async () => {
    const db = await cache();
    const hits = await findStockByBarcode(1, " 111 ", db);
    expect(hits.map((h) => h.id)).toEqual([10]);
    expect(hits[0].item).toMatchObject({ name: "Rice 5kg" });
    expect((await findStockByBarcode(2, "111", db)).map((h) => h.id)).toEqual([12]);
    expect(await findStockByBarcode(1, "999", db)).toEqual([]);
    expect(await findStockByBarcode(1, "444", db)).toEqual([]);
  });

  it("search: exact barcode, then prefixes of barcode, code and name, then names containing it", async () => {
    const db = await cache();
    expect((await searchStock(1, "222", db)).map((h) => h.id)).toEqual([13]);
    expect((await searchStock(1, "ric", db)).map((h) => h.id)).toEqual([10]);
    expect((await searchStock(1, "rice", db)).map((h) => h.id)).toEqual([10]);
    expect((await searchStock(1, "own ri", db)).map((h) => h.id)).toEqual([14]);
    expect(await searchStock(1, "", db)).toEqual([]);
  });
});

describe("provisional invoice", () => {
  it("is built from the queued body and the cache, with the posting totals", () => {
    const invoice = buildProvisionalInvoice({
      invoiceNo: "P-4",
      createdAt: Date.UTC(2025, 0, 2, 10),
      body: {
        branch: 1,
        customer: 3,
        currency: 1,
        payment_type: "cash",
        cashbox: 2,
        paid_amount: "5000",
        discount: "500",
        items: [
          { stock: 10, quantity: "2", price: "2500", fee: "100", discount: "50" },
          { item: 9, quantity: null, price: "1000" },
        ],
      },
      printInfo: { id: 1, branch_id: 1, name: "Main branch", phone: "0750", address: "Erbil", logo: "/media/1/" },
      customer: { id: 3, name: "Ali", phone: "0770", address: "" },
      currency: { id: 1, code: "IQD" },
      cashbox: { id: 2, name: "Cash IQD" },
      stocks: new Map([[10, { id: 10, item_id: 1, batch_number: "A", expire_date: "2030-01-01" }]]),
      items: new Map([
        [1, { id: 1, name: "Rice 5kg", barcode: "111" }],
        [9, { id: 9, name: "Delivery" }],
      ]),
    });
    expect(invoice).toMatchObject({
      invoice_no: "P-4",
      provisional: true,
      branch: { name: "Main branch", phone: "0750", address: "Erbil", logoUrl: "/media/1/" },
      customer: { name: "Ali" },
      cashbox_name: "Cash IQD",
      total_price: "6100.00",
      discount: "500.00",
      net_price: "5600.00",
      paid_amount: "5000.00",
      remaining: "600.00",
      payment_status: "partial_paid",
    });
    expect(invoice.lines).toEqual([
      expect.objectContaining({
        name: "Rice 5kg",
        barcode: "111",
        batch_number: "A",
        quantity: "2",
        net_price: "2550.00",
        total_price: "5100.00",
      }),
      expect.objectContaining({ name: "Delivery", stock: null, quantity: "1", total_price: "1000.00" }),
    ]);
    expect(invoice.amount_in_words).toMatch(/دینار$/);
  });

  it("loads a queued sale's invoice from the device cache", async () => {
    const db = await cache();
    await db.setMeta(META.userId, 7);
    await db.ref("print_info").put({ id: 1, branch_id: 1, name: "Main branch" });
    await db.ref("customer").put({ id: 3, name: "Ali", branch_id: 1 });
    const outbox = new Outbox({
      db,
      transport: fakeTransport(() => "network"),
      getUserId: () => 7,
      isOnline: () => false,
      lock: memoryLock,
    });
    const body = {
      branch: 1,
      inventory: 1,
      customer: 3,
      currency: 1,
      paid_amount: "0",
      discount: "0",
      items: [{ stock: 10, quantity: "1", price: "2500" }],
    };
    const outcome = await outbox.runCreate({ resource: "sale/", body, localEffect: saleEffects(body) });
    if (!outcome.queued) throw new Error("not queued");
    const invoice = await loadProvisionalInvoice(db, outcome.entryId);
    expect(invoice).toMatchObject({ invoice_no: "P-1", branch: { name: "Main branch" }, customer: { name: "Ali" }, net_price: "2500.00" });
    expect(invoice?.lines[0]).toMatchObject({ name: "Rice 5kg", batch_number: "A" });
  });
});
