import "fake-indexeddb/auto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { queryRows } from "../../src/server/db/client";
import { saleEffects } from "../../src/web/offline/document-effects";
import type { OfflineDb } from "../../src/web/offline/db";
import type { Outbox } from "../../src/web/offline/outbox";
import { pendingSales } from "../../src/web/offline/pending-documents";
import { makeStock, someItems, stockQuantity } from "../api/stock-documents/helpers";
import { newDeviceDb, startFaultServer, type FaultServer } from "./support/fault-server";
import { signIn } from "./support/signed-in";
import { resetFaultServer, sellingPlace, tablet } from "./support/tablet";

/**
 * Offline sales against the real server (DESIGN section 4): sales queued on a device take their
 * stock from the cache at once and, replayed through faults, are booked exactly once each with the
 * server's stock reduced once; a sale whose stock was sold elsewhere meanwhile needs attention with
 * the server's message, and discarding it gives the cached stock back.
 */

let fs: FaultServer;
let token: string;
let userId: number;
let branch: number;
let inventory: number;
let customer: number;
let currency: number;
let items: number[];

beforeAll(async () => {
  fs = await startFaultServer();
  ({ token, userId, branch } = await signIn(fs, "cashier"));
  ({ inventory, customer, currency } = await sellingPlace(fs, branch));
  items = await someItems(fs.t, 3);
});
afterAll(() => fs.close());
beforeEach(() => resetFaultServer(fs));

/** A tablet on the fault proxy, signed in as the cashier. */
const device = (options: { db?: OfflineDb } = {}) =>
  tablet(
    fs,
    () => token,
    () => userId,
    options,
  );

const saleBody = (stock: number, quantity: string) => ({
  branch,
  inventory,
  customer,
  currency,
  payment_type: "debit",
  paid_amount: "0",
  discount: "0",
  items: [{ stock, quantity, price: "1500" }],
});

const queueSale = (outbox: Outbox, stock: number, quantity: string) => {
  const body = saleBody(stock, quantity);
  return outbox.runCreate({ resource: "sale/", body, localEffect: saleEffects(body) });
};

async function salesByToken(tokens: string[]): Promise<Map<string, number>> {
  const rows = await queryRows<{ form_token: string; n: number }>(
    fs.t.db,
    sql`select form_token, count(*)::int as n from sale where form_token in (${sql.join(
      tokens.map((t) => sql`${t}`),
      sql`, `,
    )}) group by form_token`,
  );
  return new Map(rows.map((r) => [r.form_token, r.n]));
}

async function expectEachBookedOnce(tokens: string[]) {
  const counts = await salesByToken(tokens);
  for (const t of tokens) expect(counts.get(t) ?? 0, t).toBe(1);
}

async function replayUntilEmpty(d: ReturnType<typeof device>, rounds = 10) {
  for (let i = 0; i < rounds && (await d.db.outbox.count()) > 0; i++) await d.outbox.replay({ force: true });
  expect(await d.db.outbox.count()).toBe(0);
}

const tokensOf = async (db: OfflineDb) => (await db.outbox.orderBy("id").toArray()).map((e) => String(e.body.form_token));

