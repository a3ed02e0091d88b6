import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { MESSAGES } from "../../../src/core/messages";
import type { Paged } from "../../../src/core/api-types";
import { queryRows } from "../../../src/server/db/client";
import { withTestApp } from "../support/test-lifecycle";
import { formToken, type TestApp } from "../support/test-app";
import { makeUser } from "../master-data/helpers";
import { signInSaleWorld, type SaleWorld } from "../sale/helpers";
import { cashboxStatement, cashboxes, unbalancedGroups, type Cashboxes } from "./ledger-helpers";

interface Capital {
  id: number;
  invoice_no: number;
  branch: number;
  direction: string;
  partner: number | null;
  partner_name: string | null;
  cashbox: number;
  amount: string;
  updated_at: string;
}

let t: TestApp;
let admin: string;
let cashier: string;
let w: SaleWorld;
let boxes: Cashboxes;
let partner: number;
const path = "/api/accounting/capital/";

withTestApp(async (app) => {
  t = app;
  ({ w, admin, cashier } = await signInSaleWorld(t, "admin", "cashier"));
  boxes = cashboxes(t, () => admin);
  [{ id: partner }] = await queryRows<{ id: number }>(t.db, sql`select id from partner where name = 'Karwan Trading'`);
});

afterEach(async () => {
  expect(await unbalancedGroups(t)).toBe(0);
});

const post = (token: string, body: Record<string, unknown>, form_token = formToken("cap")) =>
  t.call<Capital>(token, "POST", path, { branch: w.erbil, date: "2026-11-20", ...body, form_token });
const partnerCapital = async (id: number | null) => {
  const [row] = await queryRows<{ b: string }>(
    t.db,
    sql`select coalesce(sum(credit - debit), 0)::text as b from ledger_entry where account_type = 'capital' and account_id is not distinct from ${id}`,
  );
  return row.b;
};

