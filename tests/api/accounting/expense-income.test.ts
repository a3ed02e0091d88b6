import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { queryRows } from "../../../src/server/db/client";
import { MESSAGES } from "../../../src/core/messages";
import type { Paged } from "../../../src/core/api-types";
import { withTestApp } from "../support/test-lifecycle";
import { formToken, type TestApp } from "../support/test-app";
import { makeUser } from "../master-data/helpers";
import { signInSaleWorld, type SaleWorld } from "../sale/helpers";

interface DocAnswer {
  id: number;
  invoice_no: number;
  amount: string;
  cashbox: number;
  currency_code: string;
  updated_at: string;
  expense_type_name?: string;
}
interface Message {
  message: string;
}

let t: TestApp;
let admin: string;
let cashier: string;
let w: SaleWorld;
let rent: number;
let commission: number;

withTestApp(async (app) => {
  t = app;
  ({ w, admin, cashier } = await signInSaleWorld(t, "admin", "cashier"));
  rent = (await t.call<{ id: number }>(admin, "POST", "/api/accounting/expense-type/", { name: "Rent", form_token: formToken("et") })).body
    .id;
  commission = (
    await t.call<{ id: number }>(admin, "POST", "/api/accounting/income-type/", { name: "Commission", form_token: formToken("it") })
  ).body.id;
});

let seq = 0;
async function newCashbox(currency = w.iqd): Promise<number> {
  seq += 1;
  const res = await t.call<{ id: number }>(admin, "POST", "/api/accounting/cashbox/", {
    name: `EI box ${seq}`,
    branch: w.erbil,
    currency,
    form_token: formToken("cb"),
  });
  return res.body.id;
}
const expense = (token: string, body: Record<string, unknown>, form_token = formToken("ex")) =>
  t.call<DocAnswer>(token, "POST", "/api/accounting/expense/", {
    branch: w.erbil,
    expense_type: rent,
    date: "2026-11-20",
    note: "",
    ...body,
    form_token,
  });
const income = (token: string, body: Record<string, unknown>, form_token = formToken("in")) =>
  t.call<DocAnswer>(token, "POST", "/api/accounting/income/", {
    branch: w.erbil,
    income_type: commission,
    date: "2026-11-20",
    note: "",
    ...body,
    form_token,
  });
const balanceOf = async (id: number) => (await t.call<{ balance: string }>(admin, "GET", `/api/accounting/cashbox/${id}/`)).body.balance;

async function unbalanced(): Promise<number> {
  const rows = await queryRows<{ n: string }>(
    t.db,
    sql`select count(*) as n from (select document_type, document_id, currency_id from ledger_entry group by 1, 2, 3 having sum(debit) <> sum(credit)) x`,
  );
  return Number(rows[0].n);
}

describe("expense and income types", () => {
  it("are full resources; a type in use cannot be deleted", async () => {
    const list = await t.call<Paged<{ name: string }>>(admin, "GET", "/api/accounting/expense-type/?search=Rent");
    expect(list.body.results.map((r) => r.name)).toContain("Rent");
    const box = await newCashbox();
    await income(admin, { cashbox: box, amount: "10" });
    const refused = await t.call<Message>(admin, "DELETE", `/api/accounting/income-type/${commission}/`);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(MESSAGES.recordInUse);
    const spare = (
      await t.call<{ id: number }>(admin, "POST", "/api/accounting/expense-type/", { name: "Spare", form_token: formToken("et") })
    ).body.id;
    expect((await t.call(admin, "DELETE", `/api/accounting/expense-type/${spare}/`)).status).toBe(200);
    expect((await t.call(cashier, "GET", "/api/accounting/expense-type/")).status).toBe(403);
  });
});