describe("offline sales against the real server", () => {
  it("queued offline, replayed through lost answers and 5xx: each booked once, stock reduced once", async () => {
    const stock = await makeStock(fs.t, { branchId: branch, inventoryId: inventory, itemId: items[0] }, "10");
    const d = device();
    expect(await d.pull.sync()).toBe("done");
    expect(await d.cached(stock)).toBe(10);

    d.setOnline(false);
    for (let i = 0; i < 5; i++) expect((await queueSale(d.outbox, stock, "1")).queued).toBe(true);
    expect(await d.cached(stock)).toBe(5);
    expect((await pendingSales(d.db)).map((s) => s.invoice_no)).toEqual(["P-5", "P-4", "P-3", "P-2", "P-1"]);
    const tokens = await tokensOf(d.db);

    d.setOnline(true);
    fs.faults = [
      { kind: "drop-after-commit" },
      { kind: "pass" },
      { kind: "answer-after-commit", status: 502 },
      { kind: "answer", status: 503 },
    ];
    await replayUntilEmpty(d);
    await expectEachBookedOnce(tokens);
    expect(Number(await stockQuantity(fs.t, stock))).toBe(5);
    // The cache kept the takes until the pull; after it, the server's quantity exactly.
    expect(await d.cached(stock)).toBe(5);
    expect(await d.pull.sync()).toBe("done");
    expect(await d.cached(stock)).toBe(5);
    expect(await pendingSales(d.db)).toEqual([]);
  });

  it("two tabs replay the same queued sales at once: one replayer, each sale booked once", async () => {
    const stock = await makeStock(fs.t, { branchId: branch, inventoryId: inventory, itemId: items[1] }, "20");
    const tab1 = device();
    await tab1.pull.sync();
    tab1.setOnline(false);
    for (let i = 0; i < 8; i++) await queueSale(tab1.outbox, stock, "2");
    expect(await tab1.cached(stock)).toBe(4);
    const tokens = await tokensOf(tab1.db);
    const tab2 = device({ db: newDeviceDb(tab1.db.name) });
    tab1.setOnline(true);
    fs.faults = [{ kind: "pass" }, { kind: "drop-after-commit" }];
    const reports = await Promise.all([tab1.outbox.replay({ force: true }), tab2.outbox.replay({ force: true })]);
    expect(reports.map((r) => r.acquired).sort()).toEqual([false, true]);
    await replayUntilEmpty(tab2);
    await expectEachBookedOnce(tokens);
    expect(Number(await stockQuantity(fs.t, stock))).toBe(4);
    await tab2.pull.sync();
    expect(await tab1.cached(stock)).toBe(4);
  });

  it("stock sold elsewhere meanwhile: needs attention with the server's message; discard gives the cached stock back", async () => {
    const stock = await makeStock(fs.t, { branchId: branch, inventoryId: inventory, itemId: items[2] }, "2");
    const d = device();
    await d.pull.sync();
    d.setOnline(false);
    expect((await queueSale(d.outbox, stock, "2")).queued).toBe(true);
    expect(await d.cached(stock)).toBe(0);
    // The device refuses a second sale of what its cache no longer has.
    expect(await queueSale(d.outbox, stock, "1")).toMatchObject({ queued: false, ok: false, status: 400, local: true });

    // Another tablet sells one unit online.
    const other = await fs.call(token, "POST", "/api/sale/", {
      ...saleBody(stock, "1"),
      form_token: `${userId}-${Date.now()}-${crypto.randomUUID()}`,
    });
    expect(other.status).toBe(201);

    d.setOnline(true);
    expect(await d.outbox.replay({ force: true })).toMatchObject({ needsAttention: 1, sent: 0 });
    const [pending] = await pendingSales(d.db);
    // The contract says "No enough quantity available" (the locked check); the sale service's own
    // pre-check answers "Quantity is greater than stock quantity". Either is the server's refusal.
    expect(pending).toMatchObject({ status: "needs_attention", invoice_no: "P-1" });
    expect(pending.message).toMatch(/^(No enough quantity available|Quantity is greater than stock quantity)$/);
    const [entry] = await d.db.outbox.toArray();
    expect(entry.server_message).toMatchObject({ status: 400, body: { message: pending.message } });
    expect(Number(await stockQuantity(fs.t, stock))).toBe(1);

    await d.outbox.discard(pending.entry_id);
    expect(await d.cached(stock)).toBe(2);
    expect(await pendingSales(d.db)).toEqual([]);
    await d.pull.sync();
    expect(await d.cached(stock)).toBe(1);
    expect(Number(await stockQuantity(fs.t, stock))).toBe(1);
  });
});
