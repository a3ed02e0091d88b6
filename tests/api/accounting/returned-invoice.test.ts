import { describe, expect, it } from "vitest";
import { MESSAGES } from "../../../src/core/messages";
import type { Paged } from "../../../src/core/api-types";
import { withTestApp } from "../support/test-lifecycle";
import { formToken, type TestApp } from "../support/test-app";
import { signInSaleWorld, makeStock, type SaleWorld } from "../sale/helpers";
import { newSupplier } from "../purchase/helpers";

/**
 * An invoice's paid amount, remaining amount and payment status count its returns (core
 * invoiceStanding), in its list row, its view and the open invoices a receipt or payment form offers;
 * nothing allocates past what is owed after the returns. The case of the review: net 67,000, half of
 * it returned, 63,500 received: the customer over-paid by 30,000, so the sale reads Paid, remaining 0.
 */

interface Standing {
  id: number;
  paid_amount: string;
  remaining: string;
  payment_status: string;
  returned_amount: string;
}
interface MoneyDoc {
  id: number;
  allocations: { sale?: number; purchase?: number; amount: string }[];
}

let t: TestApp;
let admin: string;
let w: SaleWorld;

withTestApp(async (app) => {
  t = app;
  ({ w, admin } = await signInSaleWorld(t, "admin"));
});

