import { afterEach, describe, expect, it } from "vitest";
import { MESSAGES } from "../../../src/core/messages";
import type { Paged } from "../../../src/core/api-types";
import { withTestApp } from "../support/test-lifecycle";
import { formToken, type TestApp } from "../support/test-app";
import { makeUser } from "../master-data/helpers";
import { signInSaleWorld, type SaleWorld } from "../sale/helpers";
import { cashboxStatement, cashboxes, unbalancedGroups, type Cashboxes } from "./ledger-helpers";

interface Adjustment {
  id: number;
  invoice_no: number;
  branch: number;
  cashbox: number;
  expected_balance: string;
  counted_balance: string;
  amount: string;
  reason: string;
  count_id: number | null;
  updated_at: string;
}
interface Count {
  id: number;
  invoice_no: number;
  cashbox: number;
  shift: string;
  expected_balance: string;
  counted_balance: string;
  difference: string;
  closed_by_name: string;
  closed_at: string;
  adjustment: number | null;
  adjustment_no: number | null;
}

let t: TestApp;
let admin: string;
let cashier: string;
let w: SaleWorld;
let boxes: Cashboxes;
const path = "/api/accounting/cashbox-adjustment/";
const countPath = "/api/accounting/cashbox-count/";

withTestApp(async (app) => {
  t = app;
  ({ w, admin, cashier } = await signInSaleWorld(t, "admin", "cashier"));
  boxes = cashboxes(t, () => admin);
});

afterEach(async () => {
  expect(await unbalancedGroups(t)).toBe(0);
});

const adjust = (token: string, body: Record<string, unknown>, form_token = formToken("adj")) =>
  t.call<Adjustment>(token, "POST", path, { reason: "Miscount", date: "2026-11-20", ...body, form_token });
const count = (token: string, body: Record<string, unknown>, form_token = formToken("cnt")) =>
  t.call<Count>(token, "POST", countPath, { ...body, form_token });

describe("accounting/cashbox-adjustment/", () => {
  it("books the difference between the counted and the ledger's balance, in or out, with its reason", async () => {
    const box = await boxes.make(w.iqd, w.erbil, "1000");
    const short = await adjust(admin, { cashbox: box, counted_balance: "950", reason: "Short at close" });
    expect(short.status).toBe(201);
    expect(short.body).toMatchObject({
      expected_balance: "1000.00",
      counted_balance: "950.00",
      amount: "-50.00",
      reason: "Short at close",
    });
    expect(await boxes.balance(box)).toBe("950.00");
    const over = await adjust(admin, { cashbox: box, counted_balance: "975.25" });
    expect(over.body).toMatchObject({ expected_balance: "950.00", amount: "25.25" });
    expect(await boxes.balance(box)).toBe("975.25");
    const s = await cashboxStatement(t, admin, box);
    expect(s.rows.filter((r) => r.document_type === "cashbox_adjustment").map((r) => [r.document_id, r.debit, r.credit])).toEqual([
      [short.body.id, "0.00", "50.00"],
      [over.body.id, "25.25", "0.00"],
    ]);
  });

  it("says why it refuses: nothing to adjust, a negative count, no reason, another branch's cashbox", async () => {
    const box = await boxes.make(w.iqd, w.erbil, "100");
    expect((await adjust(admin, { cashbox: box, counted_balance: "100" })).body).toEqual({ message: MESSAGES.nothingToAdjust });
    const negative = await adjust(admin, { cashbox: box, counted_balance: "-1" });
    expect(negative.status).toBe(400);
    expect(Object.keys(negative.body as object)).toEqual(["counted_balance"]);
    expect((await adjust(admin, { cashbox: box, counted_balance: "90", reason: "" })).body).toEqual({ reason: [MESSAGES.required] });
    expect((await adjust(admin, { counted_balance: "90" })).body).toEqual({ cashbox: [MESSAGES.cashboxRequired] });
    const suliUser = await makeUser(t, ["view_cashboxadjustment", "add_cashboxadjustment"], [w.suli]);
    expect((await adjust(suliUser, { cashbox: box, counted_balance: "1" })).body).toEqual({ cashbox: [MESSAGES.invalidChoice] });
    expect(await boxes.balance(box)).toBe("100.00");
  });

  it("an edit keeps the expected balance and re-books the difference; a delete reverses it unless the money is gone", async () => {
    const box = await boxes.make(w.iqd, w.erbil, "200");
    const other = await boxes.make(w.iqd, w.erbil);
    const adj = (await adjust(admin, { cashbox: box, counted_balance: "260" })).body;
    expect(await boxes.balance(box)).toBe("260.00");
    const edited = await t.call<Adjustment>(admin, "PUT", `${path}${adj.id}/`, {
      cashbox: box,
      counted_balance: "230",
      reason: "Recounted",
      updated_at: adj.updated_at,
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ expected_balance: "200.00", amount: "30.00", invoice_no: adj.invoice_no });
    expect(await boxes.balance(box)).toBe("230.00");
    // The surplus is spent: undoing it would leave the cashbox below zero.
    await t.call(admin, "POST", "/api/accounting/cashbox-transfer/", {
      from_cashbox: box,
      to_cashbox: other,
      amount: "230",
      form_token: formToken("tr"),
    });
    expect((await t.call(admin, "DELETE", `${path}${adj.id}/`)).body).toEqual({ message: MESSAGES.cashboxBalanceNotEnough });
    await t.call(admin, "POST", "/api/accounting/cashbox-transfer/", {
      from_cashbox: other,
      to_cashbox: box,
      amount: "230",
      form_token: formToken("tr"),
    });
    expect((await t.call(admin, "DELETE", `${path}${adj.id}/`)).status).toBe(200);
    expect(await boxes.balance(box)).toBe("200.00");
    await cashboxStatement(t, admin, box);
  });

  it("is idempotent; lists with totals; another branch is 404; permissions gate it", async () => {
    const box = await boxes.make(w.iqd, w.erbil, "10");
    const token = formToken("adj");
    const first = await adjust(admin, { cashbox: box, counted_balance: "12" }, token);
    expect((await adjust(admin, { cashbox: box, counted_balance: "12" }, token)).body.id).toBe(first.body.id);
    expect(await boxes.balance(box)).toBe("12.00");
    const list = await t.call<Paged<Adjustment>>(admin, "GET", `${path}?cashbox=${box}`);
    expect(list.body.results.map((r) => r.id)).toEqual([first.body.id]);
    expect((await t.call<Record<string, string>>(admin, "GET", `${path}totals/?cashbox=${box}`)).body).toMatchObject({
      sum_amount: "2.00",
    });
    const suliUser = await makeUser(t, ["view_cashboxadjustment", "change_cashboxadjustment", "delete_cashboxadjustment"], [w.suli]);
    expect((await t.call(suliUser, "GET", `${path}${first.body.id}/`)).status).toBe(404);
    expect((await t.call(suliUser, "DELETE", `${path}${first.body.id}/`)).status).toBe(404);
    expect((await t.call(cashier, "GET", path)).status).toBe(403);
    expect((await adjust(cashier, { cashbox: box, counted_balance: "1" })).status).toBe(403);
  });
});