describe("accounting/capital/", () => {
  it("puts money in and draws it out through a cashbox, by partner or none; the statement agrees", async () => {
    const box = await boxes.make(w.iqd, w.erbil);
    const before = await partnerCapital(partner);
    const put = await post(admin, { direction: "in", partner, cashbox: box, amount: "1000000" });
    expect(put.status).toBe(201);
    expect(put.body).toMatchObject({ direction: "in", partner, partner_name: "Karwan Trading", amount: "1000000.00" });
    const drawn = await post(admin, { direction: "out", cashbox: box, amount: "250000" });
    expect(drawn.body).toMatchObject({ direction: "out", partner: null });
    expect(await boxes.balance(box)).toBe("750000.00");
    expect(Number(await partnerCapital(partner)) - Number(before)).toBe(1000000);
    const s = await cashboxStatement(t, admin, box);
    expect(s.rows.map((r) => [r.document_type, r.document_no, r.debit, r.credit])).toEqual([
      ["capital", put.body.invoice_no, "1000000.00", "0.00"],
      ["capital", drawn.body.invoice_no, "0.00", "250000.00"],
    ]);
  });

  it("a drawing never takes the cashbox below zero, nor does undoing money put in that was spent", async () => {
    const box = await boxes.make(w.iqd, w.erbil);
    const put = (await post(admin, { direction: "in", cashbox: box, amount: "500" })).body;
    expect((await post(admin, { direction: "out", cashbox: box, amount: "500.01" })).body).toEqual({
      message: MESSAGES.cashboxBalanceNotEnough,
    });
    await post(admin, { direction: "out", cashbox: box, amount: "300" });
    expect((await t.call(admin, "DELETE", `${path}${put.id}/`)).body).toEqual({ message: MESSAGES.cashboxBalanceNotEnough });
    const lowered = await t.call(admin, "PUT", `${path}${put.id}/`, { branch: w.erbil, direction: "in", cashbox: box, amount: "200" });
    expect(lowered.status).toBe(400);
    const edited = await t.call<Capital>(admin, "PUT", `${path}${put.id}/`, {
      branch: w.erbil,
      direction: "in",
      cashbox: box,
      amount: "350",
      partner,
    });
    expect(edited.body).toMatchObject({ amount: "350.00", partner });
    expect(await boxes.balance(box)).toBe("50.00");
    await cashboxStatement(t, admin, box);
  });

  it("two drawings at once from one cashbox never overdraw it", async () => {
    const box = await boxes.make(w.iqd, w.erbil);
    await post(admin, { direction: "in", cashbox: box, amount: "100" });
    const [x, y] = await Promise.all([
      post(admin, { direction: "out", cashbox: box, amount: "60" }),
      post(admin, { direction: "out", cashbox: box, amount: "60" }),
    ]);
    expect([x.status, y.status].sort()).toEqual([201, 400]);
    expect(await boxes.balance(box)).toBe("40.00");
  });

  it("refuses a wrong direction, an unknown partner, a cashbox of another branch", async () => {
    const box = await boxes.make(w.iqd, w.erbil);
    expect(Object.keys((await post(admin, { direction: "sideways", cashbox: box, amount: "1" })).body as object)).toEqual(["direction"]);
    expect((await post(admin, { direction: "in", partner: 999999, cashbox: box, amount: "1" })).body).toEqual({
      partner: [MESSAGES.invalidChoice],
    });
    expect((await post(admin, { direction: "in", cashbox: w.cash.suliIqd, amount: "1" })).body).toEqual({
      cashbox: [MESSAGES.invalidChoice],
    });
    expect((await post(admin, { direction: "in", cashbox: box, amount: "0" })).status).toBe(400);
  });

  it("is idempotent; lists with a signed total; another branch is 404; permissions gate it", async () => {
    const box = await boxes.make(w.iqd, w.erbil);
    const token = formToken("cap");
    const first = await post(admin, { direction: "in", cashbox: box, amount: "70" }, token);
    expect((await post(admin, { direction: "in", cashbox: box, amount: "70" }, token)).body.id).toBe(first.body.id);
    await post(admin, { direction: "out", cashbox: box, amount: "20" });
    const list = await t.call<Paged<Capital>>(admin, "GET", `${path}?cashbox=${box}`);
    expect(list.body.results).toHaveLength(2);
    expect((await t.call<Record<string, string>>(admin, "GET", `${path}totals/?cashbox=${box}`)).body).toMatchObject({
      sum_amount: "50.00",
    });
    const suliUser = await makeUser(t, ["view_capital", "add_capital", "change_capital", "delete_capital"], [w.suli]);
    expect((await t.call(suliUser, "GET", `${path}${first.body.id}/`)).status).toBe(404);
    expect((await t.call(suliUser, "DELETE", `${path}${first.body.id}/`)).status).toBe(404);
    expect((await post(suliUser, { direction: "in", cashbox: box, amount: "1" })).body).toEqual({ branch: [MESSAGES.invalidChoice] });
    expect((await t.call(cashier, "GET", path)).status).toBe(403);
    expect((await post(cashier, { direction: "in", cashbox: box, amount: "1" })).status).toBe(403);
  });
});

describe("demo capital", () => {
  it("opens the demo month, so no demo cashbox is below zero", async () => {
    const rows = await queryRows<{ id: number; balance: string }>(
      t.db,
      sql`select c.id, coalesce(sum(le.debit - le.credit), 0)::text as balance from cashbox c
          left join ledger_entry le on le.account_type = 'cashbox' and le.account_id = c.id and le.currency_id = c.currency_id
          where c.name like '% cashbox' group by c.id`,
    );
    expect(rows.length).toBeGreaterThanOrEqual(4);
    expect(rows.filter((r) => Number(r.balance) < 0)).toEqual([]);
    const opening = await queryRows<{ n: string }>(t.db, sql`select count(*) as n from capital where note = 'Opening capital'`);
    expect(Number(opening[0].n)).toBe(rows.length);
  });
});