let seq = 0;
async function created<T = { id: number }>(path: string, body: Record<string, unknown>): Promise<T> {
  seq += 1;
  const res = await t.call<T>(admin, "POST", `/api/${path}`, { ...body, form_token: formToken(`ri${seq}`) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

const refused = async (path: string, body: Record<string, unknown>) => {
  const res = await t.call<{ message: string }>(admin, "POST", `/api/${path}`, { ...body, form_token: formToken("ri-refused") });
  return { status: res.status, message: res.body.message };
};

/** The invoice as its list, its view and the form's open invoices show it. */
async function everywhere(kind: "sale" | "purchase", id: number, party: Record<string, number>) {
  const list = await t.call<Paged<Standing>>(admin, "GET", `/api/${kind}/?id=${id}`);
  const view = await t.call<Standing>(admin, "GET", `/api/${kind}/${id}/`);
  // The receipt and payment forms' invoice picker asks the list for the party's open invoices so.
  const query = new URLSearchParams({ ...Object.fromEntries(Object.entries(party).map(([k, v]) => [k, String(v)])), remaining__gt: "0" });
  const open = await t.call<Paged<Standing>>(admin, "GET", `/api/${kind}/?${query.toString()}`);
  const pick = (r: Standing | undefined) => r && { paid_amount: r.paid_amount, remaining: r.remaining, payment_status: r.payment_status };
  return { list: pick(list.body.results[0]), view: pick(view.body), open: open.body.results.map((r) => r.id) };
}

async function newCustomer(): Promise<number> {
  return (await created("customer/", { name: `Returns customer ${Date.now()} ${seq}`, branch: w.erbil })).id;
}

async function cashbox(): Promise<number> {
  return (await created("accounting/cashbox/", { name: `Returns box ${Date.now()} ${seq}`, branch: w.erbil, currency: w.iqd })).id;
}

/** A credit sale of two units at 33,500 (net 67,000) and a return of one of them. */
async function halfReturnedSale(customer: number): Promise<number> {
  const stock = await makeStock(t, w.inv.erbil, w.goods[0], "2");
  const sale = await created<{ id: number }>("sale/", {
    branch: w.erbil,
    inventory: w.inv.erbil,
    customer,
    currency: w.iqd,
    exchange_rate: null,
    payment_type: "debit",
    cashbox: null,
    paid_amount: "0",
    discount: "0",
    input_date: "2026-11-01",
    items: [{ stock, quantity: "2", price: "33500" }],
  });
  return sale.id;
}

const returnHalf = (sale: number, stock: number) =>
  created("sale-return/", { sale, input_date: "2026-11-03", note: "", items: [{ stock, quantity: "1", price: "33500" }] });

const stockOf = async (sale: number) =>
  (await t.call<{ items: { stock: number }[] }>(admin, "GET", `/api/sale/${sale}/`)).body.items[0].stock;

describe("a sale's returns in its paid, remaining and status", () => {
  it("net 67,000, 63,500 received, half returned: Paid with nothing remaining, and no longer an open invoice", async () => {
    const customer = await newCustomer();
    const box = await cashbox();
    const sale = await halfReturnedSale(customer);
    await created("accounting/receipt/", { branch: w.erbil, customer, cashbox: box, amount: "63500", note: "" });
    const party = { customer, branch: w.erbil, currency: w.iqd };
    expect(await everywhere("sale", sale, party)).toEqual({
      list: { paid_amount: "63500.00", remaining: "3500.00", payment_status: "partial_paid" },
      view: { paid_amount: "63500.00", remaining: "3500.00", payment_status: "partial_paid" },
      open: [sale],
    });
    await returnHalf(sale, await stockOf(sale));
    const paid = { paid_amount: "63500.00", remaining: "0.00", payment_status: "paid" };
    expect(await everywhere("sale", sale, party)).toEqual({ list: paid, view: paid, open: [] });
    // The list filters by the same figure.
    const byStatus = await t.call<Paged<Standing>>(admin, "GET", `/api/sale/?customer=${customer}&payment_status=paid`);
    expect(byStatus.body.results.map((r) => r.id)).toEqual([sale]);
  });

  it("a receipt may not allocate more than what is owed after the returns; left to the server it stops there", async () => {
    const customer = await newCustomer();
    const box = await cashbox();
    const sale = await halfReturnedSale(customer);
    await returnHalf(sale, await stockOf(sale));
    const party = { customer, branch: w.erbil, currency: w.iqd };
    expect(await everywhere("sale", sale, party)).toMatchObject({
      list: { paid_amount: "0.00", remaining: "33500.00", payment_status: "unpaid" },
      open: [sale],
    });
    const body = { branch: w.erbil, customer, cashbox: box, note: "" };
    expect(await refused("accounting/receipt/", { ...body, amount: "67000", sales: [{ sale, amount: "67000" }] })).toEqual({
      status: 400,
      message: MESSAGES.allocationAboveRemaining,
    });
    expect(await refused("accounting/receipt/", { ...body, amount: "33500.01", sales: [{ sale, amount: "33500.01" }] })).toEqual({
      status: 400,
      message: MESSAGES.allocationAboveRemaining,
    });
    const oldestFirst = await created<MoneyDoc>("accounting/receipt/", { ...body, amount: "67000" });
    expect(oldestFirst.allocations).toEqual([expect.objectContaining({ sale, amount: "33500.00" })]);
    const paid = { paid_amount: "33500.00", remaining: "0.00", payment_status: "paid" };
    expect(await everywhere("sale", sale, party)).toEqual({ list: paid, view: paid, open: [] });
  });
});

describe("a purchase's returns in its paid, remaining and status", () => {
  async function halfReturnedPurchase(supplier: number, paid = "0", box: number | null = null) {
    const purchase = await created<{ id: number; items: { stock: number }[] }>("purchase/", {
      branch: w.erbil,
      inventory: w.inv.erbil,
      supplier,
      currency: w.iqd,
      payment_type: paid === "0" ? "debit" : "cash",
      cashbox: box,
      paid_amount: paid,
      discount: "0",
      input_date: "2026-11-01",
      items: [{ item: w.goods[1], quantity: "2", purchase_price: "33500", sale_price: "40000", batch_number: "", expire_date: null }],
    });
    await created("purchase-return/", {
      purchase: purchase.id,
      input_date: "2026-11-03",
      items: [{ stock: purchase.items[0].stock, quantity: "1", price: "33500" }],
    });
    return purchase.id;
  }

  it("paid 63,500 at the counter, half returned: Paid with nothing remaining, and no longer an open invoice", async () => {
    const supplier = await newSupplier(t, admin, [w.erbil]);
    const purchase = await halfReturnedPurchase(supplier, "63500", w.cash.erbilIqd);
    const paid = { paid_amount: "63500.00", remaining: "0.00", payment_status: "paid" };
    expect(await everywhere("purchase", purchase, { supplier, branch: w.erbil, currency: w.iqd })).toEqual({
      list: paid,
      view: paid,
      open: [],
    });
  });

  it("a payment may not allocate more than what is owed after the returns; left to the server it stops there", async () => {
    const supplier = await newSupplier(t, admin, [w.erbil]);
    const purchase = await halfReturnedPurchase(supplier);
    const party = { supplier, branch: w.erbil, currency: w.iqd };
    expect(await everywhere("purchase", purchase, party)).toMatchObject({
      list: { paid_amount: "0.00", remaining: "33500.00", payment_status: "unpaid" },
      open: [purchase],
    });
    // A funded cashbox of its own, so only the allocation can refuse.
    const box = await cashbox();
    await created("accounting/receipt/", { branch: w.erbil, customer: await newCustomer(), cashbox: box, amount: "100000", note: "" });
    const body = { branch: w.erbil, supplier, cashbox: box, note: "" };
    expect(await refused("accounting/payment/", { ...body, amount: "67000", purchases: [{ purchase, amount: "67000" }] })).toEqual({
      status: 400,
      message: MESSAGES.allocationAboveRemaining,
    });
    const oldestFirst = await created<MoneyDoc>("accounting/payment/", { ...body, amount: "67000" });
    expect(oldestFirst.allocations).toEqual([expect.objectContaining({ purchase, amount: "33500.00" })]);
    const paid = { paid_amount: "33500.00", remaining: "0.00", payment_status: "paid" };
    expect(await everywhere("purchase", purchase, party)).toEqual({ list: paid, view: paid, open: [] });
  });
});
