import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { MESSAGES } from "../../../src/core/messages";
import { queryRows } from "../../../src/server/db/client";
import { makeUser } from "../master-data/helpers";
import { signInSaleWorld, debitSaleBody, makeStock, type SaleWorld } from "../sale/helpers";
import { formToken, type TestApp } from "../support/test-app";
import { withTestApp } from "../support/test-lifecycle";

interface Doc {
  id: number;
  updated_at: string;
  message?: string;
}
interface LockRow {
  branch: number | null;
  lock_date: string | null;
  effective_lock_date: string | null;
  closed_years: number[];
}
interface Message {
  message: string;
}

let t: TestApp;
let admin: string;
let w: SaleWorld;
let commission: number;
let box: number;
let suliBox: number;

withTestApp(async (app) => {
  t = app;
  ({ w, admin } = await signInSaleWorld(t, "admin"));
  commission = (
    await t.call<{ id: number }>(admin, "POST", "/api/accounting/income-type/", { name: "Lock commission", form_token: formToken("it") })
  ).body.id;
  const newBox = async (branch: number, name: string) =>
    (
      await t.call<{ id: number }>(admin, "POST", "/api/accounting/cashbox/", {
        name,
        branch,
        currency: w.iqd,
        form_token: formToken("cb"),
      })
    ).body.id;
  box = await newBox(w.erbil, "Lock box");
  suliBox = await newBox(w.suli, "Lock box suli");
});

const income = (branch: number, cashbox: number, date: string, amount = "100") =>
  t.call<Doc>(admin, "POST", "/api/accounting/income/", {
    branch,
    cashbox,
    income_type: commission,
    date,
    amount,
    note: "",
    form_token: formToken("in"),
  });
const setLock = (token: string, branch: number | null, lock_date: string | null) =>
  t.call<LockRow & Message>(token, "PUT", "/api/accounting/period-lock/", { branch, lock_date });
