import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CustomerBalanceAnswer as BalanceAnswer } from "../../../src/core/api-types";
import { formToken, type TestApp } from "../support/test-app";
import { startSaleApp, debitSaleBody, post, type SaleAnswer, type SaleWorld } from "../sale/helpers";
import { makeUser } from "./helpers";

let t: TestApp;
let admin: string;
let cashier: string;
let w: SaleWorld;

beforeAll(async () => {
  ({ t, w, admin, cashier } = await startSaleApp("admin", "cashier"));
});

afterAll(() => t?.close());

const newCustomer = async (extra: Record<string, unknown> = {}) => {
  const res = await t.call<{ id: number }>(admin, "POST", "/api/customer/", {
    name: `Balance ${formToken("c")}`,
    branch: w.erbil,
    form_token: formToken("cus"),
    ...extra,
  });
  expect(res.status).toBe(201);
  return res.body.id;
};
const balanceOf = (token: string, id: number | string) => t.call<BalanceAnswer>(token, "GET", `/api/customer/${id}/balance/`);
const receipt = (customer: number, amount: string) =>
  t.call(admin, "POST", "/api/accounting/receipt/", {
    branch: w.erbil,
    customer,
    cashbox: w.cash.erbilIqd,
    amount,
    date: "2026-11-12",
    note: "",
    form_token: formToken("rc"),
  });
const debitSale = async (customer: number, price: string, extra: Record<string, unknown> = {}) => {
  const res = await post<SaleAnswer & { exchange_rate: string }>(
    t,
    admin,
    "sale/",
    debitSaleBody(w, [{ item: w.service, price }], { customer, ...extra }),
  );
  expect(res.status).toBe(201);
  return res.body;
};

describe("customer/<id>/balance/", () => {
  it("answers nothing owed for a new customer, with its credit limit", async () => {
    const id = await newCustomer({ credit_limit: "500000" });
    const res = await balanceOf(admin, id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ customer: id, credit_limit: "500000.00", balance: "0.00", currencies: [] });
  });

  it("explains the balance by open sales, debit invoices and unapplied receipts, and agrees with the statement", async () => {
    const id = await newCustomer();
    await debitSale(id, "300000");
    expect((await receipt(id, "350000")).status).toBe(201);
    await debitSale(id, "100000");
    const fee = await t.call(admin, "POST", "/api/accounting/customer-debit-invoice/", {
      branch: w.erbil,
      currency: w.iqd,
      customer: id,
      amount: "40000",
      date: "2026-11-13",
      note: "Delivery",
      form_token: formToken("dbi"),
    });
    expect(fee.status).toBe(201);

    const res = await balanceOf(admin, id);
    expect(res.status).toBe(200);
    expect(res.body.balance).toBe("90000.00");
    expect(res.body.currencies).toEqual([
      {
        currency: w.iqd,
        currency_code: "IQD",
        balance: "90000.00",
        balance_in_base: "90000.00",
        open_sales: "100000.00",
        open_sale_count: 1,
        debit_invoices: "40000.00",
        debit_invoice_count: 1,
        unapplied_receipts: "50000.00",
        open_credit_notes: "0.00",
        other: "0.00",
      },
    ]);
    const statement = await t.call<{ closing_balance: string }>(
      admin,
      "GET",
      `/api/accounting/statement/customer/?customer=${id}&currency=${w.iqd}`,
    );
    expect(statement.body.closing_balance).toBe("90000.00");
  });

  it("adds a balance in another currency to the base total at the rate it was booked at", async () => {
    const id = await newCustomer({ credit_limit: "1000" });
    await debitSale(id, "5000");
    const usdSale = await debitSale(id, "10", { currency: w.usd, exchange_rate: "1310" });
    expect(usdSale.exchange_rate).toMatch(/^1310/);
    const res = await balanceOf(cashier, id);
    expect(res.status).toBe(200);
    expect(res.body.balance).toBe("18100.00");
    expect(res.body.currencies.map((c) => [c.currency_code, c.balance, c.balance_in_base, c.open_sales])).toEqual([
      ["IQD", "5000.00", "5000.00", "5000.00"],
      ["USD", "10.00", "13100.00", "10.00"],
    ]);
  });

  it("hides another branch's customer, refuses a user without a right, and answers bad ids with 4xx", async () => {
    expect((await balanceOf(cashier, w.cust.suli)).status).toBe(404);
    expect((await balanceOf(admin, w.cust.suli)).status).toBe(200);
    expect((await balanceOf(admin, 99999999)).status).toBe(404);
    const bad = await balanceOf(admin, "abc");
    expect(bad.status).toBeGreaterThanOrEqual(400);
    expect(bad.status).toBeLessThan(500);
    const nobody = await makeUser(t, [], [w.erbil]);
    expect((await balanceOf(nobody, w.cust.aram)).status).toBe(403);
    const seller = await makeUser(t, ["add_receipt"], [w.erbil]);
    expect((await balanceOf(seller, w.cust.aram)).status).toBe(200);
  });
});
