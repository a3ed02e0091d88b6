import "fake-indexeddb/auto";
import { describe, expect, it } from "vitest";
import { queuedCreate } from "./commands";
import type { QuotationConvertArgs, SaleExtraArgs } from "./command-table";
import { META } from "./db";
import { Outbox } from "./outbox";
import { pendingDocuments, pendingSales, saleExtraResource } from "./pending-documents";
import { loadProvisionalInvoice } from "./provisional-invoice";
import { memoryLock } from "./replay-lock";
import { fakeTransport, freshDb, type Handler, seedStock, cachedStockRow } from "./test-support";

// The outbox entries of the two sale actions, from bodies shaped as the screens send them.
const saleExtraCreate = (saleId: number, body: object) =>
  queuedCreate("sale-extra-create", { saleId, body: body as SaleExtraArgs["body"] });
const quotationConvertCreate = (id: number, payment: object, sale: Record<string, unknown>) =>
  queuedCreate("sale-quotation-convert", { id, payment: payment as QuotationConvertArgs["payment"], sale });

/** A device with cached stock rows 1 (10 units) and 2 (4 units) in inventory 5, and a scripted server. */
async function device(handler: Handler) {
  const db = freshDb();
  await db.setMeta(META.userId, 7);
  await db.ref("customer").put({ id: 3, name: "Ali", phone: "", address: "", deleted_at: null });
  await seedStock(db, [
    { id: 1, inventory_id: 5, item_id: 100, branch_id: 1, batch_number: "", expire_date: null, quantity: 10, deleted_at: null },
    { id: 2, inventory_id: 5, item_id: 101, branch_id: 1, batch_number: "", expire_date: null, quantity: 4, deleted_at: null },
  ]);
  let online = false;
  let clock = 1_000_000;
  const transport = fakeTransport(handler);
  const outbox = new Outbox({
    db,
    transport,
    getUserId: () => 7,
    isOnline: () => online,
    lock: memoryLock,
    now: () => clock,
    backoffBaseMs: 10,
  });
  return {
    db,
    outbox,
    transport,
    goOnline: () => {
      online = true;
      clock += 1000;
    },
    quantity: async (id: number) => Number((await cachedStockRow(db, id))?.quantity),
    posts: () => transport.calls.filter((c) => c.method === "POST"),
  };
}

/** The server: books each form_token once and answers a replay with the first answer. */
function idempotentServer() {
  const booked = new Map<string, { status: number; body: unknown }>();
  let nextId = 900;
  const handler: Handler = (_method, path, body) => {
    const token = String((body as { form_token?: unknown }).form_token);
    if (!booked.has(token)) booked.set(token, { status: 201, body: { id: ++nextId, invoice_no: nextId, path } });
    return booked.get(token)!;
  };
  return { handler, booked };
}

const extra = (quantity: string) => ({ items: [{ stock: 2, quantity, price: "500" }] });

// The sale quotation 40 becomes, as the quotation screen knows it, and the payment the request sends.
const quotationSale = {
  branch: 1,
  inventory: 5,
  customer: 3,
  currency: 1,
  exchange_rate: "1",
  discount: "1000",
  note: "by phone",
  items: [
    { stock: 1, item: 100, quantity: "3", price: "1500" },
    { stock: 2, item: 101, quantity: "1", price: "2000" },
  ],
};
const payment = { payment_type: "cash", cashbox: 2, paid_amount: "2000" };

