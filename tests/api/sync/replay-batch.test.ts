import { sql } from "drizzle-orm";
import pg from "pg";
import { describe, expect, it } from "vitest";
import {
  REPLAY_BATCH_MAX_BYTES,
  REPLAY_BATCH_MAX_ENTRIES,
  type ReplayBatchAnswer,
  type ReplayEntryResult,
} from "../../../src/core/replay-batch";
import { queryRows } from "../../../src/server/db/client";
import { debitSaleBody, makeStock, saleWorld, stockQuantity, type SaleWorld } from "../sale/helpers";
import { json, type FieldErrors } from "../support/json";
import { formToken, testDatabaseUrl, type TestApp } from "../support/test-app";
import { withTestApp } from "../support/test-lifecycle";

/**
 * The outbox's batch replay, `POST sync/replay/`: queued creates run in order through their
 * own routes with the caller's token, each booked once however often and however concurrently the
 * batch comes, each answered exactly as a direct call would be.
 */

let t: TestApp;
let admin: string;
let cashier: string;
let cashierId: number;
let w: SaleWorld;
let goods = 0;

withTestApp(async (app) => {
  t = app;
  admin = await t.login("admin");
  cashier = await t.login("cashier");
  cashierId = (await t.call<{ id: number }>(cashier, "GET", "/api/user/me/")).body.id;
  w = await saleWorld(t);
});

type Entry = { path: string; body: Record<string, unknown> };
type Answered = { status: number; body: unknown };

const replay = (token: string, entries: Entry[]) => t.call<ReplayBatchAnswer>(token, "POST", "/api/sync/replay/", { entries });
const answered = (result: ReplayEntryResult): Answered => {
  if ("not_attempted" in result) throw new Error("not attempted");
  return result;
};

/** A cash-free sale of `quantity` from a fresh stock row of 10 in the cashier's branch, with its own form_token. */
async function saleEntry(quantity = "2"): Promise<{ entry: Entry; stock: number }> {
  const stock = await makeStock(t, w.inv.erbil, w.goods[goods++ % w.goods.length], "10", "500");
  const body = debitSaleBody(w, [{ stock, quantity, price: "1000" }], { form_token: formToken(`${cashierId}-batch`) });
  return { entry: { path: "sale/", body }, stock };
}