describe("accounting/income/ and accounting/expense/", () => {
  it("an income fills the cashbox, an expense spends it; never below zero", async () => {
    const box = await newCashbox();
    const inc = await income(admin, { cashbox: box, amount: "500" });
    expect(inc.status).toBe(201);
    expect(inc.body.invoice_no).toEqual(expect.any(Number));
    expect(await balanceOf(box)).toBe("500.00");
    const tooMuch = await expense(admin, { cashbox: box, amount: "500.01" });
    expect(tooMuch.status).toBe(400);
    expect((tooMuch.body as unknown as Message).message).toBe(MESSAGES.cashboxBalanceNotEnough);
    const ok = await expense(admin, { cashbox: box, amount: "500" });
    expect(ok.status).toBe(201);
    expect(ok.body.expense_type_name).toBe("Rent");
    expect(await balanceOf(box)).toBe("0.00");
    // The income's money is spent: deleting it, or cutting it, would overdraw the cashbox.
    const del = await t.call<Message>(admin, "DELETE", `/api/accounting/income/${inc.body.id}/`);
    expect(del.status).toBe(400);
    expect(del.body.message).toBe(MESSAGES.cashboxBalanceNotEnough);
    expect((await t.call<Message>(admin, "PATCH", `/api/accounting/income/${inc.body.id}/`, { amount: "400" })).body.message).toBe(
      MESSAGES.cashboxBalanceNotEnough,
    );
    // Deleting the expense gives the money back; then the income can go.
    expect((await t.call(admin, "DELETE", `/api/accounting/expense/${ok.body.id}/`)).status).toBe(200);
    expect((await t.call(admin, "DELETE", `/api/accounting/income/${inc.body.id}/`)).status).toBe(200);
    expect(await balanceOf(box)).toBe("0.00");
    expect(await unbalanced()).toBe(0);
  });

  it("edits reverse and repost; the cashbox may change, its currency is the document's", async () => {
    const box = await newCashbox();
    const other = await newCashbox();
    const inc = (await income(admin, { cashbox: box, amount: "300" })).body;
    const moved = await t.call<DocAnswer>(admin, "PUT", `/api/accounting/income/${inc.id}/`, {
      income_type: commission,
      cashbox: other,
      amount: "250",
      date: "2026-11-21",
      updated_at: inc.updated_at,
    });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ cashbox: other, amount: "250.00" });
    expect(await balanceOf(box)).toBe("0.00");
    expect(await balanceOf(other)).toBe("250.00");
    const [n] = await queryRows<{ n: string }>(
      t.db,
      sql`select count(*) as n from ledger_entry where document_type = 'income' and document_id = ${inc.id}`,
    );
    expect(Number(n.n)).toBe(6);
    expect(
      (
        await t.call(admin, "PUT", `/api/accounting/income/${inc.id}/`, {
          income_type: commission,
          cashbox: other,
          amount: "1",
          updated_at: inc.updated_at,
        })
      ).status,
    ).toBe(423);
  });

  it("refuses another currency, unknown types and cashboxes", async () => {
    const box = await newCashbox(w.iqd);
    expect((await income(admin, { cashbox: box, currency: w.usd, amount: "1" })).body).toEqual({
      message: MESSAGES.cashboxCurrencyMismatch,
    });
    expect((await income(admin, { cashbox: box, income_type: 999999, amount: "1" })).body).toEqual({
      income_type: [MESSAGES.invalidChoice],
    });
    expect((await expense(admin, { cashbox: 999999, amount: "1" })).body).toEqual({ cashbox: [MESSAGES.invalidChoice] });
    const missing = await expense(admin, { amount: "-1" });
    expect(missing.body).toMatchObject({ cashbox: [MESSAGES.cashboxRequired] });
  });

  it("two expenses at once from one cashbox never overdraw it", async () => {
    const box = await newCashbox();
    await income(admin, { cashbox: box, amount: "100" });
    const [a, b] = await Promise.all([expense(admin, { cashbox: box, amount: "60" }), expense(admin, { cashbox: box, amount: "60" })]);
    expect([a.status, b.status].sort()).toEqual([201, 400]);
    expect(await balanceOf(box)).toBe("40.00");
  });

  it("is idempotent; lists with totals; another branch is 404; no permission is 403", async () => {
    const box = await newCashbox();
    const token = formToken("in");
    const first = await income(admin, { cashbox: box, amount: "75" }, token);
    const replay = await income(admin, { cashbox: box, amount: "75" }, token);
    expect(replay.body.id).toBe(first.body.id);
    expect(await balanceOf(box)).toBe("75.00");
    const totals = await t.call<Record<string, string>>(admin, "GET", `/api/accounting/income/totals/?cashbox=${box}`);
    expect(totals.body.sum_amount).toBe("75.00");
    expect((await t.call(admin, "GET", "/api/accounting/expense/?id=99999999999999999999")).status).toBeLessThan(500);

    const suliUser = await makeUser(t, ["view_income", "change_income", "delete_income", "add_income"], [w.suli]);
    expect((await t.call(suliUser, "GET", `/api/accounting/income/${first.body.id}/`)).status).toBe(404);
    expect((await t.call(suliUser, "DELETE", `/api/accounting/income/${first.body.id}/`)).status).toBe(404);
    expect((await income(suliUser, { cashbox: box, amount: "1" })).body).toEqual({ branch: [MESSAGES.invalidChoice] });
    expect((await t.call(cashier, "GET", "/api/accounting/expense/")).status).toBe(403);
    expect((await expense(cashier, { cashbox: box, amount: "1" })).status).toBe(403);
  });
});
