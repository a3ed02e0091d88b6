import { addDays, format } from "date-fns";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ISO_DATE } from "../../../src/core/dates";
import { div, mul, round, sub, sum, toDecimalString, toMoney } from "../../../src/core/money";
import { queryRows } from "../../../src/server/db/client";
import type { AuthContext } from "../../../src/server/http/access";
import { listTotals, type CachedTotalsFilter, type ListSpec } from "../../../src/server/http/list-engine";
import { coverSaleDaysThrough } from "../../../src/server/modules/report/sale-detail-day-totals";
import { saleDetailList } from "../../../src/server/modules/report/sale-detail.lists";
import { saleList } from "../../../src/server/modules/sale/sale.lists";
import { signInSaleWorld, debitSaleBody, makeStock, post, type SaleWorld } from "../sale/helpers";
import { withTestApp } from "../support/test-lifecycle";
import { giveBack } from "./profit-helpers";
import type { TestApp } from "../support/test-app";

/**
 * Issue 14: the sale detail's line figures are stored on the line and its totals/ of dates, branch and
 * currency come from day totals kept by triggers (migration 0031). Every answer here is tied to the
 * documents: each line's invoice discount, cost and profit computed in the test from what was sold, and
 * totals/ (day totals plus live lines) equal to the sum of those figures and to the line-by-line sums.
 */

interface DetailRow {
  id: number;
  sale: number;
  total_price: string;
  invoice_discount: string;
  cost: string;
  profit: string;
}
type Totals = Record<string, string>;

let t: TestApp;
let admin: string;
let w: SaleWorld;

withTestApp(async (app) => {
  t = app;
  ({ w, admin } = await signInSaleWorld(t, "admin"));
});

const day = (offset: number) => format(addDays(new Date(), offset), ISO_DATE);
const today = day(0);
const pastDay = day(-10);
const otherPastDay = day(-9);

interface Line {
  stock: number;
  quantity: string;
  price: string;
  /** Unit cost in the base currency (the stock row's purchase price). */
  unitCost: string;
}

/** A line's figures as the report shows them, from the sale's inputs (decimal.js, rounded half away from zero). */
function expectedFigures(lines: Line[], discount: string, rate: string) {
  const totals = lines.map((l) => mul(l.quantity, l.price));
  const saleTotal = sum(totals);
  return lines.map((l, i) => {
    const share = saleTotal.isZero() ? toMoney(0) : div(mul(discount, totals[i]), saleTotal);
    const cost = div(mul(l.unitCost, l.quantity), rate);
    return {
      total_price: toDecimalString(totals[i]),
      invoice_discount: round(share).toFixed(2),
      cost: round(cost).toFixed(2),
      profit: round(sub(sub(totals[i], share), cost)).toFixed(2),
    };
  });
}

type Figures = ReturnType<typeof expectedFigures>;
const figureSums = (figures: Figures) => ({
  sum_total_price: sum(figures.map((f) => f.total_price)).toFixed(2),
  sum_invoice_discount: sum(figures.map((f) => f.invoice_discount)).toFixed(2),
  sum_cost: sum(figures.map((f) => f.cost)).toFixed(2),
  sum_profit: sum(figures.map((f) => f.profit)).toFixed(2),
});

const get = async <T>(path: string) => {
  const res = await t.call<T>(admin, "GET", `/api/report/${path}`);
  expect(res.status).toBe(200);
  return res.body;
};
const rangeOf = (from: string, to: string) => `start_date=${from}&end_date=${to}&branch=${w.erbil}`;
/** The rows of these sales (the newest lines: the demo data has sales of its own in the range), in line order. */
const rowsOf = async (range: string, sales: number[]) =>
  (await get<{ results: DetailRow[] }>(`sale-detail/?${range}&ordering=-id&page_size=50`)).results
    .filter((r) => sales.includes(r.sale))
    .sort((x, y) => x.id - y.id)
    .map(({ total_price, invoice_discount, cost, profit }) => ({ total_price, invoice_discount, cost, profit }));
/** totals/ as the screen asks it (day totals and live lines) and line by line (a filter no day total answers). */
async function totalsBothWays(range: string) {
  const cached = await get<Totals>(`sale-detail/totals/?${range}`);
  const lineByLine = await get<Totals>(`sale-detail/totals/?${range}&quantity__gte=0`);
  return { cached, lineByLine };
}
/** The money sums of totals/, as numbers with two decimals (an empty range answers "0"). */
const moneySums = (totals: Totals) =>
  Object.fromEntries(
    ["sum_total_price", "sum_invoice_discount", "sum_cost", "sum_profit"].map((k) => [k, toMoney(totals[k] ?? "0").toFixed(2)]),
  );
const dayTotalLines = async (date: string) =>
  (
    await queryRows<{ lines: number }>(
      t.db,
      sql`select coalesce(sum(lines), 0)::int as lines from sale_detail_day_total where input_date = ${date} and branch_id = ${w.erbil}`,
    )
  )[0].lines;

