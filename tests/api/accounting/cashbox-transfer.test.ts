import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { queryRows } from "../../../src/server/db/client";
import { MESSAGES } from "../../../src/core/messages";
import type { Paged } from "../../../src/core/api-types";
import { withTestApp } from "../support/test-lifecycle";
import { formToken, type TestApp } from "../support/test-app";
import { makeUser } from "../master-data/helpers";
import { signInSaleWorld, type SaleWorld } from "../sale/helpers";

interface TransferAnswer {
  id: number;
  invoice_no: number;
  branch: number;
  amount: string;
  from_cashbox: number;
  to_cashbox: number;
  updated_at: string;
}
interface Message {
  message: string;
}

let t: TestApp;
let admin: string;
let cashier: string;
let w: SaleWorld;
let incomeType: number;

withTestApp(async (app) => {
  t = app;
  ({ w, admin, cashier } = await signInSaleWorld(t, "admin", "cashier"));
  incomeType = (await t.call<{ id: number }>(admin, "POST", "/api/accounting/income-type/", { name: "Float", form_token: formToken("it") }))
    .body.id;
});

let seq = 0;
async function newCashbox(currency = w.iqd, branch = w.erbil, funded = "0"): Promise<number> {
  seq += 1;
  const id = (
    await t.call<{ id: number }>(admin, "POST", "/api/accounting/cashbox/", {
      name: `TR box ${seq}`,
      branch,
      currency,
      form_token: formToken("cb"),
    })
  ).body.id;
  if (funded !== "0") {
    const res = await t.call(admin, "POST", "/api/accounting/income/", {
      branch,
      income_type: incomeType,
      cashbox: id,
      amount: funded,
      // Funded before any date a test writes on: no cashbox may go below zero on any day.
      input_date: "2020-01-01",
      form_token: formToken("in"),
    });
    expect(res.status).toBe(201);
  }
  return id;
}
const transfer = (token: string, body: Record<string, unknown>, form_token = formToken("tr")) =>
  t.call<TransferAnswer>(token, "POST", "/api/accounting/cashbox-transfer/", { date: "2026-11-20", note: "", ...body, form_token });
const balanceOf = async (id: number) => (await t.call<{ balance: string }>(admin, "GET", `/api/accounting/cashbox/${id}/`)).body.balance;

async function unbalanced(): Promise<number> {
  const rows = await queryRows<{ n: string }>(
    t.db,
    sql`select count(*) as n from (select document_type, document_id, currency_id from ledger_entry group by 1, 2, 3 having sum(debit) <> sum(credit)) x`,
  );
  return Number(rows[0].n);
}