describe("accounting/cashbox-count/", () => {
  it("closes a shift: expected, counted and difference, booked as an adjustment; a matching count books nothing", async () => {
    const box = await boxes.make(w.iqd, w.erbil, "5000");
    const res = await count(admin, { cashbox: box, counted_balance: "4990", shift: "Evening" });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      cashbox: box,
      shift: "Evening",
      expected_balance: "5000.00",
      counted_balance: "4990.00",
      difference: "-10.00",
      closed_by_name: "admin",
    });
    expect(res.body.closed_at).toEqual(expect.any(String));
    expect(await boxes.balance(box)).toBe("4990.00");
    const adj = await t.call<Adjustment>(admin, "GET", `${path}${res.body.adjustment}/`);
    expect(adj.body).toMatchObject({
      amount: "-10.00",
      reason: "Cashbox count: Evening",
      count_id: res.body.id,
      invoice_no: res.body.adjustment_no,
    });
    // Its adjustment changes only through the count.
    expect((await t.call(admin, "PATCH", `${path}${adj.body.id}/`, { counted_balance: "1" })).body).toEqual({
      message: MESSAGES.adjustmentOfCount,
    });
    expect((await t.call(admin, "DELETE", `${path}${adj.body.id}/`)).body).toEqual({ message: MESSAGES.adjustmentOfCount });

    const even = await count(admin, { cashbox: box, counted_balance: "4990" });
    expect(even.body).toMatchObject({ difference: "0.00", adjustment: null });
    const list = await t.call<Paged<Count>>(admin, "GET", `${countPath}?cashbox=${box}`);
    expect(list.body.results.map((r) => r.id)).toEqual([even.body.id, res.body.id]);
    await cashboxStatement(t, admin, box);

    expect((await t.call(admin, "DELETE", `${countPath}${res.body.id}/`)).status).toBe(200);
    expect(await boxes.balance(box)).toBe("5000.00");
    expect((await t.call(admin, "GET", `${path}${adj.body.id}/`)).status).toBe(404);
  });

  it("refuses a negative count and another branch's cashbox; 404 and 403 as everywhere", async () => {
    const box = await boxes.make(w.iqd, w.erbil, "10");
    expect((await count(admin, { cashbox: box, counted_balance: "-5" })).status).toBe(400);
    const suliUser = await makeUser(t, ["view_cashboxadjustment", "add_cashboxadjustment", "delete_cashboxadjustment"], [w.suli]);
    expect((await count(suliUser, { cashbox: box, counted_balance: "1" })).body).toEqual({ cashbox: [MESSAGES.invalidChoice] });
    const mine = (await count(admin, { cashbox: box, counted_balance: "11" })).body;
    expect((await t.call(suliUser, "GET", `${countPath}${mine.id}/`)).status).toBe(404);
    expect((await t.call(suliUser, "DELETE", `${countPath}${mine.id}/`)).status).toBe(404);
    expect((await t.call(cashier, "GET", countPath)).status).toBe(403);
    expect((await count(cashier, { cashbox: box, counted_balance: "1" })).status).toBe(403);
  });
});
