import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Paged } from "../../../src/core/api-types";
import { queryRows } from "../../../src/server/db/client";
import { cashboxes } from "../accounting/ledger-helpers";
import { startSaleApp, debitSaleBody, makeStock, post, type SaleAnswer, type SaleWorld } from "../sale/helpers";
import { formToken, type TestApp } from "../support/test-app";

/**
 * The audit trail: every kind of change leaves exactly one audit row with the right old
 * and new values, a refused change leaves none, and the trail can only be read.
 */

interface AuditRow {
  id: number;
  user: number | null;
  user_name: string | null;
  branch: number | null;
  record_type: string;
  record_id: number | null;
  action: string;
  changes: Record<string, { old: unknown; new: unknown }>;
}

let t: TestApp;
let admin: string;
let adminId: number;
let w: SaleWorld;

beforeAll(async () => {
  ({ t, w, admin } = await startSaleApp("admin"));
  [{ id: adminId }] = await queryRows<{ id: number }>(t.db, sql`select id from app_user where username = 'admin'`);
});
afterAll(() => t?.close());

const maxId = async () => Number((await queryRows<{ n: string }>(t.db, sql`select coalesce(max(id), 0) as n from audit_log`))[0].n);

/** The audit rows written since `since`, oldest first. */
async function rowsSince(since: number): Promise<AuditRow[]> {
  const res = await t.call<Paged<AuditRow>>(admin, "GET", `/api/audit/?id__gt=${since}&ordering=id&page_size=100`);
  expect(res.status).toBe(200);
  return res.body.results;
}

/** Runs `change` and answers the one audit row it left (failing when it left none or several). */
async function onlyRowOf(change: () => Promise<unknown>): Promise<AuditRow> {
  const since = await maxId();
  await change();
  const rows = await rowsSince(since);
  expect(rows.map((r) => `${r.action} ${r.record_type}`)).toHaveLength(1);
  return rows[0];
}

describe("ledger documents", () => {
  it("a money conversion's create and edit each leave one row of its table, which its view's History reads", async () => {
    const boxes = cashboxes(t, () => admin);
    const usd = await boxes.make(w.usd, w.erbil, "500");
    const iqd = await boxes.make(w.iqd, w.erbil);
    const path = "/api/accounting/money-conversion/";
    let id = 0;
    const created = await onlyRowOf(async () => {
      const body = { from_cashbox: usd, to_cashbox: iqd, amount: "10", exchange_rate: "1475", date: "2026-11-20", note: "" };
      const res = await t.call<{ id: number }>(admin, "POST", path, { ...body, form_token: formToken() });
      expect(res.status).toBe(201);
      id = res.body.id;
    });
    expect(created).toMatchObject({ action: "create", record_type: "cashbox_money_conversion", record_id: id, user: adminId });
    expect(Number(created.changes.amount_in.new)).toBe(14750);
    const edited = await onlyRowOf(async () => {
      expect((await t.call(admin, "PATCH", `${path}${id}/`, { note: "counted twice" })).status).toBe(200);
    });
    expect(edited).toMatchObject({ action: "edit", record_type: "cashbox_money_conversion", record_id: id });
    expect(edited.changes.note).toEqual({ old: "", new: "counted twice" });
  });
});

