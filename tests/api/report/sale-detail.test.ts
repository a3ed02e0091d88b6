import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { queryRows } from "../../../src/server/db/client";
import { makeUser } from "../master-data/helpers";
import { signInSaleWorld, type SaleWorld } from "../sale/helpers";
import { withTestApp } from "../support/test-lifecycle";
import type { TestApp } from "../support/test-app";
import { buy, giveBack, profit, sell } from "./profit-helpers";

interface Page<Row> {
  count: number;
  results: Row[];
}
interface DetailRow {
  id: number;
  sale: number;
  invoice_no: number;
  input_date: string;
  branch_name: string;
  customer_name: string;
  item: number;
  item_name: string;
  batch_number: string;
  quantity: string;
  price: string;
  discount: string;
  total_price: string;
  invoice_discount: string;
  cost: string;
  profit: string;
}
interface ReturnRow {
  sale_return: number;
  sale_invoice_no: number;
  item: number;
  quantity: string;
  total_price: string;
}

let t: TestApp;
let admin: string;
let w: SaleWorld;
let supplier: number;
let items: number[];

withTestApp(async (app) => {
  t = app;
  ({ w, admin } = await signInSaleWorld(t, "admin"));
  [{ id: supplier }] = await queryRows<{ id: number }>(t.db, sql`select id from supplier where name = 'Zagros Beverages'`);
  items = w.goods.slice(10, 14);
});

const date = "2031-05-06";
const range = `start_date=${date}&end_date=${date}`;
const detail = <Row>(token: string, path: string, query: string) => t.call<Row>(token, "GET", `/api/report/${path}/?${query}`);

describe("report/sale-detail/ and report/sale-return-detail/", () => {
  it("one row per line with cost and profit, every filter, sums that agree with the profit report; return lines apart", async () => {
    const a = await buy(t, admin, w, supplier, items[0], "10", "400", date);
    const b = await buy(t, admin, w, supplier, items[1], "10", "100", date);
    const sale = await sell(
      t,
      admin,
      w,
      [
        { stock: a, quantity: "3", price: "500" },
        { stock: b, quantity: "1", price: "500" },
      ],
      date,
      { discount: "100" },
    );
    const page = await detail<Page<DetailRow>>(admin, "sale-detail", `${range}&ordering=id`);
    expect(page.status).toBe(200);
    expect(page.body.count).toBe(2);
    const [first, second] = page.body.results;
    expect(first).toMatchObject({
      sale: sale.id,
      invoice_no: sale.invoice_no,
      input_date: date,
      branch_name: "Erbil Main",
      customer_name: "Aram Market",
      item: items[0],
      batch_number: `P-${date}-${items[0]}`,
      quantity: "3.000",
      price: "500.00",
      total_price: "1500.00",
      // 100 of invoice discount shared 1500 : 500 over the two lines.
      invoice_discount: "75.00",
      cost: "1200.00",
      profit: "225.00",
    });
    expect(second).toMatchObject({ item: items[1], total_price: "500.00", invoice_discount: "25.00", cost: "100.00", profit: "375.00" });

    const totals = await detail<Record<string, string>>(admin, "sale-detail/totals", range);
    expect(totals.body).toMatchObject({ sum_quantity: "4.000", sum_total_price: "2000.00", sum_cost: "1300.00" });
    const report = (await profit(t, admin, `${range}&group_by=item`)).body.totals;
    expect(totals.body.sum_profit).toBe(report.profit);

    // Filters: item, customer, number range, search by item name, branch, currency.
    const byItem = await detail<Page<DetailRow>>(admin, "sale-detail", `${range}&item=${items[1]}`);
    expect(byItem.body.results.map((r) => r.item)).toEqual([items[1]]);
    const byCustomer = await detail<Page<DetailRow>>(admin, "sale-detail", `${range}&customer=${w.cust.aram}&total_price__gte=1000`);
    expect(byCustomer.body.results.map((r) => r.item)).toEqual([items[0]]);
    const byName = await detail<Page<DetailRow>>(admin, "sale-detail", `${range}&search=${encodeURIComponent(first.item_name)}`);
    expect(byName.body.results.some((r) => r.item === items[0])).toBe(true);
    expect((await detail<Page<DetailRow>>(admin, "sale-detail", `${range}&branch=${w.suli}`)).body.count).toBe(0);
    expect((await detail<Page<DetailRow>>(admin, "sale-detail", `${range}&currency=${w.usd}`)).body.count).toBe(0);
    expect((await detail(admin, "sale-detail", "bogus=1")).status).toBe(400);

    await giveBack(t, admin, sale.id, [{ stock: a, quantity: "1", price: "500" }], date);
    const returns = await detail<Page<ReturnRow>>(admin, "sale-return-detail", range);
    expect(returns.body.results).toEqual([
      expect.objectContaining({ sale_invoice_no: sale.invoice_no, item: items[0], quantity: "1.000", total_price: "500.00" }),
    ]);
    const returnTotals = await detail<Record<string, string>>(admin, "sale-return-detail/totals", range);
    expect(returnTotals.body).toEqual({ sum_quantity: "1.000", sum_total_price: "500.00" });
  });

  it("each list is behind its own permission and never shows another branch's lines", async () => {
    const detailOnly = await makeUser(t, ["view_saledetail"], [w.erbil]);
    expect((await detail(detailOnly, "sale-detail", range)).status).toBe(200);
    expect((await detail(detailOnly, "sale-detail/totals", range)).status).toBe(200);
    expect((await detail(detailOnly, "sale-return-detail", range)).status).toBe(403);
    const returnsOnly = await makeUser(t, ["view_salereturndetail"], [w.erbil]);
    expect((await detail(returnsOnly, "sale-detail", range)).status).toBe(403);
    expect((await detail(returnsOnly, "sale-return-detail", range)).status).toBe(200);

    const suli = await makeUser(t, ["view_saledetail", "view_salereturndetail"], [w.suli]);
    for (const path of ["sale-detail", "sale-return-detail"]) {
      expect((await detail<Page<unknown>>(suli, path, range)).body.count).toBe(0);
      expect((await detail<Page<unknown>>(suli, path, `${range}&branch=${w.erbil}`)).body.count).toBe(0);
      const sums = (await detail<Record<string, string>>(suli, `${path}/totals`, range)).body;
      expect(sums.sum_total_price).toBe("0");
    }
  });
});
