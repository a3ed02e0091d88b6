import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { queryRows } from "../../../src/server/db/client";
import { MESSAGES } from "../../../src/core/messages";
import type { Paged } from "../../../src/core/api-types";
import { withTestApp } from "../support/test-lifecycle";
import { formToken, type TestApp } from "../support/test-app";
import { makeUser } from "../master-data/helpers";
import { signInSaleWorld, makeStock, type SaleWorld } from "../sale/helpers";

interface CashboxAnswer {
  id: number;
  name: string;
  branch: number;
  branch_id: number;
  currency: number;
  currency_code: string;
  balance: string;
  updated_at: string;
}

let t: TestApp;
let admin: string;
let cashier: string;
let w: SaleWorld;

withTestApp(async (app) => {
  t = app;
  ({ w, admin, cashier } = await signInSaleWorld(t, "admin", "cashier"));
});

const create = (token: string, body: Record<string, unknown>, form_token = formToken("cb")) =>
  t.call<CashboxAnswer>(token, "POST", "/api/accounting/cashbox/", { ...body, form_token });

/** A paid cash sale into the cashbox: the ledger gets a cashbox debit. */
async function paidSale(cashboxId: number, amount: string) {
  const stock = await makeStock(t, w.inv.erbil, w.goods[0], "5", "100");
  const res = await t.call(admin, "POST", "/api/sale/", {
    branch: w.erbil,
    inventory: w.inv.erbil,
    customer: w.cust.aram,
    currency: w.iqd,
    payment_type: "cash",
    cashbox: cashboxId,
    paid_amount: amount,
    discount: "0",
    items: [{ stock, quantity: "1", price: amount }],
    form_token: formToken("sale"),
  });
  expect(res.status).toBe(201);
}

async function ledgerBalance(id: number): Promise<string> {
  const [row] = await queryRows<{ b: string }>(
    t.db,
    sql`select coalesce(sum(debit - credit), 0)::text as b from ledger_entry where account_type = 'cashbox' and account_id = ${id}`,
  );
  return row.b;
}

