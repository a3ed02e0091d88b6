import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { MESSAGES } from "../../../src/core/messages";
import { queryRows } from "../../../src/server/db/client";
import { json, type Created } from "../support/json";
import { withTestApp } from "../support/test-lifecycle";
import { formToken, type TestApp } from "../support/test-app";
import { signInSaleWorld, makeStock, type SaleWorld } from "../sale/helpers";

/**
 * The cashboxes a user may use bind every write that moves money through one, not only the
 * pickers: the user below holds every code of the documents but only cashbox `mine` of her branch.
 */
let t: TestApp;
let w: SaleWorld;
let admin: string;
let kawa: string;
let mine: number;
let other: number;
let rent: number;

const CODES = [
  ...["view", "add", "change", "delete"].flatMap((verb) => ["sale", "expense", "cashboxtransfer"].map((model) => `${verb}_${model}`)),
  "view_cashbox",
];

async function newCashbox(name: string): Promise<number> {
  const res = await t.call<{ id: number }>(admin, "POST", "/api/accounting/cashbox/", {
    name,
    branch: w.erbil,
    currency: w.iqd,
    form_token: formToken("cb"),
  });
  expect(res.status).toBe(201);
  return res.body.id;
}

const expense = (token: string, cashbox: number, amount = "10") =>
  t.call<Created & { updated_at: string }>(token, "POST", "/api/accounting/expense/", {
    branch: w.erbil,
    expense_type: rent,
    cashbox,
    amount,
    date: "2026-11-20",
    note: "",
    form_token: formToken("ex"),
  });

/** Partly paid: a fully paid sale is final for everyone (SPEC), which would hide the rule under test. */
async function sale(token: string, cashbox: number) {
  const stock = await makeStock(t, w.inv.erbil, w.goods[0], "5");
  return t.call<Created>(token, "POST", "/api/sale/", {
    branch: w.erbil,
    inventory: w.inv.erbil,
    customer: w.cust.erbilGeneral,
    currency: w.iqd,
    payment_type: "cash",
    cashbox,
    paid_amount: "400",
    discount: "0",
    items: [{ stock, quantity: "1", price: "1000" }],
    form_token: formToken("sale"),
  });
}

const balanceOf = async (id: number) => (await t.call<{ balance: string }>(admin, "GET", `/api/accounting/cashbox/${id}/`)).body.balance;
const ledgerRows = async () => (await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from ledger_entry`))[0].n;

withTestApp(async (app) => {
  t = app;
  ({ w, admin } = await signInSaleWorld(t, "admin"));
  rent = (await t.call<{ id: number }>(admin, "POST", "/api/accounting/expense-type/", { name: "Rent", form_token: formToken("et") })).body
    .id;
  const commission = (
    await t.call<{ id: number }>(admin, "POST", "/api/accounting/income-type/", { name: "Commission", form_token: formToken("it") })
  ).body.id;
  mine = await newCashbox("Kawa's drawer");
  other = await newCashbox("Head cashier's drawer");
  for (const box of [mine, other]) {
    const funded = await t.call(admin, "POST", "/api/accounting/income/", {
      branch: w.erbil,
      income_type: commission,
      cashbox: box,
      amount: "5000",
      date: "2026-11-20",
      note: "",
      form_token: formToken("in"),
    });
    expect(funded.status).toBe(201);
  }
  const created = await t.call(admin, "POST", "/api/user/", {
    username: "kawa",
    password: "long enough 1",
    branches: [w.erbil],
    cashboxes: [mine],
    permissions: CODES,
    form_token: formToken("user"),
  });
  expect(created.status).toBe(201);
  kawa = await t.login("kawa", "long enough 1");
});

describe("the cashboxes a user may use", () => {
  it("are the only ones me/ offers", async () => {
    const me = json<{ cashboxes: { id: number }[] }>(await t.call(kawa, "GET", "/api/user/me/"));
    expect(me.cashboxes.map((c) => c.id)).toEqual([mine]);
  });

  it("bind an expense: another cashbox of her branch is a 403 that books nothing", async () => {
    const rowsBefore = await ledgerRows();
    const refused = await expense(kawa, other);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: MESSAGES.cashboxNotUsable });
    expect(await ledgerRows()).toBe(rowsBefore);
    expect(await balanceOf(other)).toBe("5000.00");
    expect((await expense(kawa, mine)).status).toBe(201);
    expect(await balanceOf(mine)).toBe("4990.00");
  });

  it("bind the edit and delete of a document booked on another cashbox, and moving her own onto one", async () => {
    const theirs = await expense(admin, other);
    expect(theirs.status).toBe(201);
    expect((await t.call(kawa, "DELETE", `/api/accounting/expense/${theirs.body.id}/`)).status).toBe(403);
    expect((await t.call(admin, "GET", `/api/accounting/expense/${theirs.body.id}/`)).status).toBe(200);

    const own = await expense(kawa, mine);
    const moved = await t.call(kawa, "PUT", `/api/accounting/expense/${own.body.id}/`, {
      branch: w.erbil,
      expense_type: rent,
      cashbox: other,
      amount: "10",
      date: "2026-11-20",
      note: "",
      updated_at: own.body.updated_at,
    });
    expect(moved.status).toBe(403);
    expect(await balanceOf(other)).toBe("4990.00");
  });

  it("bind a transfer on either side", async () => {
    const transfer = (from: number, to: number) =>
      t.call(kawa, "POST", "/api/accounting/cashbox-transfer/", {
        from_cashbox: from,
        to_cashbox: to,
        amount: "100",
        date: "2026-11-20",
        note: "",
        form_token: formToken("tr"),
      });
    expect((await transfer(mine, other)).status).toBe(403);
    expect((await transfer(other, mine)).status).toBe(403);
    expect(await balanceOf(mine)).toBe("4980.00");
  });

  it("bind a sale paid from a cashbox, and the edit or delete of one paid from another", async () => {
    const salesBefore = (await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from sale`))[0].n;
    const refused = await sale(kawa, other);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: MESSAGES.cashboxNotUsable });
    expect((await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from sale`))[0].n).toBe(salesBefore);
    expect((await sale(kawa, mine)).status).toBe(201);

    const theirs = await sale(admin, other);
    expect(theirs.status).toBe(201);
    expect((await t.call(kawa, "DELETE", `/api/sale/${theirs.body.id}/`)).status).toBe(403);
    expect((await t.call(admin, "GET", `/api/sale/${theirs.body.id}/`)).status).toBe(200);
  });

  it("follow the user's list: with none listed, every cashbox of her branches", async () => {
    const [user] = await queryRows<{ id: number }>(t.db, sql`select id from app_user where username = 'kawa'`);
    expect((await t.call(admin, "PATCH", `/api/user/${user.id}/`, { cashboxes: [] })).status).toBe(200);
    expect((await expense(kawa, other)).status).toBe(201);
  });
});
