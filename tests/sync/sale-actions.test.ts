import "fake-indexeddb/auto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { and, eq, isNull, sql } from "drizzle-orm";
import { queryRows } from "../../src/server/db/client";
import { item } from "../../src/server/db/tables";
import { queuedCreate } from "../../src/web/offline/commands";
import type { QuotationConvertArgs, SaleExtraArgs } from "../../src/web/offline/command-table";
import { saleEffects } from "../../src/web/offline/document-effects";
import { pendingDocuments, pendingSales } from "../../src/web/offline/pending-documents";
import { readViewedRecord, saveViewedRecord } from "../../src/web/offline/viewed-records";
import { makeStock, someItems, stockQuantity } from "../api/stock-documents/helpers";
import { startFaultServer, type FaultServer } from "./support/fault-server";
import { signIn } from "./support/signed-in";
import { resetFaultServer, sellingPlace, tablet } from "./support/tablet";

// The outbox entries of the two sale actions, from bodies shaped as the screens send them.
const saleExtraCreate = (saleId: number, body: object) =>
  queuedCreate("sale-extra-create", { saleId, body: body as SaleExtraArgs["body"] });
const quotationConvertCreate = (id: number, payment: object, sale: Record<string, unknown>) =>
  queuedCreate("sale-quotation-convert", { id, payment: payment as QuotationConvertArgs["payment"], sale });

/**
 * The sale actions besides a plain sale, on a device against the real server:
 * - a sale deleted on the server leaves the device at its next pull: the copy kept when it was
 *   viewed goes (it no longer opens offline), and its stock comes back to the cache;
 * - extra material and a quotation conversion queued offline replay through lost answers and 5xx
 *   and are booked exactly once each, their stock taken once;
 * - extra material queued for a sale deleted meanwhile needs attention; discarding it gives the
 *   cached stock back.
 */

let fs: FaultServer;
let token: string;
let admin: string;
let userId: number;
let branch: number;
let inventory: number;
let customer: number;
let currency: number;
let goods: number[];
let material: number;

beforeAll(async () => {
  fs = await startFaultServer();
  ({ token, userId, branch } = await signIn(fs, "cashier"));
  admin = await fs.login("admin");
  ({ inventory, customer, currency } = await sellingPlace(fs, branch));
  goods = await someItems(fs.t, 4);
  const [m] = await fs.t.db
    .select({ id: item.id })
    .from(item)
    .where(and(eq(item.itemType, 4), isNull(item.deletedAt)))
    .limit(1);
  material = m.id;
});
afterAll(() => fs.close());
beforeEach(() => resetFaultServer(fs));

const device = () =>
  tablet(
    fs,
    () => token,
    () => userId,
  );

const header = () => ({ branch, inventory, customer, currency, discount: "0" });
const saleBody = (stock: number, quantity: string) => ({
  ...header(),
  payment_type: "debit",
  cashbox: null,
  paid_amount: "0",
  items: [{ stock, quantity, price: "1500" }],
});
const newToken = () => `${userId}-${Date.now()}-${crypto.randomUUID()}`;

async function onlineSale(stock: number, quantity: string): Promise<number> {
  const res = await fs.call(token, "POST", "/api/sale/", { ...saleBody(stock, quantity), form_token: newToken() });
  expect(res.status).toBe(201);
  return (res.body as { id: number }).id;
}

async function replayUntilEmpty(d: ReturnType<typeof device>, rounds = 10) {
  for (let i = 0; i < rounds && (await d.db.outbox.count()) > 0; i++) await d.outbox.replay({ force: true });
  expect(await d.db.outbox.count()).toBe(0);
}