describe("accounting/cashbox-transfer/", () => {
  it("moves money between two cashboxes of one currency, even across the caller's branches", async () => {
    const a = await newCashbox(w.iqd, w.erbil, "1000");
    const b = await newCashbox(w.iqd, w.suli);
    const res = await transfer(admin, { from_cashbox: a, to_cashbox: b, amount: "400" });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ branch: w.erbil, amount: "400.00", from_cashbox: a, to_cashbox: b });
    expect(res.body.invoice_no).toEqual(expect.any(Number));
    expect(await balanceOf(a)).toBe("600.00");
    expect(await balanceOf(b)).toBe("400.00");
    expect(await unbalanced()).toBe(0);
  });

  it("says why it refuses: same cashbox, another currency, not enough balance", async () => {
    const a = await newCashbox(w.iqd, w.erbil, "100");
    const usd = await newCashbox(w.usd);
    const b = await newCashbox(w.iqd);
    const same = await transfer(admin, { from_cashbox: a, to_cashbox: a, amount: "1" });
    expect(same.status).toBe(400);
    expect(JSON.stringify(same.body)).toContain(MESSAGES.cashboxesMustDiffer);
    expect((await transfer(admin, { from_cashbox: a, to_cashbox: usd, amount: "1" })).body).toEqual({
      message: MESSAGES.cashboxesCurrencyMustMatch,
    });
    expect((await transfer(admin, { from_cashbox: a, to_cashbox: b, amount: "100.01" })).body).toEqual({
      message: MESSAGES.cashboxBalanceNotEnough,
    });
    expect((await transfer(admin, { from_cashbox: 999999, to_cashbox: b, amount: "1" })).body).toEqual({
      from_cashbox: [MESSAGES.invalidChoice],
    });
  });

  it("edits and deletes reverse the old posting; a delete that would overdraw the receiver is refused", async () => {
    const a = await newCashbox(w.iqd, w.erbil, "500");
    const b = await newCashbox(w.iqd);
    const c = await newCashbox(w.iqd);
    const tr = (await transfer(admin, { from_cashbox: a, to_cashbox: b, amount: "300" })).body;
    const edited = await t.call<TransferAnswer>(admin, "PUT", `/api/accounting/cashbox-transfer/${tr.id}/`, {
      from_cashbox: a,
      to_cashbox: c,
      amount: "200",
      updated_at: tr.updated_at,
    });
    expect(edited.status).toBe(200);
    expect([await balanceOf(a), await balanceOf(b), await balanceOf(c)]).toEqual(["300.00", "0.00", "200.00"]);
    // c passes its 200 on: undoing the first transfer would leave c below zero.
    await transfer(admin, { from_cashbox: c, to_cashbox: b, amount: "200" });
    const refused = await t.call<Message>(admin, "DELETE", `/api/accounting/cashbox-transfer/${tr.id}/`);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(MESSAGES.cashboxBalanceNotEnough);
    expect(await unbalanced()).toBe(0);
  });

  it("two transfers at once from one cashbox never overdraw it", async () => {
    const a = await newCashbox(w.iqd, w.erbil, "100");
    const b = await newCashbox(w.iqd);
    const c = await newCashbox(w.iqd);
    const [x, y] = await Promise.all([
      transfer(admin, { from_cashbox: a, to_cashbox: b, amount: "70" }),
      transfer(admin, { from_cashbox: a, to_cashbox: c, amount: "70" }),
    ]);
    expect([x.status, y.status].sort()).toEqual([201, 400]);
    expect(await balanceOf(a)).toBe("30.00");
  });

  it("is idempotent; lists; another branch is 404; cashbox permissions gate it", async () => {
    const a = await newCashbox(w.iqd, w.erbil, "50");
    const b = await newCashbox(w.iqd);
    const token = formToken("tr");
    const first = await transfer(admin, { from_cashbox: a, to_cashbox: b, amount: "10" }, token);
    const replay = await transfer(admin, { from_cashbox: a, to_cashbox: b, amount: "10" }, token);
    expect(replay.body.id).toBe(first.body.id);
    expect(await balanceOf(a)).toBe("40.00");
    const list = await t.call<Paged<TransferAnswer>>(admin, "GET", `/api/accounting/cashbox-transfer/?from_cashbox=${a}`);
    expect(list.body.results.map((r) => r.id)).toEqual([first.body.id]);
    expect((await t.call(admin, "GET", "/api/accounting/cashbox-transfer/?id=99999999999999999999")).status).toBeLessThan(500);

    const suliUser = await makeUser(t, ["view_cashbox", "add_cashbox", "change_cashbox", "delete_cashbox"], [w.suli]);
    expect((await t.call(suliUser, "GET", `/api/accounting/cashbox-transfer/${first.body.id}/`)).status).toBe(404);
    expect((await t.call(suliUser, "DELETE", `/api/accounting/cashbox-transfer/${first.body.id}/`)).status).toBe(404);
    expect((await transfer(suliUser, { from_cashbox: a, to_cashbox: w.cash.suliIqd, amount: "1" })).body).toEqual({
      from_cashbox: [MESSAGES.invalidChoice],
    });
    expect((await t.call(cashier, "GET", "/api/accounting/cashbox-transfer/")).status).toBe(403);
    expect((await transfer(cashier, { from_cashbox: a, to_cashbox: b, amount: "1" })).status).toBe(403);
  });
});
