import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cashbox } from "../../../src/server/db/tables";
import type { FieldErrors } from "../support/json";
import { type TestApp } from "../support/test-app";
import {
  goodsCycle,
  startSaleApp,
  balance,
  documentEntries,
  makeStock,
  post,
  stockQuantity,
  tableCount,
  unbalancedCurrencies,
  type SaleWorld,
} from "./helpers";

/** A sale in one currency paid at the counter from cashboxes of several, with change out of one. */

let t: TestApp;
let admin: string;
let w: SaleWorld;
const nextGoods = goodsCycle(() => w, 7, 3);

interface CounterSale {
  id: number;
  paid_amount: string;
  remaining: string;
  payment_status: string;
  cashbox: number | null;
  payments: { cashbox: number; amount: string; value: string }[];
  change: { cashbox: number; amount: string; value: string } | null;
}

beforeAll(async () => {
  ({ t, w, admin } = await startSaleApp("admin"));
});

afterAll(() => t?.close());

/** An IQD sale in Erbil of one line worth `price` (quantity 1), without the old cashbox and paid_amount. */
async function saleBody(price: string, extra: Record<string, unknown>) {
  const stock = await makeStock(t, w.inv.erbil, nextGoods(), "5", "1000");
  return {
    stock,
    body: {
      branch: w.erbil,
      inventory: w.inv.erbil,
      customer: w.cust.aram,
      currency: w.iqd,
      payment_type: "cash",
      discount: "0",
      items: [{ stock, quantity: "1", price }],
      ...extra,
    },
  };
}

const usd = (amount: string) => ({ cashbox: w.cash.erbilUsd, amount, exchange_rate: "1500" });
const iqd = (amount: string, box = w.cash.erbilIqd) => ({ cashbox: box, amount });

async function emptyIqdCashbox(): Promise<number> {
  const [row] = await t.db
    .insert(cashbox)
    .values({ branchId: w.erbil, currencyId: w.iqd, name: `Counter drawer ${Date.now()}` })
    .returning({ id: cashbox.id });
  return row.id;
}