describe("master data", () => {
  it("create, edit and delete of a city each leave one row with old and new values", async () => {
    let id = 0;
    const created = await onlyRowOf(async () => {
      const res = await t.call<{ id: number }>(admin, "POST", "/api/city/", { name: "Audit City", form_token: formToken() });
      expect(res.status).toBe(201);
      id = res.body.id;
    });
    expect(created).toMatchObject({ action: "create", record_type: "city", record_id: id, user: adminId, user_name: expect.any(String) });
    expect(created.changes.name).toEqual({ old: null, new: "Audit City" });
    expect(created.changes).not.toHaveProperty("updated_at");

    const edited = await onlyRowOf(async () => {
      expect((await t.call(admin, "PATCH", `/api/city/${id}/`, { name: "Audit Town" })).status).toBe(200);
    });
    expect(edited).toMatchObject({ action: "edit", record_id: id });
    expect(edited.changes).toEqual({ name: { old: "Audit City", new: "Audit Town" } });

    const deleted = await onlyRowOf(async () => {
      expect((await t.call(admin, "DELETE", `/api/city/${id}/`)).status).toBe(200);
    });
    expect(deleted).toMatchObject({ action: "delete", record_id: id });
    expect(deleted.changes.name).toEqual({ old: "Audit Town", new: null });
  });

  it("a refused change (400) leaves no row", async () => {
    const since = await maxId();
    expect((await t.call(admin, "POST", "/api/city/", { name: "", form_token: formToken() })).status).toBe(400);
    const [city] = await queryRows<{ id: number }>(t.db, sql`select id from city where deleted_at is null order by id limit 1`);
    expect((await t.call(admin, "PUT", `/api/city/${city.id}/`, { name: "x".repeat(5000) })).status).toBe(400);
    expect(await rowsSince(since)).toEqual([]);
  });
});