/** totals/ of the range before the test's sales: what they add is compared. */
const baselineOf = async (range: string) => moneySums((await totalsBothWays(range)).cached);

/** The sales' rows are the figures; totals/ from the day totals equal the line sums, and grew by exactly those figures. */
async function expectReportOf(range: string, sales: number[], figures: Figures, baseline: Totals) {
  expect(await rowsOf(range, sales)).toEqual(figures);
  const { cached, lineByLine } = await totalsBothWays(range);
  expect(cached).toEqual(lineByLine);
  const added = Object.fromEntries(Object.entries(moneySums(cached)).map(([key, value]) => [key, sub(value, baseline[key]).toFixed(2)]));
  expect(added).toEqual(figureSums(figures));
}

describe("sale detail figures and day totals (migration 0031)", () => {
  it("a backdated sale, its edit, extra material and delete: rows and totals/ follow the documents", async () => {
    const [a, b, c, material] = [
      await makeStock(t, w.inv.erbil, w.goods[20], "50", "400"),
      await makeStock(t, w.inv.erbil, w.goods[21], "50", "133.33"),
      await makeStock(t, w.inv.erbil, w.goods[24], "50", "0.07"),
      await makeStock(t, w.inv.erbil, w.material[0], "50", "7"),
    ];
    const lines: Line[] = [
      { stock: a, quantity: "3", price: "500", unitCost: "400" },
      { stock: b, quantity: "7", price: "11.11", unitCost: "133.33" },
    ];
    const body = (ls: Line[], extra: Record<string, unknown>) =>
      debitSaleBody(
        w,
        ls.map(({ stock, quantity, price }) => ({ stock, quantity, price })),
        extra,
      );
    const range = rangeOf(pastDay, otherPastDay);
    const baseline = await baselineOf(range);
    const [pastLines, otherPastLines] = [await dayTotalLines(pastDay), await dayTotalLines(otherPastDay)];
    const created = await post<{ id: number }>(t, admin, "sale/", body(lines, { input_date: pastDay, discount: "100" }));
    expect(created.status).toBe(201);
    const mine = [created.body.id];
    // A covered day: the sale's lines went into its day total as they were written.
    expect(await dayTotalLines(pastDay)).toBe(pastLines + 2);
    await expectReportOf(range, mine, expectedFigures(lines, "100", "1"), baseline);

    // The edit moves it a day later with other lines and discount: the old day empties, the new one holds it.
    const edited: Line[] = [
      { stock: a, quantity: "1", price: "999.99", unitCost: "400" },
      { stock: b, quantity: "2", price: "10", unitCost: "133.33" },
      { stock: c, quantity: "1", price: "0.01", unitCost: "0.07" },
    ];
    const put = await t.call(
      admin,
      "PATCH",
      `/api/sale/${created.body.id}/`,
      body(edited, { input_date: otherPastDay, discount: "33.33" }),
    );
    expect(put.body).toMatchObject({ id: created.body.id });
    expect(await dayTotalLines(pastDay)).toBe(pastLines);
    expect(await dayTotalLines(otherPastDay)).toBe(otherPastLines + 3);
    await expectReportOf(range, mine, expectedFigures(edited, "33.33", "1"), baseline);

    // Extra material raises the sale's total: every line's share of the invoice discount changes.
    const extra = await post(t, admin, `sale/${created.body.id}/extra/`, { items: [{ stock: material, quantity: "2", price: "45.5" }] });
    expect(extra.status).toBe(201);
    const withExtra = [...edited, { stock: material, quantity: "2", price: "45.5", unitCost: "7" }];
    await expectReportOf(range, mine, expectedFigures(withExtra, "33.33", "1"), baseline);

    expect((await t.call(admin, "DELETE", `/api/sale/${created.body.id}/`)).status).toBe(200);
    expect(await dayTotalLines(otherPastDay)).toBe(otherPastLines);
    await expectReportOf(range, mine, [], baseline);
  });

  it("a sale in USD at its rate, today's lines live, then today covered: the same figures; ordered by profit", async () => {
    const stocks = [await makeStock(t, w.inv.erbil, w.goods[22], "50", "1000"), await makeStock(t, w.inv.erbil, w.goods[23], "50", "2500")];
    const usdLines: Line[] = [
      { stock: stocks[0], quantity: "3", price: "1.99", unitCost: "1000" },
      { stock: stocks[1], quantity: "1", price: "2.5", unitCost: "2500" },
    ];
    const usdRange = `${rangeOf(today, today)}&currency=${w.usd}`;
    const allRange = rangeOf(pastDay, today);
    const usdBaseline = await baselineOf(usdRange);
    const usd = await post<{ id: number }>(
      t,
      admin,
      "sale/",
      debitSaleBody(
        w,
        usdLines.map(({ stock, quantity, price }) => ({ stock, quantity, price })),
        { input_date: today, currency: w.usd, exchange_rate: "1320", discount: "0.07" },
      ),
    );
    expect(usd.status).toBe(201);
    const iqdLines: Line[] = [{ stock: stocks[0], quantity: "2", price: "1400", unitCost: "1000" }];
    const iqd = await post<{ id: number }>(
      t,
      admin,
      "sale/",
      debitSaleBody(w, [{ stock: stocks[0], quantity: "2", price: "1400" }], { input_date: pastDay, discount: "0" }),
    );
    expect(iqd.status).toBe(201);
    const usdFigures = expectedFigures(usdLines, "0.07", "1320");
    // Today is never covered by the requests: its lines are summed live.
    expect(await dayTotalLines(today)).toBe(0);
    await expectReportOf(usdRange, [usd.body.id], usdFigures, usdBaseline);
    const before = await totalsBothWays(allRange);

    await coverSaleDaysThrough(t.db, today);
    const todayLines = await dayTotalLines(today);
    expect(todayLines).toBeGreaterThanOrEqual(2);
    await expectReportOf(usdRange, [usd.body.id], usdFigures, usdBaseline);
    expect(await totalsBothWays(allRange)).toEqual(before);
    // Covered, a later change still reaches the day total (in the writing transaction).
    const again = await post<{ id: number }>(
      t,
      admin,
      "sale/",
      debitSaleBody(w, [{ stock: stocks[1], quantity: "1", price: "3" }], {
        input_date: today,
        currency: w.usd,
        exchange_rate: "1320",
      }),
    );
    expect(again.status).toBe(201);
    expect(await dayTotalLines(today)).toBe(todayLines + 1);
    const more = expectedFigures([{ stock: stocks[1], quantity: "1", price: "3", unitCost: "2500" }], "0", "1320");
    await expectReportOf(usdRange, [usd.body.id, again.body.id], [...usdFigures, ...more], usdBaseline);

    // A return is reported apart (sale return detail, profit's returns): the sale's lines and their sums stay.
    const settled = await totalsBothWays(allRange);
    await giveBack(t, admin, iqd.body.id, [{ stock: stocks[0], quantity: "1", price: "1400" }], today);
    expect(await totalsBothWays(allRange)).toEqual(settled);

    // Ordered by profit (a stored column): the rows' profits in order, ties by id.
    const byProfit = await get<{ results: DetailRow[] }>(`sale-detail/?${allRange}&ordering=-profit`);
    const profits = byProfit.results.map((r) => r.profit);
    expect(profits).toEqual([...profits].sort((x, y) => toMoney(y).comparedTo(toMoney(x))));
    const iqdRow = byProfit.results.find((r) => r.sale === iqd.body.id);
    expect(iqdRow?.profit ?? expectedFigures(iqdLines, "0", "1")[0].profit).toBe(expectedFigures(iqdLines, "0", "1")[0].profit);
  });
});