describe("accounting/cashbox/", () => {
  it("creates a cashbox idempotently and lists it with a zero balance", async () => {
    const token = formToken("cb");
    const first = await create(admin, { name: "Till 1", branch: w.erbil, currency: w.iqd }, token);
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ name: "Till 1", branch: w.erbil, currency_code: "IQD", balance: "0.00" });
    const replay = await create(admin, { name: "Till 1", branch: w.erbil, currency: w.iqd }, token);
    expect(replay.status).toBe(201);
    expect(replay.body.id).toBe(first.body.id);
    const [n] = await queryRows<{ n: string }>(t.db, sql`select count(*) as n from cashbox where name = 'Till 1'`);
    expect(Number(n.n)).toBe(1);
  });

  it("shows each cashbox's balance as the sum of its ledger rows", async () => {
    const box = (await create(admin, { name: "Till balance", branch: w.erbil, currency: w.iqd })).body;
    await paidSale(box.id, "2500");
    await paidSale(box.id, "1250.50");
    const list = await t.call<Paged<CashboxAnswer>>(admin, "GET", `/api/accounting/cashbox/?search=Till balance`);
    expect(list.status).toBe(200);
    const row = list.body.results.find((r) => r.id === box.id)!;
    expect(row.balance).toBe("3750.50");
    expect(row.balance).toBe(await ledgerBalance(box.id));
    const one = await t.call<CashboxAnswer>(admin, "GET", `/api/accounting/cashbox/${box.id}/`);
    expect(one.body.balance).toBe("3750.50");
    const filtered = await t.call<Paged<CashboxAnswer>>(admin, "GET", `/api/accounting/cashbox/?balance__gte=3750&currency=${w.iqd}`);
    expect(filtered.body.results.map((r) => r.id)).toContain(box.id);
  });

  it("refuses to delete a cashbox with entries, and says why; an empty one is deleted", async () => {
    const used = (await create(admin, { name: "Till used", branch: w.erbil, currency: w.iqd })).body;
    await paidSale(used.id, "100");
    const refused = await t.call<{ message: string }>(admin, "DELETE", `/api/accounting/cashbox/${used.id}/`);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(MESSAGES.cashboxHasEntries);

    const empty = (await create(admin, { name: "Till empty", branch: w.erbil, currency: w.usd })).body;
    expect((await t.call(admin, "DELETE", `/api/accounting/cashbox/${empty.id}/`)).status).toBe(200);
    expect((await t.call(admin, "GET", `/api/accounting/cashbox/${empty.id}/`)).status).toBe(404);
  });

  it("edits the name; a cashbox with entries cannot change currency or branch", async () => {
    const box = (await create(admin, { name: "Till edit", branch: w.erbil, currency: w.iqd })).body;
    const renamed = await t.call<CashboxAnswer>(admin, "PUT", `/api/accounting/cashbox/${box.id}/`, {
      name: "Till renamed",
      branch: w.erbil,
      currency: w.usd,
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: "Till renamed", currency_code: "USD" });
    const back = await t.call<CashboxAnswer>(admin, "PATCH", `/api/accounting/cashbox/${box.id}/`, { currency: w.iqd });
    expect(back.body.currency_code).toBe("IQD");
    await paidSale(box.id, "10");
    const refused = await t.call<{ message: string }>(admin, "PATCH", `/api/accounting/cashbox/${box.id}/`, { currency: w.usd });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(MESSAGES.cashboxCurrencyLocked);
    const moved = await t.call<{ message: string }>(admin, "PATCH", `/api/accounting/cashbox/${box.id}/`, { branch: w.suli });
    expect(moved.body, JSON.stringify(moved.body)).toMatchObject({ message: MESSAGES.cashboxCurrencyLocked });
    expect((await t.call(admin, "PATCH", `/api/accounting/cashbox/${box.id}/`, { name: "Still fine" })).status).toBe(200);
  });

  it("validates the body", async () => {
    const res = await create(admin, { name: " ", branch: null, currency: 99999 });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body as object)).toEqual(expect.arrayContaining(["name", "branch"]));
    const badCurrency = await create(admin, { name: "X", branch: w.erbil, currency: 99999 });
    expect(badCurrency.status).toBe(400);
    expect(badCurrency.body).toEqual({ currency: [MESSAGES.invalidChoice] });
  });

  it("all/ answers the caller's cashboxes to any signed-in user, their balances only with the list's code", async () => {
    const mine = await t.call<CashboxAnswer[]>(cashier, "GET", "/api/accounting/cashbox/all/");
    expect(mine.status).toBe(200);
    expect(mine.body.length).toBeGreaterThan(0);
    expect(mine.body.every((c) => c.branch_id === w.erbil)).toBe(true);
    expect(mine.body[0].currency_code).toMatch(/IQD|USD/);
    expect(mine.body.every((c) => c.balance === null)).toBe(true);
    const all = await t.call<CashboxAnswer[]>(admin, "GET", "/api/accounting/cashbox/all/");
    expect(typeof all.body[0].balance).toBe("string");
  });

  it("another branch's cashbox is 404; a create in another branch is refused", async () => {
    const suliUser = await makeUser(t, ["view_cashbox", "add_cashbox", "change_cashbox", "delete_cashbox"], [w.suli]);
    const erbilBox = w.cash.erbilIqd;
    expect((await t.call(suliUser, "GET", `/api/accounting/cashbox/${erbilBox}/`)).status).toBe(404);
    expect(
      (await t.call(suliUser, "PUT", `/api/accounting/cashbox/${erbilBox}/`, { name: "x", branch: w.suli, currency: w.iqd })).status,
    ).toBe(404);
    expect((await t.call(suliUser, "DELETE", `/api/accounting/cashbox/${erbilBox}/`)).status).toBe(404);
    const list = await t.call<Paged<CashboxAnswer>>(suliUser, "GET", "/api/accounting/cashbox/?page_size=200");
    expect(list.body.results.every((r) => r.branch === w.suli)).toBe(true);
    const res = await create(suliUser, { name: "Sneaky", branch: w.erbil, currency: w.iqd });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ branch: [MESSAGES.invalidChoice] });
  });

  it("needs the cashbox permissions (403)", async () => {
    expect((await t.call(cashier, "GET", "/api/accounting/cashbox/")).status).toBe(403);
    expect((await create(cashier, { name: "No", branch: w.erbil, currency: w.iqd })).status).toBe(403);
    expect((await t.call(cashier, "DELETE", `/api/accounting/cashbox/${w.cash.erbilIqd}/`)).status).toBe(403);
    const viewer = await makeUser(t, ["view_cashbox"], [w.erbil]);
    expect((await t.call(viewer, "GET", "/api/accounting/cashbox/")).status).toBe(200);
    expect((await t.call(viewer, "PATCH", `/api/accounting/cashbox/${w.cash.erbilIqd}/`, { name: "x" })).status).toBe(403);
  });
});