describe("extra sale material through the outbox", () => {
  it("offline: queued, its stock taken at once, shown pending on its sale, synced once", async () => {
    const server = idempotentServer();
    const d = await device(server.handler);
    const outcome = await d.outbox.runCreate(saleExtraCreate(12, extra("3")));
    expect(outcome.queued).toBe(true);
    expect(await d.quantity(2)).toBe(1);
    const [pending] = await pendingDocuments(d.db, saleExtraResource(12));
    expect(pending).toMatchObject({ _pending: true, status: "pending", invoice_no: "P-1", body: { items: [{ stock: 2, quantity: "3" }] } });
    expect(await pendingDocuments(d.db, saleExtraResource(13))).toEqual([]);
    expect(await pendingSales(d.db)).toEqual([]); // not a sale of its own

    d.goOnline();
    expect(await d.outbox.replay()).toMatchObject({ sent: 1 });
    expect(await d.outbox.replay({ force: true })).toMatchObject({ sent: 0 });
    expect(d.posts().map((c) => c.path)).toEqual(["sale/12/extra/"]);
    expect(d.posts()[0].body).toMatchObject({ items: [{ stock: 2, quantity: "3", price: "500" }], form_token: expect.any(String) });
    expect(server.booked.size).toBe(1);
    expect(await pendingDocuments(d.db, saleExtraResource(12))).toEqual([]);
    expect(await d.quantity(2)).toBe(1); // stays taken until a pull shows the booking
  });

  it("more than the cached stock is refused on the device, nothing queued", async () => {
    const d = await device(() => "network");
    expect(await d.outbox.runCreate(saleExtraCreate(12, extra("5")))).toMatchObject({ queued: false, ok: false, status: 400, local: true });
    expect(await d.db.outbox.count()).toBe(0);
    expect(await d.quantity(2)).toBe(4);
  });

  it("a refusal on sync needs attention with the server's message; discard gives the stock back", async () => {
    const d = await device(() => ({ status: 400, body: { message: "A paid invoice cannot be updated, added to or deleted" } }));
    await d.outbox.runCreate(saleExtraCreate(12, extra("2")));
    d.goOnline();
    expect(await d.outbox.replay()).toMatchObject({ needsAttention: 1 });
    const [pending] = await pendingDocuments(d.db, saleExtraResource(12));
    expect(pending).toMatchObject({ status: "needs_attention", message: "A paid invoice cannot be updated, added to or deleted" });
    await d.outbox.discard(pending.entry_id);
    expect(await d.quantity(2)).toBe(4);
  });
});

describe("quotation conversion through the outbox", () => {
  it("offline: a pending sale with a provisional number and the quotation's totals, its stock taken, printable", async () => {
    const d = await device(() => "network");
    const outcome = await d.outbox.runCreate(quotationConvertCreate(40, payment, quotationSale));
    expect(outcome.queued).toBe(true);
    expect(await d.quantity(1)).toBe(7);
    expect(await d.quantity(2)).toBe(3);
    const [sale] = await pendingSales(d.db);
    expect(sale).toMatchObject({
      invoice_no: "P-1",
      customer: 3,
      customer_name: "Ali",
      branch: 1,
      payment_type: "cash",
      cashbox: 2,
      items_count: 2,
      total_price: "6500.00",
      discount: "1000.00",
      net_price: "5500.00",
      paid_amount: "2000.00",
      payment_status: "partial_paid",
    });
    // Only the payment goes to the server: it takes the rest from the quotation.
    expect(sale.body).toEqual({ ...payment, form_token: expect.any(String) });
    const invoice = await loadProvisionalInvoice(d.db, sale.entry_id);
    expect(invoice).toMatchObject({ invoice_no: "P-1", branch_id: 1, net_price: "5500.00", remaining: "3500.00", note: "by phone" });
    expect(invoice?.lines.map((l) => l.stock)).toEqual([1, 2]);
  });

  it("syncs once to the convert route with the same form_token, even when the first answer was lost", async () => {
    const server = idempotentServer();
    let lose = true;
    const d = await device((method, path, body) => {
      const answer = server.handler(method, path, body);
      if (lose) {
        lose = false;
        return "network"; // booked, but the answer never came back
      }
      return answer;
    });
    await d.outbox.runCreate(quotationConvertCreate(40, payment, quotationSale));
    d.goOnline();
    expect(await d.outbox.replay()).toMatchObject({ sent: 0, stoppedBy: "network" });
    expect(await d.outbox.replay({ force: true })).toMatchObject({ sent: 1 });
    const posts = d.posts();
    expect(posts.map((c) => c.path)).toEqual(["sale-quotation/40/convert/", "sale-quotation/40/convert/"]);
    expect((posts[0].body as { form_token: string }).form_token).toBe((posts[1].body as { form_token: string }).form_token);
    expect(server.booked.size).toBe(1);
    expect(await pendingSales(d.db)).toEqual([]);
    expect(await d.quantity(1)).toBe(7);
  });

  it("online: booked straight away, no provisional number used", async () => {
    const server = idempotentServer();
    const d = await device(server.handler);
    d.goOnline();
    expect(await d.outbox.runCreate(quotationConvertCreate(40, payment, quotationSale))).toMatchObject({
      queued: false,
      ok: true,
      status: 201,
      body: { id: 901 },
    });
    expect(await d.db.getMeta(META.provisionalNo)).toBeUndefined();
    expect(await d.db.outbox.count()).toBe(0);
  });
});