describe("documents", () => {
  it("a sale's create, edit and delete each leave one row, in its branch", async () => {
    const stock = await makeStock(t, w.inv.erbil, w.goods[0], "10");
    const body = debitSaleBody(w, [{ stock, quantity: "2", price: "500" }], { note: "first" });
    let sale: SaleAnswer | undefined;
    const created = await onlyRowOf(async () => {
      const res = await post<SaleAnswer>(t, admin, "sale/", body);
      expect(res.status).toBe(201);
      sale = res.body;
    });
    expect(created).toMatchObject({ action: "create", record_type: "sale", record_id: sale!.id, branch: w.erbil, user: adminId });
    expect(created.changes.note).toEqual({ old: null, new: "first" });
    // A create lists the fields holding a value; the form_token is bookkeeping.
    expect(created.changes).not.toHaveProperty("form_token");
    expect(Object.values(created.changes).filter((c) => c.new === "" || c.new === null)).toEqual([]);
    // The number given after the insert is part of the one create row.
    expect(created.changes.invoice_no).toEqual({ old: null, new: (sale as unknown as { invoice_no: number }).invoice_no });

    const edited = await onlyRowOf(async () => {
      const res = await t.call(admin, "PUT", `/api/sale/${sale!.id}/`, { ...body, note: "second" });
      expect(res.status).toBe(200);
    });
    expect(edited).toMatchObject({ action: "edit", record_id: sale!.id });
    expect(edited.changes.note).toEqual({ old: "first", new: "second" });

    const refusedSince = await maxId();
    const refused = await t.call(admin, "PUT", `/api/sale/${sale!.id}/`, { ...body, items: [{ stock, quantity: "9999", price: "500" }] });
    expect(refused.status).toBe(400);
    expect(await rowsSince(refusedSince)).toEqual([]);

    const deleted = await onlyRowOf(async () => {
      expect((await t.call(admin, "DELETE", `/api/sale/${sale!.id}/`)).status).toBe(200);
    });
    expect(deleted).toMatchObject({ action: "delete", record_id: sale!.id });
    expect(deleted.changes.note).toEqual({ old: "second", new: null });
  });

  it("a receipt that pays a sale is one row, the receipt's: the sale's paid amount is a side effect", async () => {
    const stock = await makeStock(t, w.inv.erbil, w.goods[2], "10");
    const sale = await post<SaleAnswer>(t, admin, "sale/", {
      branch: w.erbil,
      inventory: w.inv.erbil,
      customer: w.cust.aram,
      currency: w.iqd,
      payment_type: "debit",
      cashbox: null,
      paid_amount: "0",
      discount: "0",
      items: [{ stock, quantity: "1", price: "500" }],
    });
    expect(sale.status).toBe(201);
    let receiptId = 0;
    const row = await onlyRowOf(async () => {
      const res = await t.call<{ id: number }>(admin, "POST", "/api/accounting/receipt/", {
        branch: w.erbil,
        customer: w.cust.aram,
        cashbox: w.cash.erbilIqd,
        amount: "100",
        date: "2026-11-20",
        note: "",
        form_token: formToken(),
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      receiptId = res.body.id;
    });
    expect(row).toMatchObject({ action: "create", record_type: "receipt", record_id: receiptId });
    expect(row.changes.amount).toEqual({ old: null, new: 100 });
  });

  it("a transfer's approve is one 'approve' row", async () => {
    const stock = await makeStock(t, w.inv.erbil, w.goods[1], "10");
    const res = await t.call<{ id: number }>(admin, "POST", "/api/inventory-stock-transfer/", {
      branch: w.erbil,
      from_inventory: w.inv.erbil,
      to_inventory: w.inv.erbil2,
      items: [{ stock, quantity: "3" }],
      form_token: formToken(),
    });
    expect(res.status).toBe(201);
    const approved = await onlyRowOf(async () => {
      expect((await t.call(admin, "POST", `/api/inventory-stock-transfer/${res.body.id}/approve/`)).status).toBe(200);
    });
    expect(approved).toMatchObject({ action: "approve", record_type: "inventory_stock_transfer", record_id: res.body.id });
    expect(approved.changes.approved).toEqual({ old: false, new: true });
    expect(approved.changes.approved_by).toEqual({ old: null, new: adminId });
  });
});

describe("sign-in", () => {
  it("a sign-in is one row of its user; a wrong password none", async () => {
    const row = await onlyRowOf(() => t.login("admin"));
    expect(row).toMatchObject({ action: "sign-in", record_type: "app_user", record_id: adminId, user: adminId });
    const since = await maxId();
    expect((await t.call(null, "POST", "/api/login/", { username: "admin", password: "wrong-one" })).status).toBe(400);
    expect((await rowsSince(since)).filter((r) => r.action === "sign-in")).toEqual([]);
  });
});

describe("audit/ list", () => {
  it("has no write or delete route", async () => {
    const [row] = await rowsSince(0);
    for (const [method, url] of [
      ["POST", "/api/audit/"],
      ["PUT", `/api/audit/${row.id}/`],
      ["PATCH", `/api/audit/${row.id}/`],
      ["DELETE", `/api/audit/${row.id}/`],
    ] as const) {
      expect([404, 405]).toContain((await t.call(admin, method, url, {})).status);
    }
  });

  it("filters by record, user, action and date, and needs its permission", async () => {
    const res = await t.call<{ id: number }>(admin, "POST", "/api/city/", { name: "Filter City", form_token: formToken() });
    const byRecord = await t.call<Paged<AuditRow>>(admin, "GET", `/api/audit/?record_type=city&record_id=${res.body.id}`);
    expect(byRecord.body.results.map((r) => r.action)).toEqual(["create"]);
    const today = new Date().toISOString().slice(0, 10);
    const byUser = await t.call<Paged<AuditRow>>(
      admin,
      "GET",
      `/api/audit/?user=${adminId}&action=create&start_date=${today}&end_date=${today}`,
    );
    expect(byUser.body.results.length).toBeGreaterThan(0);
    expect(byUser.body.results.every((r) => r.user === adminId && r.action === "create")).toBe(true);
    const past = await t.call<Paged<AuditRow>>(admin, "GET", `/api/audit/?end_date=2000-01-01`);
    expect(past.body.count).toBe(0);
    expect((await t.call(admin, "GET", `/api/audit/?user=abc`)).status).toBe(400);
    const cashier = await t.login("cashier");
    expect((await t.call(cashier, "GET", "/api/audit/")).status).toBe(403);
  });
});
