import { describe, expect, it } from "vitest";
import type { Paged } from "../../../src/core/api-types";
import { mul, toDecimalString } from "../../../src/core/money";
import { withTestApp } from "../support/test-lifecycle";
import type { TestApp } from "../support/test-app";
import { makeUser } from "../master-data/helpers";
import { signInSaleWorld, type SaleWorld } from "../sale/helpers";
import { isoDay, newGoods, stockWithExpiry } from "./stock-and-dues-helpers";

interface ExpiredRow {
  id: number;
  branch: number;
  item_name: string;
  expire_date: string;
  days_left: number;
  expired: boolean;
  quantity: string;
  purchase_price: string;
  value: string;
}

let t: TestApp;
let admin: string;
let w: SaleWorld;
let item: number;
const rows: Record<"expired" | "soon" | "later" | "suli", number> = { expired: 0, soon: 0, later: 0, suli: 0 };

withTestApp(async (app) => {
  t = app;
  ({ w, admin } = await signInSaleWorld(t, "admin"));
  item = await newGoods(t, admin);
  rows.expired = await stockWithExpiry(t, w.inv.erbil, item, "4", isoDay(-5), "2500");
  rows.soon = await stockWithExpiry(t, w.inv.erbil, item, "3", isoDay(10));
  rows.later = await stockWithExpiry(t, w.inv.erbil, item, "2", isoDay(100));
  rows.suli = await stockWithExpiry(t, w.inv.suli, item, "6", isoDay(-1));
});

const report = (token: string, query: string) =>
  t.call<Paged<ExpiredRow>>(token, "GET", `/api/report/expired-item/?item=${item}&page_size=200&${query}`);
const ids = (page: Paged<ExpiredRow>) => page.results.map((r) => r.id).sort((a, b) => a - b);

describe("report/expired-item/", () => {
  it("lists expired rows and those expiring within the days asked, with their value at purchase price", async () => {
    const month = await report(admin, "within_days=30");
    expect(month.status).toBe(200);
    expect(ids(month.body)).toEqual([rows.expired, rows.soon, rows.suli].sort((a, b) => a - b));
    const expired = month.body.results.find((r) => r.id === rows.expired)!;
    expect(expired).toMatchObject({ days_left: -5, expired: true, quantity: "4.000", purchase_price: "2500.00", value: "10000.00" });
    expect(month.body.results.find((r) => r.id === rows.soon)).toMatchObject({ days_left: 10, expired: false, value: "3000.00" });

    expect(ids((await report(admin, "within_days=0")).body)).toEqual([rows.expired, rows.suli].sort((a, b) => a - b));
    expect(ids((await report(admin, "within_days=365")).body)).toContain(rows.later);
    // Without within_days: 30 days, as the dashboard's card counts.
    expect(ids((await report(admin, "")).body)).toEqual(ids(month.body));

    const totals = await t.call<Record<string, string>>(admin, "GET", `/api/report/expired-item/totals/?item=${item}&within_days=30`);
    expect(totals.body).toMatchObject({ sum_quantity: "13.000", sum_value: toDecimalString(mul("4", "2500").plus(mul("9", "1000"))) });
  });

  it("leaves out what is sold out, and another branch's rows; 403 without the permission; 400 on a bad number of days", async () => {
    const erbilOnly = await makeUser(t, ["report_view_expired_item"], [w.erbil]);
    expect(ids((await report(erbilOnly, "within_days=30")).body)).toEqual([rows.expired, rows.soon].sort((a, b) => a - b));
    const noRight = await makeUser(t, ["view_stock"], [w.erbil]);
    expect((await report(noRight, "")).status).toBe(403);
    expect((await t.call(noRight, "GET", "/api/report/expired-item/totals/")).status).toBe(403);
    expect((await report(admin, "within_days=abc")).status).toBe(400);
    expect((await report(admin, "within_days=99999")).status).toBe(400);
    const soldOut = await stockWithExpiry(t, w.inv.erbil, item, "0", isoDay(-3));
    expect(ids((await report(admin, "within_days=30")).body)).not.toContain(soldOut);
  });
});