describe("the list engine's cachedTotals", () => {
  const auth: AuthContext = { userId: 1, tokenId: 0, isSuperuser: true, permissions: [], branchIds: [] };

  it("answers a filter of dates, branch and currency from the cache plus the rows it leaves out; other filters sum every row", async () => {
    auth.branchIds = [w.erbil, w.suli];
    const asked: CachedTotalsFilter[] = [];
    // A stand-in cache over the sale list: it says it holds the sales dated before pastDay with these sums.
    const spec: ListSpec = {
      ...saleList,
      cachedTotals: async (_ex, filter) => {
        asked.push(filter);
        return {
          sums: { total_price: "1000.50", discount: "1", net_price: "999.50", paid_amount: "0", remaining: "999.50" },
          rest: sql`s.input_date >= ${pastDay}`,
        };
      },
    };
    const query = { start_date: day(-40), end_date: today, branch: String(w.erbil), currency: String(w.iqd) };
    const live = await listTotals(t.db, saleList, { ...query, start_date: pastDay }, auth);
    const answer = await listTotals(t.db, spec, query, auth);
    expect(asked).toEqual([{ branches: [w.erbil], currencies: [w.iqd], from: day(-40), to: today }]);
    expect(answer).toEqual({
      ...live,
      sum_total_price: toDecimalString(toMoney((live as Totals).sum_total_price).plus("1000.50")),
      sum_discount: toDecimalString(toMoney((live as Totals).sum_discount).plus("1")),
      sum_net_price: toDecimalString(toMoney((live as Totals).sum_net_price).plus("999.50")),
      sum_paid_amount: (live as Totals).sum_paid_amount,
      sum_remaining: toDecimalString(toMoney((live as Totals).sum_remaining).plus("999.50")),
    });

    // Any other condition (a column filter, a search) is summed row by row, without asking the cache.
    for (const other of [{ customer: String(w.cust.aram) }, { search: "x" }]) {
      expect(await listTotals(t.db, spec, { ...query, ...other }, auth)).toEqual(
        await listTotals(t.db, saleList, { ...query, ...other }, auth),
      );
    }
    expect(asked).toHaveLength(1);
    // The sale detail answers the same with and without its day totals.
    const detailWithout: ListSpec = { ...saleDetailList, cachedTotals: undefined };
    expect(await listTotals(t.db, saleDetailList, query, auth)).toEqual(await listTotals(t.db, detailWithout, query, auth));
  });
});
