import { afterEach, describe, expect, it } from "vitest";
import { MESSAGES } from "../../../src/core/messages";
import { currency } from "../../../src/server/db/tables";
import type { Paged } from "../../../src/core/api-types";
import { withTestApp } from "../support/test-lifecycle";
import { formToken, type TestApp } from "../support/test-app";
import { makeUser } from "../master-data/helpers";
import { signInSaleWorld, type SaleWorld } from "../sale/helpers";
import { cashboxStatement, cashboxes, unbalancedGroups, type Cashboxes } from "./ledger-helpers";

interface Conversion {
  id: number;
  invoice_no: number;
  branch: number;
  amount: string;
  exchange_rate: string;
  amount_in: string;
  from_cashbox: number;
  to_cashbox: number;
  input_date: string;
  updated_at: string;
}

let t: TestApp;
let admin: string;
let cashier: string;
let w: SaleWorld;
let boxes: Cashboxes;
const path = "/api/accounting/money-conversion/";

withTestApp(async (app) => {
  t = app;
  ({ w, admin, cashier } = await signInSaleWorld(t, "admin", "cashier"));
  boxes = cashboxes(t, () => admin);
});

afterEach(async () => {
  expect(await unbalancedGroups(t)).toBe(0);
});

const convert = (token: string, body: Record<string, unknown>, form_token = formToken("cv")) =>
  t.call<Conversion>(token, "POST", path, { date: "2026-11-20", note: "", ...body, form_token });