async function salesWithToken(token: unknown): Promise<number> {
  const [row] = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from sale where form_token = ${String(token)}`);
  return row.n;
}

describe("sync/replay/", () => {
  it("books each sale of a batch once, in order, and answers a resent batch with the first answers", async () => {
    const sales = await Promise.all([saleEntry("1"), saleEntry("2"), saleEntry("3")]);
    const entries = sales.map((s) => s.entry);
    const first = await replay(cashier, entries);
    expect(first.status).toBe(200);
    const results = first.body.results.map(answered);
    expect(results.map((r) => r.status)).toEqual([201, 201, 201]);
    const ids = results.map((r) => (r.body as { id: number }).id);
    expect(ids[0]).toBeLessThan(ids[1]);
    expect(ids[1]).toBeLessThan(ids[2]);
    expect(await Promise.all(sales.map((s) => stockQuantity(t, s.stock)))).toEqual(["9.000", "8.000", "7.000"]);

    const again = await replay(cashier, entries);
    expect(again.body).toEqual(first.body);
    for (const s of sales) expect(await salesWithToken(s.entry.body.form_token)).toBe(1);
    expect(await Promise.all(sales.map((s) => stockQuantity(t, s.stock)))).toEqual(["9.000", "8.000", "7.000"]);
  });

  it("the same batch sent concurrently books each sale once; an entry answered 409 ends its batch", async () => {
    const sales = await Promise.all(Array.from({ length: 6 }, () => saleEntry("1")));
    const entries = sales.map((s) => s.entry);
    const answers = await Promise.all([replay(cashier, entries), replay(cashier, entries), replay(cashier, entries)]);
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      const statuses = answer.body.results.map((r) => ("not_attempted" in r ? "not attempted" : r.status));
      // Booked (or its first answer), until an entry still in flight in another batch; nothing after it.
      const stop = statuses.findIndex((s) => s !== 201);
      if (stop >= 0) expect(statuses.slice(stop)).toEqual([409, ...Array(statuses.length - stop - 1).fill("not attempted")]);
    }
    for (const s of sales) {
      expect(await salesWithToken(s.entry.body.form_token)).toBe(1);
      expect(await stockQuantity(t, s.stock)).toBe("9.000");
    }
    // Every answer of one entry names the same sale.
    for (const index of entries.keys()) {
      const ids = answers
        .map((a) => a.body.results[index])
        .flatMap((r) => ("status" in r && r.status === 201 ? [(r.body as { id: number }).id] : []));
      expect(new Set(ids).size).toBe(1);
    }
  });

  it("a refused entry in the middle gets the answer a direct call gets, and the batch goes on", async () => {
    const [before, after] = await Promise.all([saleEntry(), saleEntry()]);
    const bad = { ...before.entry.body, items: [], form_token: formToken("bad") };
    const direct = await t.call(cashier, "POST", "/api/sale/", { ...bad, form_token: formToken("bad-direct") });
    expect(direct.status).toBe(400);
    const answer = await replay(cashier, [before.entry, { path: "sale/", body: bad }, after.entry]);
    const results = answer.body.results.map(answered);
    expect(results.map((r) => r.status)).toEqual([201, 400, 201]);
    expect(results[1].body).toEqual(direct.body);
    expect(await salesWithToken(bad.form_token)).toBe(0);
  });

  it("each entry passes its own route's permission and branch scope, as directly", async () => {
    const { entry } = await saleEntry();
    // Another branch's sale (the cashier works in one branch) and a create the cashier may not make.
    const otherBranch = { ...entry.body, branch: w.suli, inventory: w.inv.suli, customer: w.cust.suli, form_token: formToken("suli") };
    const purchase = { path: "purchase/", body: { branch: w.erbil, items: [], form_token: formToken("purchase") } };
    const directBranch = await t.call(cashier, "POST", "/api/sale/", { ...otherBranch, form_token: formToken("suli-direct") });
    const directPurchase = await t.call(cashier, "POST", "/api/purchase/", { ...purchase.body, form_token: formToken("p-direct") });
    expect(directBranch.status).toBeGreaterThanOrEqual(400);
    expect(directPurchase.status).toBe(403);

    const answer = await replay(cashier, [{ path: "sale/", body: otherBranch }, purchase]);
    const results = answer.body.results.map(answered);
    expect(results[0]).toEqual({ status: directBranch.status, body: directBranch.body });
    expect(results[1]).toEqual({ status: 403, body: directPurchase.body });
    expect(await salesWithToken(otherBranch.form_token)).toBe(0);
  });

  it("a form_token is the caller's own: another user's token books nothing of theirs nor answers their response", async () => {
    const { entry, stock } = await saleEntry("1");
    const adminAnswer = await t.call<{ id: number }>(admin, "POST", "/api/sale/", entry.body);
    expect(adminAnswer.status).toBe(201);
    const cashierAnswer = answered((await replay(cashier, [entry])).body.results[0]);
    expect(cashierAnswer.status).toBe(201);
    expect((cashierAnswer.body as { id: number }).id).not.toBe(adminAnswer.body.id);
    expect(await stockQuantity(t, stock)).toBe("8.000");
  });

  it("refuses a batch it does not take with a 400 naming the fault, and never runs any of it", async () => {
    const { entry } = await saleEntry();
    const refused = async (payload: unknown) => {
      const answer = await t.call<FieldErrors>(cashier, "POST", "/api/sync/replay/", payload);
      expect(answer.status, JSON.stringify(payload).slice(0, 100)).toBe(400);
      return answer.body;
    };
    for (const path of ["sync/replay/", "login/", "user/", "sale/../user/", "sale/1/", "sale/abc/extra/", "/api/sale/", "sale/?x=1"]) {
      expect(await refused({ entries: [entry, { path, body: entry.body }] })).toHaveProperty(["entries[1].path"]);
    }
    expect(await refused({ entries: [] })).toHaveProperty("entries");
    expect(await refused({ entries: Array(REPLAY_BATCH_MAX_ENTRIES + 1).fill(entry) })).toHaveProperty("entries");
    expect(await refused({ entries: [{ path: "sale/", body: [entry.body] }] })).toHaveProperty(["entries[0].body"]);
    expect(await refused({ entries: [{ path: "sale/" }] })).toHaveProperty(["entries[0].body"]);
    expect(await refused({ entries: "sale/" })).toBeTruthy();
    expect(await refused([entry])).toBeTruthy();
    expect(await salesWithToken(entry.body.form_token)).toBe(0);

    const big = { entries: [{ path: "sale/", body: { ...entry.body, note: "x".repeat(REPLAY_BATCH_MAX_BYTES) } }] };
    expect((await t.call(cashier, "POST", "/api/sync/replay/", big)).status).toBe(413);
    expect((await t.call(null, "POST", "/api/sync/replay/", { entries: [entry] })).status).toBe(401);
    expect(await salesWithToken(entry.body.form_token)).toBe(0);
  });

  it.runIf(!!testDatabaseUrl)("stops at an entry still in flight elsewhere (409): the rest are not attempted", async () => {
    const sales = await Promise.all([saleEntry("1"), saleEntry("1"), saleEntry("1")]);
    const busy = String(sales[1].entry.body.form_token);
    // Another request holding the middle entry's token, as the idempotency store's lock does.
    const other = new pg.Client({ connectionString: testDatabaseUrl });
    await other.connect();
    try {
      await other.query("begin");
      await other.query("select pg_advisory_xact_lock(hashtext('form_token'), hashtext($1))", [`${cashierId}:${busy}`]);
      const answer = await replay(
        cashier,
        sales.map((s) => s.entry),
      );
      expect(answer.body.results.map((r) => ("not_attempted" in r ? "not attempted" : r.status))).toEqual([201, 409, "not attempted"]);
    } finally {
      await other.query("rollback");
      await other.end();
    }
    expect(await salesWithToken(sales[2].entry.body.form_token)).toBe(0);
    expect(
      json<ReplayBatchAnswer>(
        await replay(
          cashier,
          sales.map((s) => s.entry),
        ),
      ).results.map((r) => answered(r).status),
    ).toEqual([201, 201, 201]);
  });
});