const expectClosed = (res: { status: number; body: unknown }) => {
  expect(res.status).toBe(400);
  expect((res.body as Message).message).toBe(MESSAGES.periodClosed);
};
const ledgerRows = async () => Number((await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from ledger_entry`))[0].n);

describe("accounting/period-lock/", () => {
  it("only change_periodlock keeps it; view_periodlock reads it; the all-branches lock needs every branch", async () => {
    const cashier = await t.login("cashier");
    expect((await setLock(cashier, w.erbil, "2026-01-31")).status).toBe(403);
    expect((await t.call(cashier, "GET", "/api/accounting/period-lock/")).status).toBe(403);
    const viewer = await makeUser(t, ["view_periodlock"], [w.erbil]);
    expect((await t.call(viewer, "GET", "/api/accounting/period-lock/")).status).toBe(200);
    expect((await setLock(viewer, w.erbil, "2026-01-31")).status).toBe(403);
    const keeper = await makeUser(t, ["change_periodlock"], [w.erbil]);
    expect((await setLock(keeper, w.suli, "2026-01-31")).status).toBe(400);
    expect((await setLock(keeper, null, "2026-01-31")).status).toBe(403);
    const set = await setLock(keeper, w.erbil, "2026-01-31");
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ branch: w.erbil, lock_date: "2026-01-31", effective_lock_date: "2026-01-31" });
    expect((await setLock(keeper, w.erbil, null)).body.lock_date).toBeNull();
    // Every change is in the audit trail, old and new date.
    const audit = await queryRows<{ action: string; changes: Record<string, { old: unknown; new: unknown }> }>(
      t.db,
      sql`select action, changes from audit_log where record_type = 'period_lock' order by id`,
    );
    expect(audit.map((a) => a.changes.lock_date?.new ?? null)).toEqual(expect.arrayContaining(["2026-01-31", null]));
    expect(audit.some((a) => a.changes.lock_date?.old === "2026-01-31" && a.changes.lock_date?.new === null)).toBe(true);
  });

  it("refuses a create on or before the lock date of its branch, not after it nor in another branch", async () => {
    expect((await income(w.erbil, box, "2026-02-01", "1000")).status).toBe(201);
    expect((await setLock(admin, w.erbil, "2026-02-28")).status).toBe(200);
    const before = await ledgerRows();
    expectClosed(await income(w.erbil, box, "2026-02-28"));
    expectClosed(await income(w.erbil, box, "2025-12-01"));
    expect(await ledgerRows()).toBe(before);
    expect((await income(w.erbil, box, "2026-03-01")).status).toBe(201);
    expect((await income(w.suli, suliBox, "2026-02-10", "1000")).status).toBe(201);
  });

  it("refuses an edit or delete of a document in a closed period, and a move out of it or into it", async () => {
    const open = (await income(w.erbil, box, "2026-03-10")).body;
    const early = (await income(w.erbil, box, "2026-03-05")).body;
    expect((await setLock(admin, w.erbil, "2026-03-06")).status).toBe(200);
    // A document in the closed period: no edit, no delete, no move out.
    expectClosed(await t.call(admin, "PATCH", `/api/accounting/income/${early.id}/`, { amount: "90" }));
    expectClosed(await t.call(admin, "PATCH", `/api/accounting/income/${early.id}/`, { date: "2026-04-01" }));
    expectClosed(await t.call(admin, "DELETE", `/api/accounting/income/${early.id}/`));
    // An open document may not move into it.
    expectClosed(await t.call(admin, "PATCH", `/api/accounting/income/${open.id}/`, { date: "2026-03-01" }));
    expect((await t.call(admin, "PATCH", `/api/accounting/income/${open.id}/`, { date: "2026-03-20" })).status).toBe(200);
  });

  it("refuses to approve a transfer dated in a closed period", async () => {
    const stock = await makeStock(t, w.inv.erbil, w.goods[0], "5");
    const transfer = await t.call<Doc>(admin, "POST", "/api/inventory-stock-transfer/", {
      branch: w.erbil,
      from_inventory: w.inv.erbil,
      to_inventory: w.inv.erbil2,
      input_date: "2026-03-25",
      items: [{ stock, quantity: "1" }],
      form_token: formToken("tr"),
    });
    expect(transfer.status).toBe(201);
    expect((await setLock(admin, w.erbil, "2026-03-31")).status).toBe(200);
    expectClosed(await t.call(admin, "POST", `/api/inventory-stock-transfer/${transfer.body.id}/approve/`));
    expectClosed(await t.call(admin, "DELETE", `/api/inventory-stock-transfer/${transfer.body.id}/`));
  });

  it("the all-branches lock closes every branch; a branch is locked through the later of the two", async () => {
    expect((await setLock(admin, null, "2026-02-15")).status).toBe(200);
    expectClosed(await income(w.suli, suliBox, "2026-02-15"));
    expect((await income(w.suli, suliBox, "2026-02-16")).status).toBe(201);
    const locks = (await t.call<LockRow[]>(admin, "GET", "/api/accounting/period-lock/")).body;
    expect(locks.find((l) => l.branch === null)?.lock_date).toBe("2026-02-15");
    expect(locks.find((l) => l.branch === w.erbil)).toMatchObject({ lock_date: "2026-03-31", effective_lock_date: "2026-03-31" });
    expect(locks.find((l) => l.branch === w.suli)).toMatchObject({ lock_date: null, effective_lock_date: "2026-02-15" });
    expect((await setLock(admin, null, null)).status).toBe(200);
    expect((await income(w.suli, suliBox, "2026-02-15")).status).toBe(201);
  });

  it("refuses a sale dated in a closed period", async () => {
    const stock = await makeStock(t, w.inv.erbil, w.goods[0], "5");
    const sale = await t.call(admin, "POST", "/api/sale/", {
      ...debitSaleBody(w, [{ stock, quantity: "1", price: "1000" }], { input_date: "2026-03-15" }),
      form_token: formToken("sale"),
    });
    expectClosed(sale);
  });
});
