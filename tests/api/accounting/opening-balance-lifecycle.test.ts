import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Paged } from "../../../src/core/api-types";
import { MESSAGES } from "../../../src/core/messages";
import { queryRows } from "../../../src/server/db/client";
import { signInSaleWorld, type SaleWorld } from "../sale/helpers";
import { withTestApp } from "../support/test-lifecycle";
import { formToken, type TestApp } from "../support/test-app";

interface Row {
  id: number;
  branch: number;
  input_date: string;
  stock_value: string;
  cashbox_count: number;
  customer_count: number;
  supplier_count: number;
  stock_count: number;
}
interface Doc extends Row {
  cashboxes: { cashbox: number; cashbox_name: string; amount: string; currency_code: string }[];
  customers: { customer: number; currency: number; amount: string }[];
  stock: {
    inventory: number;
    item: number;
    batch_number: string;
    expire_date: string | null;
    quantity: string;
    cost: string;
    total_cost: string;
  }[];
}

let t: TestApp;
let admin: string;
let w: SaleWorld;
const path = "/api/accounting/opening-balance/";

withTestApp(async (app) => {
  t = app;
  ({ w, admin } = await signInSaleWorld(t, "admin"));
});

const ledgerOf = async (id: number) =>
  queryRows<{ rows: number; net: string; reversals: number }>(
    t.db,
    sql`select count(*)::int as rows, coalesce(sum(debit - credit), 0)::text as net,
          count(*) filter (where memo = 'reversal')::int as reversals
        from ledger_entry where document_type = 'opening_balance' and document_id = ${id}`,
  );
const balanceOf = async (cashbox: number) =>
  (
    await queryRows<{ b: string }>(
      t.db,
      sql`select coalesce(sum(debit - credit), 0)::text as b from ledger_entry where account_type = 'cashbox' and account_id = ${cashbox}`,
    )
  )[0].b;
const erbilDoc = async () => {
  const list = await t.call<Paged<Row>>(admin, "GET", `${path}?branch=${w.erbil}`);
  return (await t.call<Doc>(admin, "GET", `${path}${list.body.results[0].id}/`)).body;
};
const bodyOf = (doc: Doc) => ({
  branch: doc.branch,
  input_date: doc.input_date,
  cashboxes: doc.cashboxes.map(({ cashbox, amount }) => ({ cashbox, amount })),
  stock: doc.stock.map(({ inventory, item, batch_number, expire_date, quantity, cost }) => ({
    inventory,
    item,
    batch_number,
    expire_date,
    quantity,
    cost,
  })),
});

describe("opening balance: list, view, create, replay, delete, closed periods", () => {
  it("lists one row per branch with its line counts and its stock's value at cost", async () => {
    const list = await t.call<Paged<Row>>(admin, "GET", path);
    expect(list.status).toBe(200);
    const branches = list.body.results.map((r) => r.branch);
    expect(new Set(branches).size).toBe(branches.length);
    expect(branches).toEqual(expect.arrayContaining([w.erbil, w.suli]));
    const row = list.body.results.find((r) => r.branch === w.erbil)!;
    const doc = await erbilDoc();
    expect(row.stock_count).toBe(doc.stock.length);
    const cents = doc.stock.reduce((s, l) => s + Math.round(Number(l.total_cost) * 100), 0);
    expect(Math.round(Number(row.stock_value) * 100)).toBe(cents);
    expect((await t.call(admin, "GET", `${path}999999/`)).status).toBe(404);
  });

  it("a new branch's document is created once (a replayed form token answers it again), viewed, and deleted append-only", async () => {
    const branch = await t.call<{ id: number }>(admin, "POST", "/api/branch/", {
      name: "Opening branch",
      color: "#336699",
      form_token: formToken("br"),
    });
    expect(branch.status).toBe(201);
    const box = await t.call<{ id: number }>(admin, "POST", "/api/accounting/cashbox/", {
      name: "Opening box",
      branch: branch.body.id,
      currency: w.iqd,
      form_token: formToken("cb"),
    });
    expect(box.status).toBe(201);
    const admin2 = await t.login("admin");
    const token = formToken("ob");
    const body = { branch: branch.body.id, date: "2026-01-05", cashboxes: [{ cashbox: box.body.id, amount: "250000" }], form_token: token };
    const created = await t.call<Doc>(admin2, "POST", path, body);
    expect(created.status).toBe(201);
    expect(created.body.cashboxes).toEqual([expect.objectContaining({ cashbox: box.body.id, amount: "250000.00", currency_code: "IQD" })]);
    const replay = await t.call<Doc>(admin2, "POST", path, body);
    expect(replay.body.id).toBe(created.body.id);
    const second = await t.call<Record<string, string[]>>(admin2, "POST", path, { ...body, form_token: formToken("ob") });
    expect(second.status).toBe(400);
    expect(second.body.branch).toEqual([MESSAGES.openingBalanceExists]);
    expect(await balanceOf(box.body.id)).toBe("250000.00");

    const read = await t.call<Doc>(admin2, "GET", `${path}${created.body.id}/`);
    expect(read.status).toBe(200);
    expect(read.body.cashboxes[0].cashbox_name).toBe("Opening box");

    const gone = await t.call<{ message: string }>(admin2, "DELETE", `${path}${created.body.id}/`);
    expect(gone.status).toBe(200);
    expect((await t.call(admin2, "GET", `${path}${created.body.id}/`)).status).toBe(404);
    const [ledger] = await ledgerOf(created.body.id);
    expect(ledger).toEqual({ rows: 4, net: "0.00", reversals: 2 });
    expect(await balanceOf(box.body.id)).toBe("0.00");
    // The branch is free again.
    const again = await t.call<Doc>(admin2, "POST", path, { ...body, form_token: formToken("ob") });
    expect(again.status).toBe(201);
  });

  it("refuses an edit and a delete dated in a closed period, changing nothing", async () => {
    const doc = await erbilDoc();
    const lock = await t.call(admin, "PUT", "/api/accounting/period-lock/", { branch: w.erbil, lock_date: doc.input_date });
    expect(lock.status).toBe(200);
    const [before] = await ledgerOf(doc.id);
    const edit = await t.call<{ message: string }>(admin, "PUT", `${path}${doc.id}/`, {
      ...bodyOf(doc),
      cashboxes: [{ cashbox: w.cash.erbilIqd, amount: "1000" }],
    });
    expect(edit.status).toBe(400);
    expect(edit.body.message).toBe(MESSAGES.periodClosed);
    const gone = await t.call<{ message: string }>(admin, "DELETE", `${path}${doc.id}/`);
    expect(gone.status).toBe(400);
    expect(gone.body.message).toBe(MESSAGES.periodClosed);
    expect(await ledgerOf(doc.id)).toEqual([before]);
    expect((await erbilDoc()).cashboxes).toEqual(doc.cashboxes);
  });
});
