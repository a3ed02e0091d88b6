import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../../src/server/db/client";
import { buy, sell } from "../report/profit-helpers";
import { saleWorld, type SaleWorld } from "../sale/helpers";
import { type TestApp } from "../support/test-app";
import { withTestApp } from "../support/test-lifecycle";

/** The profit and loss by month side by side, and beside the same period a year earlier. */

interface Statement {
  start_date: string;
  end_date: string;
  sections: { key: string; total: string }[];
  gross_profit: string;
  net_profit: string;
}
type Answer = Statement & { columns?: Statement[] };

const SECTIONS = [
  "sales",
  "returns",
  "cost_of_goods",
  "other_income",
  "expenses",
  "payroll",
  "damaged_stock",
  "cash_over_short",
  "exchange",
];

let t: TestApp;
let admin: string;
let w: SaleWorld;
withTestApp(async (app) => {
  t = app;
  admin = await t.login("admin");
});
beforeAll(async () => {
  w = await saleWorld(t);
  const [{ id: supplier }] = await queryRows<{ id: number }>(t.db, sql`select id from supplier where name = 'Zagros Beverages'`);
  // One sale in February 2032 and one in February 2033: nothing else of the demo is dated then.
  const stock = await buy(t, admin, w, supplier, w.goods[0], "10", "100000", "2032-01-10");
  await sell(t, admin, w, [{ stock, quantity: "1", price: "150000" }], "2032-02-03");
  await sell(t, admin, w, [{ stock, quantity: "2", price: "150000" }], "2033-02-03");
});

const get = (query: string) => t.call<Answer>(admin, "GET", `/api/accounting/profit-and-loss/?${query}`);

describe("accounting/profit-and-loss/ columns", () => {
  it("by month: one statement per month of the range, each with every section, adding up to the range's", async () => {
    const res = await get("start_date=2033-01-15&end_date=2033-03-31&columns=month");
    expect(res.status).toBe(200);
    const columns = res.body.columns ?? [];
    expect(columns.map((c) => [c.start_date, c.end_date])).toEqual([
      ["2033-01-15", "2033-01-31"],
      ["2033-02-01", "2033-02-28"],
      ["2033-03-01", "2033-03-31"],
    ]);
    for (const column of columns) expect(column.sections.map((s) => s.key)).toEqual(SECTIONS);
    expect(columns.map((c) => c.gross_profit)).toEqual(["0.00", "100000.00", "0.00"]);
    const cents = (x: string) => Math.round(Number(x) * 100);
    expect(columns.reduce((n, c) => n + cents(c.net_profit), 0)).toBe(cents(res.body.net_profit));
  });

  it("against last year: the same period a year earlier, then the period", async () => {
    const res = await get("start_date=2033-02-01&end_date=2033-02-28&columns=last_year");
    expect(res.status).toBe(200);
    const columns = res.body.columns ?? [];
    expect(columns.map((c) => [c.start_date, c.end_date, c.gross_profit])).toEqual([
      ["2032-02-01", "2032-02-28", "50000.00"],
      ["2033-02-01", "2033-02-28", "100000.00"],
    ]);
    expect(columns[1].net_profit).toBe(res.body.net_profit);
  });

  it("answers no columns by default, and refuses another choice with a 400", async () => {
    const plain = await get("start_date=2033-02-01&end_date=2033-02-28");
    expect(plain.status).toBe(200);
    expect(plain.body.columns).toBeUndefined();
    expect(plain.body.sections.map((s) => s.key)).toEqual(SECTIONS);
    expect((await get("columns=week")).status).toBe(400);
  });
});
