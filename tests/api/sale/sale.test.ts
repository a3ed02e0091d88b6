import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../../src/server/db/client";
import { applyMovements } from "../../../src/server/modules/stock/stock-ledger";
import type { Paged } from "../../../src/core/api-types";
import { json, pageRows, type Created, type FieldErrors } from "../support/json";
import { formToken, type TestApp } from "../support/test-app";
import { makeUser } from "../master-data/helpers";
import {
  goodsCycle,
  startSaleApp,
  balance,
  counter,
  documentEntries,
  makeStock,
  movementCount,
  post,
  stockQuantity,
  tableCount,
  unbalancedCurrencies,
  type PremiumListRow,
  type PremiumScheduleAnswer,
  type SaleAnswer,
  type SaleDocumentAnswer,
  type SaleListRow,
  type SaleWorld,
} from "./helpers";

let t: TestApp;
let admin: string;
let cashier: string;
let w: SaleWorld;
const nextGoods = goodsCycle(() => w);

beforeAll(async () => {
  ({ t, w, admin, cashier } = await startSaleApp("admin", "cashier"));
});

afterAll(() => t?.close());

const baseSale = (items: Record<string, unknown>[], extra: Record<string, unknown> = {}) => ({
  branch: w.erbil,
  inventory: w.inv.erbil,
  customer: w.cust.aram,
  currency: w.iqd,
  payment_type: "cash",
  cashbox: w.cash.erbilIqd,
  paid_amount: "0",
  discount: "0",
  items,
  ...extra,
});

