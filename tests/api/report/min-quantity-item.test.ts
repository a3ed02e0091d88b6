import { describe, expect, it } from "vitest";
import type { Paged } from "../../../src/core/api-types";
import { withTestApp } from "../support/test-lifecycle";
import type { TestApp } from "../support/test-app";
import { makeUser } from "../master-data/helpers";
import { signInSaleWorld, type SaleWorld } from "../sale/helpers";
import { newGoods, purchase, sell } from "./stock-and-dues-helpers";

interface MinRow {
  item: number;
  branch: number;
  inventory: number | null;
  min_quantity: string;
  quantity: string;
  branch_quantity: string;
  to_order: string;
  order_value: string;
  branch_below: boolean;
}

let t: TestApp;
let admin: string;
let w: SaleWorld;

withTestApp(async (app) => {
  t = app;
  ({ w, admin } = await signInSaleWorld(t, "admin"));
});

const report = (token: string, item: number, query = "") =>
  t.call<Paged<MinRow>>(token, "GET", `/api/report/min-quantity-item/?item=${item}&page_size=200${query}`);

describe("report/min-quantity-item/", () => {
  it("an item sold below its minimum appears with what to order, and leaves after a purchase", async () => {
    const item = await newGoods(t, admin, { min_quantity: "10" });
    const stock = await purchase(t, admin, w, item, "12");
    expect((await report(admin, item)).body.results).toEqual([]);

    await sell(t, admin, w, [{ stock, quantity: "5", price: "1500" }]);
    const low = await report(admin, item);
    expect(low.status).toBe(200);
    expect(low.body.results).toEqual([
      expect.objectContaining({
        item,
        branch: w.erbil,
        inventory: w.inv.erbil,
        min_quantity: "10.000",
        quantity: "7.000",
        branch_quantity: "7.000",
        to_order: "3.000",
        order_value: "3000.00",
        branch_below: true,
      }),
    ]);
    const totals = await t.call<Record<string, string>>(admin, "GET", `/api/report/min-quantity-item/totals/?item=${item}`);
    expect(totals.body).toMatchObject({ sum_to_order: "3.000", sum_order_value: "3000.00" });

    // The branch as a whole: the other inventory holds 20 more, so the branch is above its minimum.
    await purchase(t, admin, w, item, "20", w.inv.erbil2);
    expect((await report(admin, item)).body.results).toEqual([
      expect.objectContaining({ inventory: w.inv.erbil, quantity: "7.000", branch_quantity: "27.000", branch_below: false }),
    ]);
    expect((await report(admin, item, "&scope=branch")).body.results).toEqual([]);

    await purchase(t, admin, w, item, "10");
    expect((await report(admin, item)).body.results).toEqual([]);
  });

  it("per branch as a whole; another branch's rows never appear; 403 without the permission", async () => {
    const item = await newGoods(t, admin, { min_quantity: "8" });
    await purchase(t, admin, w, item, "3");
    await purchase(t, admin, w, item, "2", w.inv.suli);
    const whole = await report(admin, item, "&scope=branch");
    expect(whole.body.results.map((r) => [r.branch, r.inventory, r.quantity, r.to_order])).toEqual(
      expect.arrayContaining([
        [w.erbil, null, "3.000", "5.000"],
        [w.suli, null, "2.000", "6.000"],
      ]),
    );
    const erbilOnly = await makeUser(t, ["report_view_min_quantity_item"], [w.erbil]);
    expect((await report(erbilOnly, item)).body.results.map((r) => r.branch)).toEqual([w.erbil]);
    expect((await report(erbilOnly, item, `&branch=${w.suli}`)).body.results).toEqual([]);
    const noRight = await makeUser(t, ["view_stock"], [w.erbil]);
    expect((await report(noRight, item)).status).toBe(403);
    expect((await report(admin, item, "&scope=shelf")).status).toBe(400);
  });
});
