import { describe, expect, it } from "vitest";
import { MESSAGES } from "../../../src/core/messages";
import { signInSaleWorld, type SaleWorld } from "../sale/helpers";
import { formToken, type TestApp } from "../support/test-app";
import { withTestApp } from "../support/test-lifecycle";

interface Doc {
  id: number;
  message?: string;
}

let t: TestApp;
let admin: string;
let w: SaleWorld;
let commission: number;
let rent: number;

withTestApp(async (app) => {
  t = app;
  ({ w, admin } = await signInSaleWorld(t, "admin"));
  commission = (
    await t.call<{ id: number }>(admin, "POST", "/api/accounting/income-type/", { name: "BZ commission", form_token: formToken("it") })
  ).body.id;
  rent = (await t.call<{ id: number }>(admin, "POST", "/api/accounting/expense-type/", { name: "BZ rent", form_token: formToken("et") }))
    .body.id;
});

let seq = 0;
const newBox = async () => {
  seq += 1;
  return (
    await t.call<{ id: number }>(admin, "POST", "/api/accounting/cashbox/", {
      name: `BZ box ${seq}`,
      branch: w.erbil,
      currency: w.iqd,
      form_token: formToken("cb"),
    })
  ).body.id;
};
const doc = (kind: "income" | "expense", cashbox: number, date: string, amount: string) =>
  t.call<Doc>(admin, "POST", `/api/accounting/${kind}/`, {
    branch: w.erbil,
    cashbox,
    ...(kind === "income" ? { income_type: commission } : { expense_type: rent }),
    date,
    amount,
    note: "",
    form_token: formToken(kind),
  });
const expectShort = (res: { status: number; body: unknown }) => {
  expect(res.status).toBe(400);
  expect((res.body as Doc).message).toBe(MESSAGES.cashboxBalanceNotEnough);
};

describe("no cashbox below zero at any date", () => {
  it("refuses a backdated expense that spends money the cashbox did not hold yet", async () => {
    const box = await newBox();
    expect((await doc("income", box, "2026-06-01", "1000")).status).toBe(201);
    expect((await doc("expense", box, "2026-06-10", "800")).status).toBe(201);
    expect((await doc("income", box, "2026-07-01", "5000")).status).toBe(201);
    // Today it holds 5,200, but on 2026-06-10 it would hold -300.
    expectShort(await doc("expense", box, "2026-06-05", "500"));
    // Before any money came in at all.
    expectShort(await doc("expense", box, "2025-01-15", "1"));
    expect((await doc("expense", box, "2026-06-05", "200")).status).toBe(201);
    expect((await t.call<{ balance: string }>(admin, "GET", `/api/accounting/cashbox/${box}/`)).body.balance).toBe("5000.00");
  });

  it("refuses deleting or moving later the money a past day spent, and a backdated transfer", async () => {
    const box = await newBox();
    const other = await newBox();
    const first = (await doc("income", box, "2026-05-01", "1000")).body;
    expect((await doc("expense", box, "2026-05-10", "1000")).status).toBe(201);
    expect((await doc("income", box, "2026-08-01", "3000")).status).toBe(201);
    expectShort(await t.call(admin, "DELETE", `/api/accounting/income/${first.id}/`));
    expectShort(await t.call(admin, "PATCH", `/api/accounting/income/${first.id}/`, { date: "2026-05-20" }));
    expect((await t.call(admin, "PATCH", `/api/accounting/income/${first.id}/`, { date: "2026-04-20" })).status).toBe(200);
    const transfer = await t.call(admin, "POST", "/api/accounting/cashbox-transfer/", {
      branch: w.erbil,
      from_cashbox: box,
      to_cashbox: other,
      amount: "100",
      date: "2026-05-05",
      note: "",
      form_token: formToken("tr"),
    });
    expectShort(transfer);
  });
});
