import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { add, mul, sub, toDecimalString } from "../../../src/core/money";
import { queryRows } from "../../../src/server/db/client";
import { makeUser } from "../master-data/helpers";
import { signInSaleWorld, type SaleWorld } from "../sale/helpers";
import { withTestApp } from "../support/test-lifecycle";
import type { TestApp } from "../support/test-app";
import { buy, giveBack, profit, sell, type ProfitAnswer } from "./profit-helpers";

let t: TestApp;
let admin: string;
let w: SaleWorld;
let supplier: number;
let items: number[];

withTestApp(async (app) => {
  t = app;
  ({ w, admin } = await signInSaleWorld(t, "admin"));
  [{ id: supplier }] = await queryRows<{ id: number }>(t.db, sql`select id from supplier where name = 'Zagros Beverages'`);
  items = w.goods.slice(0, 6);
});

// Days far from the demo data, one per test, so each test reads only its own documents.
const day = (n: number) => `2031-03-${String(n).padStart(2, "0")}`;
const dayQuery = (date: string, extra = "") => `start_date=${date}&end_date=${date}&group_by=day${extra}`;

const figures = (a: ProfitAnswer) => a.totals;

describe("report/profit/", () => {
  it("buying at one price and selling at another moves the day's profit by the difference times the quantity; a return takes it back", async () => {
    const date = day(3);
    const before = (await profit(t, admin, dayQuery(date))).body;
    expect(before.rows).toEqual([]);
    const stock = await buy(t, admin, w, supplier, items[0], "10", "1000", date);
    const afterPurchase = (await profit(t, admin, dayQuery(date))).body;
    expect(afterPurchase.totals.profit).toBe("0.00"); // a purchase alone earns nothing

    const sale = await sell(t, admin, w, [{ stock, quantity: "4", price: "1500" }], date);
    const sold = (await profit(t, admin, dayQuery(date))).body;
    expect(sold.currency?.code).toBe("IQD");
    expect(sold.rows).toEqual([{ key: date, label: date, ...sold.totals }]);
    expect(figures(sold)).toEqual({ revenue: "6000.00", cost: "4000.00", returns: "0.00", discount: "0.00", profit: "2000.00" });
    expect(sold.totals.profit).toBe(toDecimalString(mul(sub("1500", "1000"), "4")));

    // Returning all four takes the profit back to what it was; the returned amount shows as returns.
    await giveBack(t, admin, sale.id, [{ stock, quantity: "4", price: "1500" }], date);
    const returned = (await profit(t, admin, dayQuery(date))).body;
    expect(figures(returned)).toEqual({ revenue: "6000.00", cost: "0.00", returns: "6000.00", discount: "0.00", profit: "0.00" });
  });

  it("an invoice discount lowers the profit by itself; a partial return takes back its share of revenue and cost", async () => {
    const date = day(4);
    const stock = await buy(t, admin, w, supplier, items[1], "10", "200", date);
    const sale = await sell(t, admin, w, [{ stock, quantity: "5", price: "300" }], date, { discount: "50" });
    const sold = (await profit(t, admin, dayQuery(date))).body;
    expect(figures(sold)).toEqual({ revenue: "1500.00", cost: "1000.00", returns: "0.00", discount: "50.00", profit: "450.00" });
    await giveBack(t, admin, sale.id, [{ stock, quantity: "2", price: "300" }], date);
    const after = (await profit(t, admin, dayQuery(date))).body;
    // Two units back: 600 of revenue returned, 400 of cost taken back, profit down by (300 - 200) x 2.
    expect(figures(after)).toEqual({ revenue: "1500.00", cost: "600.00", returns: "600.00", discount: "50.00", profit: "250.00" });
  });

  it("every grouping answers the same totals, in the base currency and in one currency, and they agree with the ledger", async () => {
    const [first, last] = [day(10), day(12)];
    const a = await buy(t, admin, w, supplier, items[2], "20", "700", first);
    const b = await buy(t, admin, w, supplier, items[3], "20", "333.33", first);
    const s1 = await sell(
      t,
      admin,
      w,
      [
        { stock: a, quantity: "3", price: "1000" },
        { stock: b, quantity: "7", price: "499.99" },
      ],
      day(10),
      {
        discount: "17.77",
      },
    );
    await sell(t, admin, w, [{ stock: b, quantity: "1", price: "2.5" }], day(11), { currency: w.usd, exchange_rate: "1310" });
    await sell(t, admin, w, [{ stock: a, quantity: "2", price: "1" }], day(12), { currency: w.usd, exchange_rate: "1305.5" });
    await giveBack(t, admin, s1.id, [{ stock: b, quantity: "2", price: "499.99" }], day(12));

    const range = `start_date=${first}&end_date=${last}`;
    for (const currency of ["", `&currency=${w.usd}`, `&currency=${w.iqd}`]) {
      const answers = await Promise.all(
        ["day", "month", "branch", "item_group", "item"].map(
          async (group) => (await profit(t, admin, `${range}&group_by=${group}${currency}`)).body,
        ),
      );
      for (const answer of answers) expect(answer.totals).toEqual(answers[0].totals);
      const byDay = answers[0];
      expect(byDay.rows.map((r) => r.key)).toEqual(
        currency === `&currency=${w.usd}` ? [day(11), day(12)] : currency ? [day(10), day(12)] : [day(10), day(11), day(12)],
      );
      const byItem = answers[4];
      expect(byItem.rows.map((r) => Number(r.key)).sort()).toEqual([items[2], items[3]].sort());
      // profit = revenue - discount - returns - cost, on every row and the totals.
      for (const row of [...byDay.rows, byDay.totals]) {
        expect(row.profit).toBe(toDecimalString(sub(sub(sub(row.revenue, row.discount), row.returns), row.cost)));
      }
    }

    // The base-currency totals are the ledger's: revenue net of discount and returns, and cost of goods.
    const base = (await profit(t, admin, `${range}&group_by=day`)).body.totals;
    const [ledger] = await queryRows<{ revenue: string; cost: string }>(
      t.db,
      sql`select round(sum(case when account_type = 'revenue' then (credit - debit) * exchange_rate else 0 end), 2)::text as revenue,
            round(sum(case when account_type = 'cost_of_goods' then debit - credit else 0 end), 2)::text as cost
          from ledger_entry where entry_date between ${first} and ${last} and document_type in ('sale', 'sale_return')`,
    );
    expect(toDecimalString(sub(sub(base.revenue, base.discount), base.returns))).toBe(ledger.revenue);
    expect(base.cost).toBe(ledger.cost);
    // USD figures convert at each sale's booked rate: 2.5 x 1310 + 2 x 1305.5 of revenue.
    const usd = (await profit(t, admin, `${range}&group_by=day&currency=${w.usd}`)).body;
    expect(usd.currency?.code).toBe("USD");
    expect(usd.totals.revenue).toBe("4.50");
    const iqd = (await profit(t, admin, `${range}&group_by=day&currency=${w.iqd}`)).body;
    expect(base.revenue).toBe(toDecimalString(add(iqd.totals.revenue, add(mul("2.5", "1310"), mul("2", "1305.5")))));
  });

  it("without report_view_profit the answer is 403; bad parameters are 400", async () => {
    const clerk = await makeUser(t, ["view_saledetail"], [w.erbil]);
    expect((await profit(t, clerk, dayQuery(day(3)))).status).toBe(403);
    expect((await profit(t, admin, "group_by=week")).status).toBe(400);
    expect((await profit(t, admin, "start_date=2031-03-05&end_date=2031-03-01")).status).toBe(400);
    expect((await profit(t, admin, "start_date=yesterday")).status).toBe(400);
    expect((await profit(t, admin, "branch=abc")).status).toBe(400);
    expect((await profit(t, admin, "currency=-1")).status).toBe(400);
  });

  it("reads a wrong id list as every report and list does", async () => {
    const body = async (url: string) => (await t.call<Record<string, string[]>>(admin, "GET", url)).body;
    const mustBeNumber = { branch: ["must be a number"] };
    expect(await body("/api/report/profit/?branch=abc")).toEqual(mustBeNumber);
    expect(await body("/api/report/profit/?branch=1,-2")).toEqual(mustBeNumber);
    expect(await body("/api/dashboard/?branch=abc")).toEqual(mustBeNumber);
    expect(await body("/api/sale/?branch=abc")).toEqual(mustBeNumber);
    expect(await body("/api/report/profit/?currency=x")).toEqual({ currency: ["must be a number"] });
  });

  it("another branch's documents never appear", async () => {
    const date = day(3);
    const suliManager = await makeUser(t, ["report_view_profit"], [w.suli]);
    const own = (await profit(t, suliManager, dayQuery(date))).body;
    expect(own.rows).toEqual([]);
    // Asking for Erbil by id narrows to nothing rather than widening to the caller's branches.
    const asked = (await profit(t, suliManager, dayQuery(date, `&branch=${w.erbil}`))).body;
    expect(asked.rows).toEqual([]);
    expect(asked.totals.revenue).toBe("0.00");
    const byBranch = (await profit(t, admin, `start_date=${date}&end_date=${date}&group_by=branch`)).body;
    expect(byBranch.rows.map((r) => r.label)).toEqual(["Erbil Main"]);
  });
});