describe("sale actions on a device", () => {
  it("a sale deleted on the server leaves the device at its next pull: its kept copy goes, its stock comes back", async () => {
    const stock = await makeStock(fs.t, { branchId: branch, inventoryId: inventory, itemId: goods[0] }, "10");
    const d = device();
    expect(await d.pull.sync()).toBe("done");
    const doomed = await d.outbox.runCreate({
      resource: "sale/",
      body: saleBody(stock, "3"),
      localEffect: saleEffects(saleBody(stock, "3")),
    });
    expect(doomed).toMatchObject({ ok: true, status: 201 });
    const doomedId = (doomed as { body: { id: number } }).body.id;
    const kept = await onlineSale(stock, "1");
    // Both viewed on this device: the copies that open offline.
    for (const id of [doomedId, kept]) {
      const read = await fs.call(token, "GET", `/api/sale/${id}/`);
      await saveViewedRecord(d.db, userId, `sale/${id}/`, read.body);
    }
    expect(await d.pull.sync()).toBe("done");
    expect(await d.cached(stock)).toBe(6);

    expect((await fs.t.call(admin, "DELETE", `/api/sale/${doomedId}/`)).status).toBe(200);
    expect(await d.pull.sync()).toBe("done");
    expect(await readViewedRecord(d.db, userId, `sale/${doomedId}/`)).toBeNull();
    expect(await readViewedRecord(d.db, userId, `sale/${kept}/`)).toMatchObject({ id: kept });
    expect(await d.cached(stock)).toBe(9);
  });

  it("extra material and a quotation conversion queued offline, replayed through lost answers and 5xx: each booked once", async () => {
    const sold = await makeStock(fs.t, { branchId: branch, inventoryId: inventory, itemId: goods[1] }, "10");
    const quoted = await makeStock(fs.t, { branchId: branch, inventoryId: inventory, itemId: goods[2] }, "10");
    const extra = await makeStock(fs.t, { branchId: branch, inventoryId: inventory, itemId: material }, "10");
    const saleId = await onlineSale(sold, "1");
    const q = await fs.t.call<{ id: number }>(admin, "POST", "/api/sale-quotation/", {
      ...header(),
      items: [{ stock: quoted, quantity: "4", price: "700" }],
      form_token: newToken(),
    });
    expect(q.status).toBe(201);
    const d = device();
    await d.pull.sync();

    d.setOnline(false);
    const extraBody = { items: [{ stock: extra, quantity: "2", price: "50" }] };
    expect((await d.outbox.runCreate(saleExtraCreate(saleId, extraBody))).queued).toBe(true);
    const payment = { payment_type: "debit", cashbox: null, paid_amount: "0" };
    const quotationSale = { ...header(), items: [{ stock: quoted, quantity: "4", price: "700" }] };
    expect((await d.outbox.runCreate(quotationConvertCreate(q.body.id, payment, quotationSale))).queued).toBe(true);
    expect(await d.cached(extra)).toBe(8);
    expect(await d.cached(quoted)).toBe(6);
    expect((await pendingSales(d.db)).map((s) => s.invoice_no)).toEqual(["P-2"]);
    expect(await pendingDocuments(d.db, `sale/${saleId}/extra/`)).toHaveLength(1);
    const entries = await d.db.outbox.orderBy("id").toArray();
    expect(entries.every((e) => typeof e.body.form_token === "string")).toBe(true);

    d.setOnline(true);
    fs.faults = [{ kind: "drop-after-commit" }, { kind: "answer-after-commit", status: 502 }, { kind: "answer", status: 503 }];
    await replayUntilEmpty(d);

    const lines = await queryRows<{ n: number }>(
      fs.t.db,
      sql`select count(*)::int as n from sale_item where sale_id = ${saleId} and is_extra`,
    );
    expect(lines[0].n).toBe(1);
    const converted = await queryRows<{ n: number }>(
      fs.t.db,
      sql`select count(*)::int as n from sale where form_token = ${String(entries[1].body.form_token)}`,
    );
    expect(converted[0].n).toBe(1);
    const quotation = await fs.t.call<{ converted_sale_id: number | null }>(admin, "GET", `/api/sale-quotation/${q.body.id}/`);
    expect(quotation.body.converted_sale_id).toBeTruthy();
    expect(Number(await stockQuantity(fs.t, extra))).toBe(8);
    expect(Number(await stockQuantity(fs.t, quoted))).toBe(6);
    expect(await d.pull.sync()).toBe("done");
    expect(await d.cached(extra)).toBe(8);
    expect(await d.cached(quoted)).toBe(6);
    expect(await pendingSales(d.db)).toEqual([]);
  });

  it("extra material queued for a sale deleted meanwhile needs attention; discard gives the cached stock back", async () => {
    const sold = await makeStock(fs.t, { branchId: branch, inventoryId: inventory, itemId: goods[3] }, "10");
    const extra = await makeStock(fs.t, { branchId: branch, inventoryId: inventory, itemId: material }, "5");
    const saleId = await onlineSale(sold, "1");
    const d = device();
    await d.pull.sync();
    d.setOnline(false);
    expect((await d.outbox.runCreate(saleExtraCreate(saleId, { items: [{ stock: extra, quantity: "1", price: "50" }] }))).queued).toBe(
      true,
    );
    expect(await d.cached(extra)).toBe(4);

    expect((await fs.t.call(admin, "DELETE", `/api/sale/${saleId}/`)).status).toBe(200);
    d.setOnline(true);
    expect(await d.outbox.replay({ force: true })).toMatchObject({ needsAttention: 1, sent: 0 });
    const [pending] = await pendingDocuments(d.db, `sale/${saleId}/extra/`);
    expect(pending).toMatchObject({ status: "needs_attention" });
    await d.outbox.discard(pending.entry_id);
    expect(await d.cached(extra)).toBe(5);
    expect(Number(await stockQuantity(fs.t, extra))).toBe(5);
  });
});