describe("sale/ paid in two currencies", () => {
  it("books each cashbox in its own currency through the exchange clearing; paid and status follow", async () => {
    const usdBefore = await balance(t, "cashbox", w.cash.erbilUsd, w.usd);
    const iqdBefore = await balance(t, "cashbox", w.cash.erbilIqd, w.iqd);
    const { body } = await saleBody("100000", { payments: [usd("50"), iqd("30000")], change: iqd("5000") });
    const res = await post<CounterSale>(t, admin, "sale/", body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ paid_amount: "100000.00", remaining: "0.00", payment_status: "paid" });
    expect(res.body.payments).toMatchObject([
      { cashbox: w.cash.erbilUsd, amount: "50.00", value: "75000.00" },
      { cashbox: w.cash.erbilIqd, amount: "30000.00", value: "30000.00" },
    ]);
    expect(res.body.change).toMatchObject({ cashbox: w.cash.erbilIqd, amount: "5000.00" });

    // Each cashbox moved by exactly what it took or gave.
    expect(Number(await balance(t, "cashbox", w.cash.erbilUsd, w.usd)) - Number(usdBefore)).toBe(50);
    expect(Number(await balance(t, "cashbox", w.cash.erbilIqd, w.iqd)) - Number(iqdBefore)).toBe(25000);
    expect(await unbalancedCurrencies(t, "sale", res.body.id)).toBe(0);
    const entries = await documentEntries(t, "sale", res.body.id);
    const net = (type: string, currency: number) =>
      entries
        .filter((e) => e.account_type === type && e.currency_id === currency)
        .reduce((s, e) => s + Number(e.debit) - Number(e.credit), 0);
    expect(net("cashbox", w.usd)).toBe(50);
    expect(net("currency_exchange", w.usd)).toBe(-50);
    expect(net("currency_exchange", w.iqd)).toBe(75000);
    expect(net("customer", w.iqd)).toBe(0);
    expect(entries.some((e) => e.account_type === "customer" && e.currency_id === w.usd)).toBe(false);
  });

  it("answers a part payment in dollars as partially paid", async () => {
    const { body } = await saleBody("100000", { payments: [usd("20")] });
    const res = await post<CounterSale>(t, admin, "sale/", body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ paid_amount: "30000.00", remaining: "70000.00", payment_status: "partial_paid" });
  });

  it("keeps less than one smallest note past the sale as cash over, and pays the sale exactly", async () => {
    // 15,000 IQD handed over (10 USD) for 10,100: 4,900 is owed back, 4,750 given (250 is the smallest note).
    const { body } = await saleBody("10100", { payments: [usd("10")], change: iqd("4750") });
    const res = await post<CounterSale>(t, admin, "sale/", body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ paid_amount: "10100.00", payment_status: "paid" });
    const entries = await documentEntries(t, "sale", res.body.id);
    const over = entries.filter((e) => e.account_type === "cash_over_short");
    expect(over).toMatchObject([{ currency_id: w.iqd, debit: "0.00", credit: "150.00" }]);
    expect(await unbalancedCurrencies(t, "sale", res.body.id)).toBe(0);
  });

  it("refuses change beyond what the change cashbox holds, and books nothing", async () => {
    const drawer = await emptyIqdCashbox();
    const { body, stock } = await saleBody("70000", { payments: [usd("50")], change: iqd("5000", drawer) });
    const sales = await tableCount(t, "sale");
    const res = await post<{ message: string }>(t, admin, "sale/", body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("Cashbox balance is not enough");
    expect(await tableCount(t, "sale")).toBe(sales);
    expect(await stockQuantity(t, stock)).toBe("5.000");
    expect(Number(await balance(t, "cashbox", drawer, w.iqd))).toBe(0);
  });

  it("takes change from a cashbox that the tender filled in the same sale", async () => {
    const drawer = await emptyIqdCashbox();
    const { body } = await saleBody("20000", { payments: [iqd("25000", drawer)], change: iqd("5000", drawer) });
    const res = await post<CounterSale>(t, admin, "sale/", body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(Number(await balance(t, "cashbox", drawer, w.iqd))).toBe(20000);
  });

  it("refuses change above the money handed over, and tenders past the total without change", async () => {
    const a = await saleBody("10000", { payments: [iqd("5000")], change: iqd("6000") });
    const over = await post<FieldErrors>(t, admin, "sale/", a.body);
    expect(over.status).toBe(400);
    expect(over.body.change).toEqual(["The change is more than the money handed over"]);

    const b = await saleBody("10000", { payments: [usd("10")] });
    const past = await post<FieldErrors>(t, admin, "sale/", b.body);
    expect(past.status).toBe(400);
    expect(past.body.paid_amount).toEqual(["less than or equal to 10000.00"]);
  });

  it("refuses a cashbox of another branch and a hostile tender without booking", async () => {
    const sales = await tableCount(t, "sale");
    const other = await saleBody("10000", { payments: [iqd("10000", w.cash.suliIqd)] });
    const res = await post<FieldErrors>(t, admin, "sale/", other.body);
    expect(res.status).toBe(400);
    expect(res.body["payments[0].cashbox"]).toBeDefined();
    const bad = await saleBody("10000", { payments: [{ cashbox: w.cash.erbilIqd, amount: "-5" }] });
    expect((await post(t, admin, "sale/", bad.body)).status).toBe(400);
    // A worth past the money columns is a 400, never an overflow in the database.
    const huge = await saleBody("10000", {
      payments: [{ cashbox: w.cash.erbilUsd, amount: "999999999999999", exchange_rate: "999999999999" }],
      change: iqd("1"),
    });
    const hugeRes = await post<FieldErrors>(t, admin, "sale/", huge.body);
    expect(hugeRes.status).toBe(400);
    expect(hugeRes.body["payments[0].amount"]).toBeDefined();
    expect(await tableCount(t, "sale")).toBe(sales);
  });

  it("gives every cashbox its money back when the sale is deleted", async () => {
    const usdBefore = await balance(t, "cashbox", w.cash.erbilUsd, w.usd);
    const { body } = await saleBody("100000", { payments: [usd("20")] });
    const res = await post<CounterSale>(t, admin, "sale/", body);
    expect(res.status).toBe(201);
    expect(Number(await balance(t, "cashbox", w.cash.erbilUsd, w.usd)) - Number(usdBefore)).toBe(20);
    const del = await t.call(admin, "DELETE", `/api/sale/${res.body.id}/`);
    expect(del.status).toBeLessThan(300);
    expect(Number(await balance(t, "cashbox", w.cash.erbilUsd, w.usd))).toBe(Number(usdBefore));
  });
});
