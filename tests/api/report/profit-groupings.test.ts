import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { queryRows } from "../../../src/server/db/client";
import { signInSaleWorld, debitSaleBody, post, type SaleWorld } from "../sale/helpers";
import { withTestApp } from "../support/test-lifecycle";
import type { TestApp } from "../support/test-app";
import { buy, giveBack, profit, sell, type ProfitSums } from "./profit-helpers";

let t: TestApp;
let admin: string;
let w: SaleWorld;
let supplier: number;

withTestApp(async (app) => {
  t = app;
  ({ w, admin } = await signInSaleWorld(t, "admin"));
  [{ id: supplier }] = await queryRows<{ id: number }>(t.db, sql`select id from supplier where name = 'Zagros Beverages'`);
});

const day = (n: number) => `2031-05-${String(n).padStart(2, "0")}`;
const GROUPS = ["day", "month", "branch", "item_group", "item"] as const;

describe("report/profit/ groupings", () => {
  it("by item and item group answer the totals by day, month and branch to the cent, whatever the documents hold", async () => {
    const [a, b] = w.goods.slice(10, 12);
    // Unit costs whose products with quantities of up to three decimals fall between cents.
    const stockA = await buy(t, admin, w, supplier, a, "100", "1.01", day(1));
    const stockB = await buy(t, admin, w, supplier, b, "100", "333.33", day(1));
    const material = await buy(t, admin, w, supplier, w.material[0], "100", "0.07", day(1));

    // Fractional quantities, a line fee and discount, an invoice discount spread unevenly over the lines.
    const s1 = await sell(
      t,
      admin,
      w,
      [
        { stock: stockA, quantity: "0.5", price: "2" },
        { stock: stockB, quantity: "0.333", price: "500", fee: "0.25", discount: "0.1" },
      ],
      day(1),
      { discount: "17.77" },
    );
    await sell(t, admin, w, [{ stock: stockA, quantity: "0.5", price: "2" }], day(1));
    await sell(t, admin, w, [{ stock: stockA, quantity: "1.005", price: "3.33" }], day(1));
    // In USD at a rate with decimals.
    await sell(t, admin, w, [{ stock: stockB, quantity: "1.125", price: "0.37" }], day(2), {
      currency: w.usd,
      exchange_rate: "1305.5",
      discount: "0.05",
    });
    // A service given away: the invoice discount is the whole total, nothing to post but the discount.
    await sell(t, admin, w, [{ item: w.service, quantity: null, price: "250" }], day(2), { discount: "250" });
    await sell(t, admin, w, [{ item: w.service, quantity: null, price: "7.5" }], day(2), {
      currency: w.usd,
      exchange_rate: "1310",
      discount: "7.5",
    });
    // Extra material, then the sale edited onto another day; a sale deleted.
    const s5 = await sell(t, admin, w, [{ stock: stockA, quantity: "2.5", price: "4" }], day(3), { discount: "1" });
    expect((await post(t, admin, `sale/${s5.id}/extra/`, { items: [{ stock: material, quantity: "0.35", price: "0.5" }] })).status).toBe(
      201,
    );
    const editedBody = debitSaleBody(w, [{ stock: stockA, quantity: "1.5", price: "4.01" }], { input_date: day(4), discount: "1.01" });
    const edited = await t.call(admin, "PUT", `/api/sale/${s5.id}/`, editedBody);
    expect(edited.status).toBe(200);
    const gone = await sell(t, admin, w, [{ stock: stockB, quantity: "0.5", price: "700" }], day(3));
    expect((await t.call(admin, "DELETE", `/api/sale/${gone.id}/`)).status).toBe(200);
    // Fractional quantities given back.
    await giveBack(
      t,
      admin,
      s1.id,
      [
        { stock: stockA, quantity: "0.25", price: "2" },
        { stock: stockB, quantity: "0.111", price: "500" },
      ],
      day(4),
    );

    const range = `start_date=${day(1)}&end_date=${day(4)}`;
    const answered: Record<string, ProfitSums> = {};
    const byDay: Record<string, ProfitSums> = {};
    for (const [name, currency] of [
      ["base", ""],
      ["USD", `&currency=${w.usd}`],
      ["IQD", `&currency=${w.iqd}`],
    ]) {
      for (const group of GROUPS) {
        const answer = (await profit(t, admin, `${range}&group_by=${group}${currency}`)).body;
        if (group === "day") expect(answer.rows.length).toBeGreaterThan(0);
        answered[`${name} by ${group}`] = answer.totals;
        byDay[`${name} by ${group}`] = answered[`${name} by day`];
      }
    }
    expect(answered).toEqual(byDay);

    // And they are the ledger's: cost of goods as posted, sales' revenue as posted plus their invoice discounts.
    const [ledger] = await queryRows<{ revenue: string; cost: string }>(
      t.db,
      sql`select round(sum(case when account_type = 'revenue' and document_type = 'sale' then (credit - debit) * exchange_rate else 0 end)
              + (select sum(discount * exchange_rate) from sale where deleted_at is null and input_date between ${day(1)} and ${day(4)}), 2)::text
              as revenue,
            round(sum(case when account_type = 'cost_of_goods' then debit - credit else 0 end), 2)::text as cost
          from ledger_entry where entry_date between ${day(1)} and ${day(4)} and document_type in ('sale', 'sale_return')`,
    );
    expect({ revenue: answered["base by day"].revenue, cost: answered["base by day"].cost }).toEqual(ledger);
  });
});
