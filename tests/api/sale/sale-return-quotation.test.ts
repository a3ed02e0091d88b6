import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../../src/server/db/client";
import type { Paged } from "../../../src/core/api-types";
import { json, pageRows } from "../support/json";
import { formToken, type TestApp } from "../support/test-app";
import { makeUser } from "../master-data/helpers";
import {
  goodsCycle,
  startSaleApp,
  debitSaleBody,
  balance,
  counter,
  documentEntries,
  makeStock,
  post,
  stockQuantity,
  unbalancedCurrencies,
  type SaleAnswer,
  type SaleDocumentAnswer,
  type SaleListRow,
  type SaleWorld,
} from "./helpers";

let t: TestApp;
let admin: string;
let w: SaleWorld;
const nextGoods = goodsCycle(() => w);

beforeAll(async () => {
  ({ t, w, admin } = await startSaleApp("admin"));
});

afterAll(() => t?.close());

const sale = (items: Record<string, unknown>[], extra: Record<string, unknown> = {}) =>
  post<SaleAnswer>(t, admin, "sale/", debitSaleBody(w, items, extra));

describe("sale-return/", () => {
  it("puts stock back, reverses the returned part and is numbered per branch", async () => {
    const stock = await makeStock(t, w.inv.erbil, nextGoods(), "10", "120");
    const s = await sale([{ stock, quantity: "5", price: "200" }]);
    const before = await balance(t, "customer", w.cust.aram, w.iqd);
    const res = await post<SaleDocumentAnswer>(t, admin, "sale-return/", {
      sale: s.body.id,
      customer: w.cust.aram,
      currency: w.iqd,
      items: [{ stock, quantity: "2", price: "200" }],
      note: "broken",
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      sale: s.body.id,
      sale_invoice_no: s.body.invoice_no,
      customer: w.cust.aram,
      customer_name: "Aram Market",
      currency_code: "IQD",
      total_price: "400.00",
      note: "broken",
    });
    expect(res.body.items[0]).toMatchObject({ stock, quantity: "2.000", price: "200.00", total_price: "400.00" });
    expect(typeof res.body.invoice_no).toBe("number");
    expect(await stockQuantity(t, stock)).toBe("7.000");
    expect(await unbalancedCurrencies(t, "sale_return", res.body.id)).toBe(0);
    const entries = await documentEntries(t, "sale_return", res.body.id);
    expect(entries.find((e) => e.account_type === "inventory")?.debit).toBe("240.00");
    expect(Number(await balance(t, "customer", w.cust.aram, w.iqd))).toBe(Number(before) - 400);
    const read = await t.call(admin, "GET", `/api/sale-return/${res.body.id}/`);
    expect(read.body).toEqual(res.body);
    const sold = await t.call<SaleAnswer>(admin, "GET", `/api/sale/${s.body.id}/`);
    expect(sold.body.returned_amount).toBe("400.00");

    // Edit and delete reverse and redo.
    const edited = await t.call<SaleDocumentAnswer>(admin, "PUT", `/api/sale-return/${res.body.id}/`, {
      sale: s.body.id,
      items: [{ stock, quantity: "3", price: "200" }],
    });
    expect(edited.status).toBe(200);
    expect(edited.body.total_price).toBe("600.00");
    expect(await stockQuantity(t, stock)).toBe("8.000");
    expect(await unbalancedCurrencies(t, "sale_return", res.body.id)).toBe(0);
    const removed = await t.call(admin, "DELETE", `/api/sale-return/${res.body.id}/`);
    expect(removed.body).toEqual({ message: "Deleted successfully" });
    expect(await stockQuantity(t, stock)).toBe("5.000");
    expect(await documentEntries(t, "sale_return", res.body.id)).toEqual([]);
    expect(await balance(t, "customer", w.cust.aram, w.iqd)).toBe(before);
  });

  it("refuses with SPEC's messages", async () => {
    const stock = await makeStock(t, w.inv.erbil, nextGoods(), "10");
    const other = await makeStock(t, w.inv.erbil, nextGoods(), "10");
    const s = await sale([{ stock, quantity: "3", price: "100" }], { discount: "50" });
    const r = (body: Record<string, unknown>) => post(t, admin, "sale-return/", body);
    const line = { stock, quantity: "1", price: "100" };
    expect((await r({ items: [line] })).body).toEqual({ sale: ["Sale invoice is required"] });
    expect((await r({ sale: 99999999, items: [line] })).body).toEqual({ message: "Sale invoice not found" });
    expect((await r({ sale: s.body.id, customer: w.cust.erbilGeneral, items: [line] })).body).toEqual({
      message: "Different customer selected",
    });
    expect((await r({ sale: s.body.id, currency: w.usd, items: [line] })).body).toEqual({ message: "Different currency selected" });
    expect((await r({ sale: s.body.id, items: [line, line] })).body).toEqual({ message: "Item already in the list" });
    expect((await r({ sale: s.body.id, items: [{ stock: other, quantity: "1", price: "1" }] })).body).toEqual({
      message: "Item not found",
    });
    expect((await r({ sale: s.body.id, items: [{ stock, quantity: "4", price: "1" }] })).body).toEqual({
      message: "Return quantity is more than the sold quantity",
    });
    // Net is 250: returning 3 x 100 is more than the invoice.
    expect((await r({ sale: s.body.id, items: [{ stock, quantity: "3", price: "100" }] })).body).toEqual({
      message: "Return invoice price is more than sale invoice price",
    });
    const first = await r({ sale: s.body.id, items: [{ stock, quantity: "2", price: "100" }] });
    expect(first.status).toBe(201);
    expect((await r({ sale: s.body.id, items: [{ stock, quantity: "1", price: "60" }] })).body).toEqual({
      message: "Return invoice price is more than sale invoice price",
    });
    expect((await r({ sale: s.body.id, items: [{ stock, quantity: "2", price: "1" }] })).body).toEqual({
      message: "Return quantity is more than the sold quantity",
    });
    expect((await r({ sale: s.body.id, items: [{ stock, quantity: "1", price: "50" }] })).status).toBe(201);
    expect(await stockQuantity(t, stock)).toBe("10.000");
  });

  it("concurrent returns of a branch get consecutive numbers; a refused one leaves no gap", async () => {
    const stock = await makeStock(t, w.inv.erbil, nextGoods(), "10");
    const s = await sale([{ stock, quantity: "10", price: "100" }]);
    const before = await counter(t, w.erbil, "sale_return");
    const ok = () =>
      post<SaleDocumentAnswer>(t, admin, "sale-return/", { sale: s.body.id, items: [{ stock, quantity: "1", price: "100" }] });
    // More than the ten sold, whatever runs first.
    const refused = post<SaleDocumentAnswer>(t, admin, "sale-return/", {
      sale: s.body.id,
      items: [{ stock, quantity: "11", price: "100" }],
    });
    const results = await Promise.all([ok(), ok(), refused, ok(), ok(), ok()]);
    expect(results.map((r) => r.status)).toEqual([201, 201, 400, 201, 201, 201]);
    const numbers = results
      .filter((r) => r.status === 201)
      .map((r) => r.body.invoice_no)
      .sort((a, b) => a - b);
    expect(numbers).toEqual([1, 2, 3, 4, 5].map((k) => before + k));
    expect(await counter(t, w.erbil, "sale_return")).toBe(before + 5);
    expect(await stockQuantity(t, stock)).toBe("5.000");
    const unnumbered = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from sale_return where invoice_no = 0`);
    expect(unnumbered[0].n).toBe(0);
  });

  it("lists with totals and hides other branches", async () => {
    const stock = await makeStock(t, w.inv.suli, nextGoods(), "10");
    const s = await sale([{ stock, quantity: "2", price: "100" }], { branch: w.suli, inventory: w.inv.suli, customer: w.cust.suli });
    const ret = await post<SaleDocumentAnswer>(t, admin, "sale-return/", {
      sale: s.body.id,
      items: [{ stock, quantity: "1", price: "100" }],
      input_date: "2024-06-01",
    });
    expect(ret.status).toBe(201);
    const list = await t.call(admin, "GET", `/api/sale-return/?branch=${w.suli}&input_date_after=2024-06-01&input_date_before=2024-06-01`);
    expect(pageRows<SaleListRow>(list).map((x) => x.id)).toEqual([ret.body.id]);
    const totals = await t.call(
      admin,
      "GET",
      `/api/sale-return/totals/?branch=${w.suli}&input_date_after=2024-06-01&input_date_before=2024-06-01`,
    );
    expect(totals.body).toEqual({ sum_total_price: "100.00" });
    const erbilOnly = await makeUser(t, ["view_salereturn", "change_salereturn", "delete_salereturn"], [w.erbil]);
    expect((await t.call(erbilOnly, "GET", `/api/sale-return/${ret.body.id}/`)).status).toBe(404);
    expect((await t.call(erbilOnly, "DELETE", `/api/sale-return/${ret.body.id}/`)).status).toBe(404);
    expect(json<SaleListRow[]>(await t.call(erbilOnly, "GET", `/api/sale-return/all/`)).some((x) => x.id === ret.body.id)).toBe(false);
  });
});

describe("sale-quotation/", () => {
  it("moves no stock or money, converts once through the sale rules", async () => {
    const stock = await makeStock(t, w.inv.erbil, nextGoods(), "3", "80");
    const q = await post<SaleDocumentAnswer>(t, admin, "sale-quotation/", {
      branch: w.erbil,
      inventory: w.inv.erbil,
      customer: w.cust.aram,
      currency: w.iqd,
      discount: "10",
      items: [
        { stock, quantity: "2", price: "150" },
        { item: w.service, price: "40" },
      ],
    });
    expect(q.status).toBe(201);
    expect(q.body).toMatchObject({
      total_price: "340.00",
      discount: "10.00",
      net_price: "330.00",
      converted_sale_id: null,
      customer_name: "Aram Market",
    });
    expect(q.body.items[1]).toMatchObject({ item: w.service, stock: null, quantity: "1.000" });
    expect(await stockQuantity(t, stock)).toBe("3.000");
    expect(await documentEntries(t, "sale_quotation", q.body.id)).toEqual([]);

    const edited = await t.call(admin, "PATCH", `/api/sale-quotation/${q.body.id}/`, { note: "valid for a week" });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ note: "valid for a week", total_price: "340.00" });

    const tooMuch = await post<SaleDocumentAnswer>(t, admin, "sale-quotation/", {
      branch: w.erbil,
      inventory: w.inv.erbil,
      customer: w.cust.aram,
      currency: w.iqd,
      items: [{ stock, quantity: "5", price: "1" }],
    });
    expect(tooMuch.status).toBe(201);
    const refused = await post(t, admin, `sale-quotation/${tooMuch.body.id}/convert/`, {
      payment_type: "cash",
      cashbox: w.cash.erbilIqd,
      paid_amount: "0",
    });
    expect(refused).toEqual({ status: 400, body: { message: "Quantity is greater than stock quantity" } });

    const noCashbox = await post(t, admin, `sale-quotation/${q.body.id}/convert/`, { payment_type: "cash", paid_amount: "10" });
    expect(noCashbox.body).toEqual({ cashbox: ["Cashbox is required"] });
    const token = formToken("convert");
    const converted = await post<SaleAnswer>(
      t,
      admin,
      `sale-quotation/${q.body.id}/convert/`,
      { payment_type: "cash", cashbox: w.cash.erbilIqd, paid_amount: "330" },
      token,
    );
    expect(converted.status).toBe(201);
    expect(converted.body).toMatchObject({ total_price: "340.00", net_price: "330.00", payment_status: "paid" });
    expect(await stockQuantity(t, stock)).toBe("1.000");
    expect(await unbalancedCurrencies(t, "sale", converted.body.id)).toBe(0);
    const replay = await post<SaleAnswer>(
      t,
      admin,
      `sale-quotation/${q.body.id}/convert/`,
      { payment_type: "cash", cashbox: w.cash.erbilIqd, paid_amount: "330" },
      token,
    );
    expect(replay.body.id).toBe(converted.body.id);
    const again = await post(t, admin, `sale-quotation/${q.body.id}/convert/`, {
      payment_type: "cash",
      cashbox: w.cash.erbilIqd,
      paid_amount: "330",
    });
    expect(again.body).toEqual({ message: "The quotation was already converted to a sale" });
    const read = await t.call(admin, "GET", `/api/sale-quotation/${q.body.id}/`);
    expect(read.body).toMatchObject({ converted_sale_id: converted.body.id, converted_sale_invoice_no: converted.body.invoice_no });
    expect((await t.call(admin, "PATCH", `/api/sale-quotation/${q.body.id}/`, { note: "x" })).body).toEqual({
      message: "The quotation was already converted to a sale",
    });
    expect((await t.call(admin, "DELETE", `/api/sale-quotation/${q.body.id}/`)).status).toBe(400);
    expect((await t.call(admin, "DELETE", `/api/sale-quotation/${tooMuch.body.id}/`)).body).toEqual({ message: "Deleted successfully" });
  });

  it("concurrent quotations of a branch get consecutive numbers; a refused one leaves no gap", async () => {
    const stock = await makeStock(t, w.inv.erbil, nextGoods(), "3");
    const before = await counter(t, w.erbil, "sale_quotation");
    const quote = (items: Record<string, unknown>[]) =>
      post<SaleDocumentAnswer>(t, admin, "sale-quotation/", {
        branch: w.erbil,
        inventory: w.inv.erbil,
        customer: w.cust.aram,
        currency: w.iqd,
        items,
      });
    // A stock row of another inventory is refused.
    const foreign = await makeStock(t, w.inv.erbil2, nextGoods(), "3");
    const results = await Promise.all([
      quote([{ stock, quantity: "1", price: "10" }]),
      quote([{ stock, quantity: "2", price: "10" }]),
      quote([{ stock: foreign, quantity: "1", price: "10" }]),
      quote([{ stock, quantity: "3", price: "10" }]),
    ]);
    expect(results.map((r) => r.status)).toEqual([201, 201, 400, 201]);
    const numbers = results
      .filter((r) => r.status === 201)
      .map((r) => r.body.invoice_no)
      .sort((a, b) => a - b);
    expect(numbers).toEqual([1, 2, 3].map((k) => before + k));
    expect(await counter(t, w.erbil, "sale_quotation")).toBe(before + 3);
    const read = await t.call<SaleDocumentAnswer>(admin, "GET", `/api/sale-quotation/${results[0].body.id}/`);
    expect(read.body).toEqual(results[0].body);
    const unnumbered = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from sale_quotation where invoice_no = 0`);
    expect(unnumbered[0].n).toBe(0);
  });

  it("checks permissions and branches", async () => {
    const stock = await makeStock(t, w.inv.suli, nextGoods(), "3");
    const q = await post<SaleDocumentAnswer>(t, admin, "sale-quotation/", {
      branch: w.suli,
      inventory: w.inv.suli,
      customer: w.cust.suli,
      currency: w.iqd,
      items: [{ stock, quantity: "1", price: "1" }],
    });
    const seller = await makeUser(t, ["add_sale", "view_salequotation", "add_salequotation"], [w.erbil]);
    expect((await t.call(seller, "GET", `/api/sale-quotation/${q.body.id}/`)).status).toBe(404);
    expect((await post(t, seller, `sale-quotation/${q.body.id}/convert/`, { payment_type: "debit" })).status).toBe(404);
    expect(
      (
        await post(t, seller, "sale-quotation/", {
          branch: w.suli,
          inventory: w.inv.suli,
          customer: w.cust.suli,
          currency: w.iqd,
          items: [{ stock, quantity: "1", price: "1" }],
        })
      ).body,
    ).toEqual({ branch: ["Invalid pk - object does not exist."] });
    const viewer = await makeUser(t, ["view_salequotation"], [w.suli]);
    expect((await post(t, viewer, `sale-quotation/${q.body.id}/convert/`, { payment_type: "debit" })).status).toBe(403);
    expect((await t.call<Paged<SaleListRow>>(viewer, "GET", `/api/sale-quotation/?branch=${w.suli}`)).body.count).toBeGreaterThan(0);
  });
});