describe("sale/ create", () => {
  it("books a sale: number, lines, stock out, balanced posting, payment status", async () => {
    const stockA = await makeStock(t, w.inv.erbil, nextGoods(), "10", "600");
    const stockB = await makeStock(t, w.inv.erbil, nextGoods(), "5", "250.50");
    const res = await post<SaleAnswer>(
      t,
      cashier,
      "sale/",
      baseSale(
        [
          { stock: stockA, quantity: "3", price: "1000", fee: "50", discount: "25" },
          { stock: stockB, quantity: "2", price: "400" },
          { item: w.service, price: "5000" },
        ],
        { paid_amount: "2000", discount: "75" },
      ),
    );
    expect(res.status).toBe(201);
    const s = res.body;
    expect(s).toMatchObject({
      branch: w.erbil,
      customer: w.cust.aram,
      customer_name: "Aram Market",
      currency_code: "IQD",
      total_price: "8875.00",
      discount: "75.00",
      net_price: "8800.00",
      paid_amount: "2000.00",
      remaining: "6800.00",
      payment_status: "partial_paid",
      // Part-paid: the rest is owed, so it is saved as Debit though the form said Cash.
      payment_type: "debit",
      exchange_rate: "1.000000",
    });
    expect(typeof s.invoice_no).toBe("number");
    expect(s.items).toHaveLength(3);
    expect(s.items[0]).toMatchObject({
      stock: stockA,
      quantity: "3.000",
      price: "1000.00",
      fee: "50.00",
      discount: "25.00",
      net_price: "1025.00",
      total_price: "3075.00",
      is_extra: false,
    });
    expect(s.items[0].item_name).toEqual(expect.any(String));
    expect(s.items[0].barcode).toEqual(expect.any(String));
    expect(s.items[0].batch_number).toMatch(/^T-/);
    expect(s.items[0].expire_date).toBe("2030-01-01");
    expect(s.items[2]).toMatchObject({ stock: null, item: w.service, quantity: "1.000", total_price: "5000.00" });
    expect(await stockQuantity(t, stockA)).toBe("7.000");
    expect(await stockQuantity(t, stockB)).toBe("3.000");
    expect(await unbalancedCurrencies(t, "sale", s.id)).toBe(0);
    const entries = await documentEntries(t, "sale", s.id);
    const cost = entries.find((e) => e.account_type === "cost_of_goods");
    expect(cost?.debit).toBe("2301.00"); // 3 x 600 + 2 x 250.50
    expect(entries.find((e) => e.account_type === "revenue")?.credit).toBe("8800.00");
    expect(entries.find((e) => e.account_type === "cashbox")).toMatchObject({ account_id: w.cash.erbilIqd, debit: "2000.00" });
    const [row] = await queryRows<{ form_token: string; cost_price: string }>(t.db, sql`select form_token from sale where id = ${s.id}`);
    expect(row.form_token).toMatch(/^sale-/);

    const read = await t.call(cashier, "GET", `/api/sale/${s.id}/`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual(s);
  });

  it("answers payment statuses unpaid and paid", async () => {
    const stock = await makeStock(t, w.inv.erbil, nextGoods(), "10");
    const unpaid = await post(
      t,
      admin,
      "sale/",
      baseSale([{ stock, quantity: "1", price: "100" }], { payment_type: "debit", cashbox: null }),
    );
    expect(unpaid.body).toMatchObject({ payment_status: "unpaid", remaining: "100.00" });
    const paid = await post(t, admin, "sale/", baseSale([{ stock, quantity: "1", price: "100" }], { paid_amount: "100" }));
    expect(paid.body).toMatchObject({ payment_status: "paid", remaining: "0.00" });
  });

  it("sells in USD with the rate given or the latest one", async () => {
    const stock = await makeStock(t, w.inv.erbil, nextGoods(), "10");
    const res = await post<SaleAnswer>(
      t,
      admin,
      "sale/",
      baseSale([{ stock, quantity: "1", price: "20" }], { currency: w.usd, cashbox: w.cash.erbilUsd, paid_amount: "20" }),
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ currency_code: "USD", exchange_rate: "1320.000000", payment_status: "paid" });
    const sent = await post<SaleAnswer>(
      t,
      admin,
      "sale/",
      baseSale([{ stock, quantity: "1", price: "20" }], { currency: w.usd, exchange_rate: "1300", payment_type: "debit", cashbox: null }),
    );
    expect(sent.body.exchange_rate).toBe("1300.000000");
    expect(await unbalancedCurrencies(t, "sale", res.body.id)).toBe(0);
    // Revenue in USD, cost of goods in the base currency.
    const entries = await documentEntries(t, "sale", res.body.id);
    expect(entries.find((e) => e.account_type === "revenue")?.currency_id).toBe(w.usd);
    expect(entries.find((e) => e.account_type === "cost_of_goods")?.currency_id).toBe(w.iqd);
  });

  it("refuses what SPEC refuses, with its messages", async () => {
    const stock = await makeStock(t, w.inv.erbil, nextGoods(), "2");
    const empty = await makeStock(t, w.inv.erbil, nextGoods(), "0");
    const other = await makeStock(t, w.inv.erbil2, nextGoods(), "5");
    const line = { stock, quantity: "1", price: "100" };
    const cases: [Record<string, unknown>, number, unknown][] = [
      [baseSale([line, { ...line }]), 400, { message: "Item already in the list" }],
      [baseSale([{ stock: empty, quantity: "1", price: "1" }]), 400, { message: "Cannot sell item with 0 quantity" }],
      [baseSale([{ stock, quantity: "3", price: "1" }]), 400, { message: "Quantity is greater than stock quantity" }],
      [baseSale([{ stock, quantity: "0", price: "1" }]), 400, { "items[0].quantity": ["must be positive"] }],
      [baseSale([{ stock: other, quantity: "1", price: "1" }]), 400, { "items[0].stock": ["Invalid pk - object does not exist."] }],
      [baseSale([line], { cashbox: null, paid_amount: "50" }), 400, { cashbox: ["Cashbox is required"] }],
      // A cash sale names its cashbox even with nothing paid yet (payment_type left out is cash).
      [baseSale([line], { cashbox: null, paid_amount: "0" }), 400, { cashbox: ["Cashbox is required"] }],
      [baseSale([line], { cashbox: undefined, payment_type: undefined, paid_amount: "0" }), 400, { cashbox: ["Cashbox is required"] }],
      [baseSale([line], { cashbox: w.cash.erbilUsd, paid_amount: "50" }), 400, { cashbox: ["Cashbox currency mismatch"] }],
      [baseSale([line], { cashbox: w.cash.suliIqd, paid_amount: "50" }), 400, { cashbox: ["Invalid pk - object does not exist."] }],
      [baseSale([line], { paid_amount: "100.01" }), 400, { paid_amount: ["less than or equal to 100.00"] }],
      [baseSale([line], { discount: "101" }), 400, { discount: ["less than or equal to 100.00"] }],
      [baseSale([line], { inventory: w.inv.suli }), 400, { inventory: ["Invalid pk - object does not exist."] }],
      [baseSale([line], { customer: w.cust.suli }), 400, { customer: ["Invalid pk - object does not exist."] }],
      [baseSale([line], { inventory: undefined }), 400, { inventory: ["Select inventory"] }],
      [baseSale([line], { customer: "" }), 400, { customer: ["Select a customer"] }],
      [baseSale([line], { payment_type: "card" }), 400, { payment_type: [expect.stringContaining("must be one of")] }],
      [baseSale([{ item: w.goods[0], quantity: "1", price: "1" }]), 400, { "items[0].stock": ["This field is required"] }],
      [baseSale([]), 400, { items: [expect.any(String)] }],
    ];
    for (const [body, status, answer] of cases) {
      const res = await post(t, admin, "sale/", body);
      expect({ body, status: res.status, answer: res.body }).toEqual({ body, status, answer });
    }
    expect(await stockQuantity(t, stock)).toBe("2.000");
  });

  it("a sale of more than the stock is 400 and changes nothing", async () => {
    const stockA = await makeStock(t, w.inv.erbil, nextGoods(), "5");
    const stockB = await makeStock(t, w.inv.erbil, nextGoods(), "1");
    const before = {
      a: await stockQuantity(t, stockA),
      moves: await tableCount(t, "stock_movement"),
      ledger: await tableCount(t, "ledger_entry"),
      sales: await tableCount(t, "sale"),
      counter: await counter(t, w.erbil, "sale"),
    };
    const res = await post(
      t,
      admin,
      "sale/",
      baseSale([
        { stock: stockA, quantity: "2", price: "10" },
        { stock: stockB, quantity: "2", price: "10" },
      ]),
    );
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: "Quantity is greater than stock quantity" });
    expect({
      a: await stockQuantity(t, stockA),
      moves: await tableCount(t, "stock_movement"),
      ledger: await tableCount(t, "ledger_entry"),
      sales: await tableCount(t, "sale"),
      counter: await counter(t, w.erbil, "sale"),
    }).toEqual(before);
  });

  it("two devices selling the last unit at once: one sale, one refusal, stock 0, one movement", async () => {
    const stock = await makeStock(t, w.inv.erbil, nextGoods(), "1");
    const sell = () => post(t, cashier, "sale/", baseSale([{ stock, quantity: "1", price: "10" }], { customer: w.cust.erbilGeneral }));
    const results = await Promise.all([sell(), sell()]);
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 400]);
    const refused = results.find((r) => r.status === 400)!;
    // Locked check (true concurrency) or the read after the winner committed (serialised).
    expect(["No enough quantity available", "Cannot sell item with 0 quantity"]).toContain(json<{ message: string }>(refused).message);
    expect(await stockQuantity(t, stock)).toBe("0.000");
    expect(await movementCount(t, stock)).toBe(2); // the opening one and the sale's
  });

  it("a replayed form_token books one sale and answers the first response", async () => {
    const stock = await makeStock(t, w.inv.erbil, nextGoods(), "5");
    const token = formToken("replay");
    const body = baseSale([{ stock, quantity: "1", price: "10" }]);
    const first = await post<SaleAnswer>(t, cashier, "sale/", body, token);
    const second = await post<SaleAnswer>(t, cashier, "sale/", body, token);
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body.invoice_no).toBe(first.body.invoice_no);
    expect(second.body.id).toBe(first.body.id);
    expect(await stockQuantity(t, stock)).toBe("4.000");
    const changed = await post(t, cashier, "sale/", { ...body, discount: "1" }, token);
    expect(changed.status).toBe(422);
  });

  it("numbers sales per branch", async () => {
    const e = await makeStock(t, w.inv.erbil, nextGoods(), "5");
    const s = await makeStock(t, w.inv.suli, nextGoods(), "5");
    const a = await post<SaleAnswer>(t, admin, "sale/", baseSale([{ stock: e, quantity: "1", price: "1" }]));
    const b = await post<SaleAnswer>(t, admin, "sale/", baseSale([{ stock: e, quantity: "1", price: "1" }]));
    const c = await post<SaleAnswer>(
      t,
      admin,
      "sale/",
      baseSale([{ stock: s, quantity: "1", price: "1" }], {
        branch: w.suli,
        inventory: w.inv.suli,
        customer: w.cust.suli,
        cashbox: w.cash.suliIqd,
      }),
    );
    expect(b.body.invoice_no).toBe(a.body.invoice_no + 1);
    expect(c.body.invoice_no).toBe(await counter(t, w.suli, "sale"));
  });

  it("stock movements of a document apply all or none, with balances and the same line merged", async () => {
    const a = await makeStock(t, w.inv.erbil, nextGoods(), "5");
    const b = await makeStock(t, w.inv.erbil, nextGoods(), "1");
    const source = { documentType: "test_sale", documentId: 991, userId: 1 };
    await expect(
      t.db.transaction((tx) =>
        applyMovements(
          tx,
          [
            { stockId: a, quantity: "-2" },
            { stockId: b, quantity: "-2" },
          ],
          source,
        ),
      ),
    ).rejects.toThrow("No enough quantity available");
    expect(await stockQuantity(t, a)).toBe("5.000");
    expect(await stockQuantity(t, b)).toBe("1.000");
    await t.db.transaction((tx) =>
      applyMovements(
        tx,
        [
          { stockId: b, quantity: "-0.4" },
          { stockId: a, quantity: "-2" },
          { stockId: b, quantity: "-0.6" },
        ],
        source,
      ),
    );
    const moves = await queryRows<{ stock_id: number; quantity: string; balance_after: string }>(
      t.db,
      sql`select stock_id, quantity::text, balance_after::text from stock_movement where document_type = 'test_sale' and document_id = 991 order by stock_id`,
    );
    expect(moves).toEqual(
      [
        { stock_id: a, quantity: "-2.000", balance_after: "3.000" },
        { stock_id: b, quantity: "-1.000", balance_after: "0.000" },
      ].sort((x, y) => x.stock_id - y.stock_id),
    );
  });

  it("concurrent sales of a branch get consecutive numbers; a refused one leaves no gap", async () => {
    const plenty = await makeStock(t, w.inv.erbil, nextGoods(), "50");
    const scarce = await makeStock(t, w.inv.erbil, nextGoods(), "1");
    const before = await counter(t, w.erbil, "sale");
    const ok = () =>
      post<SaleAnswer>(t, cashier, "sale/", baseSale([{ stock: plenty, quantity: "1", price: "10" }], { customer: w.cust.erbilGeneral }));
    // Its first line is fine, its second cannot be served: nothing of it may stay, number included.
    const refused = post<SaleAnswer>(
      t,
      cashier,
      "sale/",
      baseSale(
        [
          { stock: plenty, quantity: "1", price: "10" },
          { stock: scarce, quantity: "2", price: "10" },
        ],
        { customer: w.cust.erbilGeneral },
      ),
    );
    const results = await Promise.all([ok(), ok(), refused, ok(), ok(), ok()]);
    expect(results.map((r) => r.status)).toEqual([201, 201, 400, 201, 201, 201]);
    const numbers = results
      .filter((r) => r.status === 201)
      .map((r) => r.body.invoice_no)
      .sort((a, b) => a - b);
    expect(numbers).toEqual([1, 2, 3, 4, 5].map((k) => before + k));
    expect(await counter(t, w.erbil, "sale")).toBe(before + 5);
    expect(await stockQuantity(t, plenty)).toBe("45.000");
    expect(await stockQuantity(t, scarce)).toBe("1.000");
    const unnumbered = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from sale where invoice_no = 0`);
    expect(unnumbered[0].n).toBe(0);
  });
});

describe("sale/ edit and delete (SPEC section 4)", () => {
  it("edits an unpaid sale: stock and posting undone and redone", async () => {
    const stockA = await makeStock(t, w.inv.erbil, nextGoods(), "10", "100");
    const stockB = await makeStock(t, w.inv.erbil, nextGoods(), "10", "200");
    const created = await post<SaleAnswer>(
      t,
      admin,
      "sale/",
      baseSale([{ stock: stockA, quantity: "4", price: "500" }], { paid_amount: "100" }),
    );
    expect(await stockQuantity(t, stockA)).toBe("6.000");
    const edited = await t.call(admin, "PUT", `/api/sale/${created.body.id}/`, {
      ...baseSale(
        [
          { stock: stockA, quantity: "1", price: "500" },
          { stock: stockB, quantity: "2", price: "700" },
        ],
        { paid_amount: "300" },
      ),
      updated_at: created.body.updated_at,
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      invoice_no: created.body.invoice_no,
      total_price: "1900.00",
      paid_amount: "300.00",
      payment_status: "partial_paid",
    });
    expect(await stockQuantity(t, stockA)).toBe("9.000");
    expect(await stockQuantity(t, stockB)).toBe("8.000");
    const entries = await documentEntries(t, "sale", created.body.id);
    expect(entries.find((e) => e.account_type === "revenue")?.credit).toBe("1900.00");
    expect(entries.find((e) => e.account_type === "cost_of_goods")?.debit).toBe("500.00");
    expect(await unbalancedCurrencies(t, "sale", created.body.id)).toBe(0);

    const stale = await t.call(admin, "PUT", `/api/sale/${created.body.id}/`, {
      ...baseSale([{ stock: stockA, quantity: "1", price: "1" }]),
      updated_at: created.body.updated_at,
    });
    expect(stale.status).toBe(423);

    const patched = await t.call(admin, "PATCH", `/api/sale/${created.body.id}/`, { note: "patched" });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ note: "patched", total_price: "1900.00" });
    expect(await stockQuantity(t, stockB)).toBe("8.000");

    const tooMuch = await t.call(admin, "PUT", `/api/sale/${created.body.id}/`, baseSale([{ stock: stockA, quantity: "11", price: "1" }]));
    expect(tooMuch.status).toBe(400);
    expect(await stockQuantity(t, stockA)).toBe("9.000");

    const removed = await t.call(admin, "DELETE", `/api/sale/${created.body.id}/`);
    expect(removed.body).toEqual({ message: "Deleted successfully" });
    expect(await stockQuantity(t, stockA)).toBe("10.000");
    expect(await stockQuantity(t, stockB)).toBe("10.000");
    expect(await documentEntries(t, "sale", created.body.id)).toEqual([]);
    expect((await t.call(admin, "GET", `/api/sale/${created.body.id}/`)).status).toBe(404);
  });

  it("a paid sale cannot be edited, added to or deleted", async () => {
    const stock = await makeStock(t, w.inv.erbil, nextGoods(), "5");
    const mat = await makeStock(t, w.inv.erbil, w.material[0], "5");
    const paid = await post<SaleAnswer>(t, admin, "sale/", baseSale([{ stock, quantity: "1", price: "100" }], { paid_amount: "100" }));
    const msg = { message: "A paid invoice cannot be updated, added to or deleted" };
    expect(await t.call(admin, "PUT", `/api/sale/${paid.body.id}/`, baseSale([{ stock, quantity: "2", price: "100" }]))).toEqual({
      status: 400,
      body: msg,
    });
    expect(await t.call(admin, "DELETE", `/api/sale/${paid.body.id}/`)).toEqual({ status: 400, body: msg });
    expect(await post(t, admin, `sale/${paid.body.id}/extra/`, { items: [{ stock: mat, quantity: "1", price: "1" }] })).toEqual({
      status: 400,
      body: msg,
    });
    expect(await stockQuantity(t, stock)).toBe("4.000");
  });

  it("a sale with returns cannot change", async () => {
    const stock = await makeStock(t, w.inv.erbil, nextGoods(), "5");
    const sale = await post<SaleAnswer>(
      t,
      admin,
      "sale/",
      baseSale([{ stock, quantity: "2", price: "100" }], { payment_type: "debit", cashbox: null }),
    );
    const ret = await post(t, admin, "sale-return/", { sale: sale.body.id, items: [{ stock, quantity: "1", price: "100" }] });
    expect(ret.status).toBe(201);
    const msg = { message: "Record is linked to returns, receipts or payments and cannot be changed" };
    expect(await t.call(admin, "PUT", `/api/sale/${sale.body.id}/`, baseSale([{ stock, quantity: "1", price: "100" }]))).toEqual({
      status: 400,
      body: msg,
    });
    expect(await t.call(admin, "DELETE", `/api/sale/${sale.body.id}/`)).toEqual({ status: 400, body: msg });
  });
});

describe("sale/<id>/extra/", () => {
  it("adds material lines, takes stock and re-posts; other item types are refused", async () => {
    const stock = await makeStock(t, w.inv.erbil, nextGoods(), "5", "100");
    const mat = await makeStock(t, w.inv.erbil, w.material[0], "5", "40");
    const goods = await makeStock(t, w.inv.erbil, nextGoods(), "5");
    const sale = await post<SaleAnswer>(t, cashier, "sale/", baseSale([{ stock, quantity: "1", price: "300" }], { paid_amount: "100" }));
    const refused = await post(t, cashier, `sale/${sale.body.id}/extra/`, { items: [{ stock: goods, quantity: "1", price: "1" }] });
    expect(refused).toEqual({ status: 400, body: { message: "Only material item is allowed" } });
    const res = await post<SaleAnswer>(t, cashier, `sale/${sale.body.id}/extra/`, { items: [{ stock: mat, quantity: "2", price: "50" }] });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ total_price: "400.00", net_price: "400.00", remaining: "300.00" });
    expect(res.body.items.map((l) => l.is_extra)).toEqual([false, true]);
    expect(await stockQuantity(t, mat)).toBe("3.000");
    const entries = await documentEntries(t, "sale", sale.body.id);
    expect(entries.find((e) => e.account_type === "revenue")?.credit).toBe("400.00");
    expect(entries.find((e) => e.account_type === "cost_of_goods")?.debit).toBe("180.00");
    expect(await unbalancedCurrencies(t, "sale", sale.body.id)).toBe(0);
    // An edit keeps the extra material; a delete gives all of it back.
    const edited = await t.call<SaleAnswer>(admin, "PUT", `/api/sale/${sale.body.id}/`, {
      ...baseSale(res.body.items, { paid_amount: "100" }),
    });
    expect(edited.status).toBe(200);
    expect(edited.body.total_price).toBe("400.00");
    expect(await stockQuantity(t, mat)).toBe("3.000");
    expect(await stockQuantity(t, stock)).toBe("4.000");
    expect((await t.call(admin, "DELETE", `/api/sale/${sale.body.id}/`)).status).toBe(200);
    expect(await stockQuantity(t, mat)).toBe("5.000");
    expect(await stockQuantity(t, stock)).toBe("5.000");
  });
});

describe("installment sales", () => {
  it("requires the plan, stores it and answers the schedule and the sale-premium list", async () => {
    const stock = await makeStock(t, w.inv.erbil, nextGoods(), "5");
    const missing = await post<FieldErrors>(t, admin, "sale/", baseSale([{ stock, quantity: "1", price: "1000" }], { is_premium: true }));
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.body).sort()).toEqual(["months_count", "next_receipt_date", "premium_receipt_amount", "receipt_frequency"]);
    const bad = await post<FieldErrors>(
      t,
      admin,
      "sale/",
      baseSale([{ stock, quantity: "1", price: "1000" }], {
        is_premium: true,
        months_count: 13,
        premium_receipt_amount: "0",
        receipt_frequency: "daily",
        next_receipt_date: "2025-02-30",
      }),
    );
    expect(Object.keys(bad.body).sort()).toEqual(["months_count", "next_receipt_date", "premium_receipt_amount", "receipt_frequency"]);

    const res = await post<SaleAnswer>(
      t,
      admin,
      "sale/",
      baseSale([{ stock, quantity: "1", price: "1000" }], {
        payment_type: "debit",
        paid_amount: "350",
        is_premium: true,
        months_count: 3,
        premium_receipt_amount: "300",
        receipt_frequency: "monthly",
        next_receipt_date: "2025-01-10",
        guarantor_name: "Karwan",
        guarantor_phone: "0750",
        guarantor_address: "Erbil",
      }),
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      is_premium: true,
      months_count: 3,
      premium_receipt_amount: "300.00",
      receipt_frequency: "monthly",
      next_receipt_date: "2025-01-10",
      guarantor_name: "Karwan",
    });
    const schedule = await t.call<PremiumScheduleAnswer>(admin, "GET", `/api/sale/${res.body.id}/premium-schedule/?date=2025-02-10`);
    expect(schedule.status).toBe(200);
    expect(schedule.body).toMatchObject({
      owed: "1000.00",
      paid_amount: "350.00",
      remaining: "650.00",
      next_due_date: "2025-02-10",
      due_amount: "250.00",
    });
    expect(schedule.body.receipts).toEqual([
      { index: 1, date: "2025-01-10", amount: "300.00", paid: "300.00", due: "0.00" },
      { index: 2, date: "2025-02-10", amount: "300.00", paid: "50.00", due: "250.00" },
      { index: 3, date: "2025-03-10", amount: "400.00", paid: "0.00", due: "400.00" },
    ]);
    const list = await t.call(admin, "GET", `/api/sale-premium/?page_size=200`);
    expect(list.status).toBe(200);
    const row = pageRows<PremiumListRow>(list).find((r) => r.id === res.body.id);
    expect(row).toMatchObject({ remaining: "650.00", next_due_date: "2025-02-10" });
    expect(pageRows<PremiumListRow>(list).every((r) => r.is_premium)).toBe(true);
    expect((await t.call(cashier, "GET", "/api/sale-premium/")).status).toBe(403);
  });
});

describe("lists, ledger and isolation", () => {
  it("lists with branch scope, dates, currency, totals and all", async () => {
    const stock = await makeStock(t, w.inv.erbil, nextGoods(), "5");
    const a = await post<SaleAnswer>(
      t,
      admin,
      "sale/",
      baseSale([{ stock, quantity: "1", price: "70" }], { input_date: "2024-03-05", note: "list-test" }),
    );
    await post(
      t,
      admin,
      "sale/",
      baseSale([{ stock, quantity: "1", price: "30" }], { input_date: "2024-03-20", note: "list-test", paid_amount: "30" }),
    );
    const ranged = await t.call(admin, "GET", `/api/sale/?input_date_after=2024-03-01&input_date_before=2024-03-10&note=list-test`);
    expect(ranged.status).toBe(200);
    expect(pageRows<SaleListRow>(ranged).map((r) => r.id)).toEqual([a.body.id]);
    const totals = await t.call(admin, "GET", `/api/sale/totals/?note=list-test&currency=${w.iqd}&branch=${w.erbil}`);
    expect(totals.body).toMatchObject({ sum_total_price: "100.00", sum_paid_amount: "30.00", sum_remaining: "70.00" });
    const all = await t.call(admin, "GET", `/api/sale/all/?note=list-test&payment_status=paid`);
    expect(all.body).toHaveLength(1);
    expect((await t.call<Paged<SaleListRow>>(admin, "GET", `/api/sale/?note=list-test&currency=${w.usd}`)).body.count).toBe(0);
    expect((await t.call(admin, "GET", `/api/sale/?colour=red`)).status).toBe(400);
  });

  it("customer balance = sales' net - paid - returns; profit = revenue - cost of goods", async () => {
    const created = await post<Created>(t, admin, "customer/", { name: "Ledger customer", branch: w.erbil });
    const cust = created.body.id;
    const s1 = await makeStock(t, w.inv.erbil, nextGoods(), "10", "100");
    const s2 = await makeStock(t, w.inv.erbil, nextGoods(), "10", "250");
    const sale1 = await post<SaleAnswer>(
      t,
      admin,
      "sale/",
      baseSale(
        [
          { stock: s1, quantity: "4", price: "300" },
          { stock: s2, quantity: "2", price: "400" },
        ],
        { customer: cust, discount: "100", paid_amount: "500" },
      ),
    );
    const sale2 = await post<SaleAnswer>(
      t,
      admin,
      "sale/",
      baseSale([{ stock: s1, quantity: "1", price: "300" }], { customer: cust, payment_type: "debit", cashbox: null }),
    );
    const ret = await post<SaleDocumentAnswer>(t, admin, "sale-return/", {
      sale: sale1.body.id,
      items: [{ stock: s1, quantity: "1", price: "300" }],
    });
    expect([sale1.status, sale2.status, ret.status]).toEqual([201, 201, 201]);
    for (const [type, id] of [
      ["sale", sale1.body.id],
      ["sale", sale2.body.id],
      ["sale_return", ret.body.id],
    ] as const) {
      expect(await unbalancedCurrencies(t, type, id)).toBe(0);
    }
    // 1900 + 300 net, 500 paid, 300 returned.
    expect(await balance(t, "customer", cust, w.iqd)).toBe("1400.00");
    const [profit] = await queryRows<{ revenue: string; cost: string; lines_revenue: string; lines_cost: string }>(
      t.db,
      sql`select
        (select sum(credit - debit) from ledger_entry where account_type = 'revenue' and ((document_type = 'sale' and document_id in (${sale1.body.id}, ${sale2.body.id})) or (document_type = 'sale_return' and document_id = ${ret.body.id})))::text as revenue,
        (select sum(debit - credit) from ledger_entry where account_type = 'cost_of_goods' and ((document_type = 'sale' and document_id in (${sale1.body.id}, ${sale2.body.id})) or (document_type = 'sale_return' and document_id = ${ret.body.id})))::text as cost,
        (select sum(si.total_price) from sale_item si where si.sale_id in (${sale1.body.id}, ${sale2.body.id}))::text as lines_revenue,
        (select sum(si.cost_price * si.quantity) from sale_item si where si.sale_id in (${sale1.body.id}, ${sale2.body.id}))::text as lines_cost`,
    );
    // Revenue: lines 2300 - discount 100 - returned 300 = 1900. Cost: 400 + 500 + 100 - 100 returned = 900.
    expect(Number(profit.lines_revenue)).toBe(2300);
    expect(Number(profit.revenue)).toBe(1900);
    expect(Number(profit.lines_cost)).toBe(1000);
    expect(Number(profit.cost)).toBe(900);
    expect(Number(profit.revenue) - Number(profit.cost)).toBe(1000);
  });

  it("keeps branches apart and checks permissions", async () => {
    const stock = await makeStock(t, w.inv.suli, nextGoods(), "5");
    const suliSale = await post<SaleAnswer>(
      t,
      admin,
      "sale/",
      baseSale([{ stock, quantity: "1", price: "10" }], {
        branch: w.suli,
        inventory: w.inv.suli,
        customer: w.cust.suli,
        cashbox: w.cash.suliIqd,
      }),
    );
    expect(suliSale.status).toBe(201);
    const id = suliSale.body.id;
    expect((await t.call(cashier, "GET", `/api/sale/${id}/`)).status).toBe(404);
    expect((await t.call(cashier, "GET", `/api/sale/${id}/premium-schedule/`)).status).toBe(404);
    expect((await post(t, cashier, `sale/${id}/extra/`, { items: [{ stock, quantity: "1", price: "1" }] })).status).toBe(404);
    const list = await t.call<Paged<SaleListRow>>(cashier, "GET", `/api/sale/?page_size=200&branch=${w.suli}`);
    expect(list.body.count).toBe(0);
    const foreign = await post(
      t,
      cashier,
      "sale/",
      baseSale([{ stock, quantity: "1", price: "10" }], {
        branch: w.suli,
        inventory: w.inv.suli,
        customer: w.cust.suli,
        cashbox: w.cash.suliIqd,
      }),
    );
    expect(foreign.body).toEqual({ branch: ["Invalid pk - object does not exist."] });
    const ret = await post(t, cashier, "sale-return/", { sale: id, items: [{ stock, quantity: "1", price: "10" }] });
    // The cashier has no add_salereturn.
    expect(ret.status).toBe(403);
    const manager = await makeUser(t, ["view_sale", "change_sale", "delete_sale", "add_salereturn"], [w.erbil]);
    expect((await t.call(manager, "PUT", `/api/sale/${id}/`, baseSale([]))).status).toBe(404);
    expect((await t.call(manager, "DELETE", `/api/sale/${id}/`)).status).toBe(404);
    expect(await post(t, manager, "sale-return/", { sale: id, items: [{ stock, quantity: "1", price: "10" }] })).toEqual({
      status: 400,
      body: { message: "Sale invoice not found" },
    });
    expect((await t.call(cashier, "DELETE", `/api/sale/${id}/`)).status).toBe(403);
    expect((await post(t, manager, "sale/", baseSale([]))).status).toBe(403);
    expect(await stockQuantity(t, stock)).toBe("4.000");
  });
});

describe("demo data", () => {
  it("holds sales in both branches, returns, an installment sale and a quotation, all balanced", async () => {
    const [counts] = await queryRows<Record<string, string>>(
      t.db,
      sql`select (select count(distinct branch_id) from sale where form_token is null) as branches,
                 (select count(*) from sale where form_token is null) as sales,
                 (select count(*) from sale where form_token is null and currency_id <> ${w.iqd}) as usd_sales,
                 (select count(*) from sale_return r join sale s on s.id = r.sale_id where s.form_token is null) as returns,
                 (select count(*) from sale where form_token is null and is_premium) as premium,
                 (select count(*) from sale_quotation) as quotations,
                 (select count(*) from stock where quantity < 0) as negative,
                 (select count(*) from (select document_type, document_id, currency_id from ledger_entry
                    where document_type in ('sale', 'sale_return') group by 1, 2, 3 having sum(debit) <> sum(credit)) x) as unbalanced`,
    );
    const [opening] = await queryRows<{ n: string }>(
      t.db,
      sql`select count(*) as n from stock_movement where document_type = 'opening_balance'`,
    );
    if (Number(opening.n) === 0) return; // no demo stock to sell from
    expect(Number(counts.branches)).toBe(2);
    expect(Number(counts.sales)).toBeGreaterThanOrEqual(15);
    expect(Number(counts.usd_sales)).toBeGreaterThan(0);
    // Two recent returns (demo-sales.ts) and three in each branch's six months of history (demo-sales-history.ts).
    expect(Number(counts.returns)).toBe(8);
    // The recent installment sale (demo-sales.ts) and an overdue one per branch (demo-report-alerts.ts).
    expect(Number(counts.premium)).toBe(3);
    expect(Number(counts.quotations)).toBeGreaterThanOrEqual(1);
    expect(Number(counts.negative)).toBe(0);
    expect(Number(counts.unbalanced)).toBe(0);
    // Stock rows agree with their movements.
    const [drift] = await queryRows<{ n: string }>(
      t.db,
      sql`select count(*) as n from stock s where s.quantity <> coalesce((select sum(m.quantity) from stock_movement m where m.stock_id = s.id), 0)`,
    );
    expect(Number(drift.n)).toBe(0);
  });
});