describe("accounting/money-conversion/", () => {
  it("converts at the stated rate both ways; each side's statement shows it and agrees with the list", async () => {
    const usd = await boxes.make(w.usd, w.erbil, "500");
    const iqd = await boxes.make(w.iqd, w.erbil, "1000000");
    const out = await convert(admin, { from_cashbox: usd, to_cashbox: iqd, amount: "100", exchange_rate: "1475" });
    expect(out.status).toBe(201);
    expect(out.body).toMatchObject({ branch: w.erbil, amount: "100.00", exchange_rate: "1475.000000", amount_in: "147500.00" });
    expect(out.body.invoice_no).toEqual(expect.any(Number));
    expect([await boxes.balance(usd), await boxes.balance(iqd)]).toEqual(["400.00", "1147500.00"]);

    const back = await convert(admin, { from_cashbox: iqd, to_cashbox: usd, amount: "295000", exchange_rate: "1475" });
    expect(back.body).toMatchObject({ amount: "295000.00", amount_in: "200.00" });
    expect([await boxes.balance(usd), await boxes.balance(iqd)]).toEqual(["600.00", "852500.00"]);

    const s = await cashboxStatement(t, admin, usd);
    expect(
      s.rows.filter((r) => r.document_type === "cashbox_money_conversion").map((r) => [r.document_id, r.document_no, r.debit, r.credit]),
    ).toEqual([
      [out.body.id, out.body.invoice_no, "0.00", "100.00"],
      [back.body.id, back.body.invoice_no, "200.00", "0.00"],
    ]);
    await cashboxStatement(t, admin, iqd);
  });

  it("defaults the rate to the latest exchange rate; without one says 'Please enter exchange rate'", async () => {
    const usd = await boxes.make(w.usd, w.erbil, "10");
    const iqd = await boxes.make(w.iqd, w.erbil);
    const res = await convert(admin, { from_cashbox: usd, to_cashbox: iqd, amount: "10" });
    expect(res.status).toBe(201);
    // The demo's latest USD rate is 1320 (seed.ts).
    expect(res.body).toMatchObject({ exchange_rate: "1320.000000", amount_in: "13200.00" });

    // A currency with no exchange rate recorded.
    const [{ id: eur }] = await t.db.insert(currency).values({ code: "EUR", name: "Euro", symbol: "€" }).returning({ id: currency.id });
    const eurBox = await boxes.make(eur, w.erbil);
    const none = await convert(admin, { from_cashbox: iqd, to_cashbox: eurBox, amount: "1000" });
    expect(none.status).toBe(400);
    expect(none.body).toEqual({ exchange_rate: [MESSAGES.enterExchangeRate] });
    const zero = await convert(admin, { from_cashbox: iqd, to_cashbox: usd, amount: "1000", exchange_rate: "0" });
    expect(zero.body).toEqual({ exchange_rate: [MESSAGES.enterExchangeRate] });
  });

  it("says why it refuses: same cashbox, same currency, not enough balance, another branch's cashbox", async () => {
    const usd = await boxes.make(w.usd, w.erbil, "50");
    const iqd = await boxes.make(w.iqd, w.erbil);
    const iqd2 = await boxes.make(w.iqd, w.erbil);
    expect(JSON.stringify((await convert(admin, { from_cashbox: usd, to_cashbox: usd, amount: "1" })).body)).toContain(
      MESSAGES.cashboxesMustDiffer,
    );
    expect((await convert(admin, { from_cashbox: iqd, to_cashbox: iqd2, amount: "1", exchange_rate: "1" })).body).toEqual({
      message: MESSAGES.conversionCurrenciesMustDiffer,
    });
    const short = await convert(admin, { from_cashbox: usd, to_cashbox: iqd, amount: "50.01", exchange_rate: "1400" });
    expect(short.status).toBe(400);
    expect(short.body).toEqual({ message: MESSAGES.cashboxBalanceNotEnough });
    expect(await boxes.balance(usd)).toBe("50.00");
    const suliUser = await makeUser(t, ["view_cashboxmoneyconversion", "add_cashboxmoneyconversion"], [w.suli]);
    expect((await convert(suliUser, { from_cashbox: usd, to_cashbox: w.cash.suliIqd, amount: "1" })).body).toEqual({
      from_cashbox: [MESSAGES.invalidChoice],
    });
  });

  it("edits and deletes reverse and repost; a delete that would overdraw the target is refused", async () => {
    const usd = await boxes.make(w.usd, w.erbil, "300");
    const iqd = await boxes.make(w.iqd, w.erbil);
    const iqdOther = await boxes.make(w.iqd, w.erbil);
    const cv = (await convert(admin, { from_cashbox: usd, to_cashbox: iqd, amount: "100", exchange_rate: "1500" })).body;
    const edited = await t.call<Conversion>(admin, "PUT", `${path}${cv.id}/`, {
      from_cashbox: usd,
      to_cashbox: iqd,
      amount: "200",
      exchange_rate: "1490",
      updated_at: cv.updated_at,
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ amount: "200.00", amount_in: "298000.00", invoice_no: cv.invoice_no });
    expect([await boxes.balance(usd), await boxes.balance(iqd)]).toEqual(["100.00", "298000.00"]);
    const patched = await t.call<Conversion>(admin, "PATCH", `${path}${cv.id}/`, { note: "counter 2" });
    expect(patched.body).toMatchObject({ amount: "200.00", amount_in: "298000.00" });
    const stale = await t.call(admin, "PUT", `${path}${cv.id}/`, {
      from_cashbox: usd,
      to_cashbox: iqd,
      amount: "1",
      updated_at: cv.updated_at,
    });
    expect(stale.status).toBe(423);

    // The dinars move on: undoing the conversion would leave the target below zero.
    await t.call(admin, "POST", "/api/accounting/cashbox-transfer/", {
      from_cashbox: iqd,
      to_cashbox: iqdOther,
      amount: "298000",
      form_token: formToken("tr"),
    });
    const refused = await t.call<{ message: string }>(admin, "DELETE", `${path}${cv.id}/`);
    expect(refused.body).toEqual({ message: MESSAGES.cashboxBalanceNotEnough });
    await t.call(admin, "POST", "/api/accounting/cashbox-transfer/", {
      from_cashbox: iqdOther,
      to_cashbox: iqd,
      amount: "298000",
      form_token: formToken("tr"),
    });
    expect((await t.call(admin, "DELETE", `${path}${cv.id}/`)).status).toBe(200);
    expect([await boxes.balance(usd), await boxes.balance(iqd)]).toEqual(["300.00", "0.00"]);
    expect((await t.call(admin, "GET", `${path}${cv.id}/`)).status).toBe(404);
    await cashboxStatement(t, admin, usd);
  });

  it("two conversions at once from one cashbox never overdraw it", async () => {
    const usd = await boxes.make(w.usd, w.erbil, "100");
    const iqd = await boxes.make(w.iqd, w.erbil);
    const [x, y] = await Promise.all([
      convert(admin, { from_cashbox: usd, to_cashbox: iqd, amount: "70", exchange_rate: "1400" }),
      convert(admin, { from_cashbox: usd, to_cashbox: iqd, amount: "70", exchange_rate: "1400" }),
    ]);
    expect([x.status, y.status].sort()).toEqual([201, 400]);
    expect([await boxes.balance(usd), await boxes.balance(iqd)]).toEqual(["30.00", "98000.00"]);
  });

  it("is idempotent; lists with totals; another branch is 404; permissions gate it", async () => {
    const usd = await boxes.make(w.usd, w.erbil, "50");
    const iqd = await boxes.make(w.iqd, w.erbil);
    const token = formToken("cv");
    const first = await convert(admin, { from_cashbox: usd, to_cashbox: iqd, amount: "10", exchange_rate: "1400" }, token);
    const replay = await convert(admin, { from_cashbox: usd, to_cashbox: iqd, amount: "10", exchange_rate: "1400" }, token);
    expect(replay.body.id).toBe(first.body.id);
    expect(await boxes.balance(usd)).toBe("40.00");
    const list = await t.call<Paged<Conversion>>(admin, "GET", `${path}?from_cashbox=${usd}`);
    expect(list.body.results.map((r) => r.id)).toEqual([first.body.id]);
    const totals = await t.call<Record<string, string>>(admin, "GET", `${path}totals/?to_cashbox=${iqd}`);
    expect(totals.body).toMatchObject({ sum_amount: "10.00", sum_amount_in: "14000.00" });

    const suliUser = await makeUser(
      t,
      ["view_cashboxmoneyconversion", "change_cashboxmoneyconversion", "delete_cashboxmoneyconversion"],
      [w.suli],
    );
    expect((await t.call(suliUser, "GET", `${path}${first.body.id}/`)).status).toBe(404);
    expect((await t.call(suliUser, "PATCH", `${path}${first.body.id}/`, { note: "x" })).status).toBe(404);
    expect((await t.call(suliUser, "DELETE", `${path}${first.body.id}/`)).status).toBe(404);
    expect((await t.call(cashier, "GET", path)).status).toBe(403);
    expect((await convert(cashier, { from_cashbox: usd, to_cashbox: iqd, amount: "1" })).status).toBe(403);
  });
});
