import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CashboxRow } from "../../../src/core/api-types";
import { startTestApp, type TestApp } from "../support/test-app";
import { makeUser } from "../master-data/helpers";
import { loadDemo, newItem, post, purchaseBody, type Demo, type PurchaseAnswer } from "../purchase/helpers";

/** A stock row as the searches answer it (its cost null for who may not see it). */
interface StockListRow {
  id: number;
  sale_price: string;
  purchase_price: string | null;
}

/**
 * The pickers every form needs (cashbox/all/, stock/search/, item/search/) answer any user who may key
 * such a form, but what a cashbox holds and what goods cost only to those whose lists show it.
 */
let t: TestApp;
let admin: string;
let demo: Demo;
let stockId: number;
const barcode = `cost-${Date.now()}`;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login("admin");
  demo = await loadDemo(t);
  const item = await newItem(t, admin, { barcode, name: `Cost rights ${barcode}` });
  const bought = await post<PurchaseAnswer>(t, admin, "purchase/", purchaseBody(demo, item));
  expect(bought.status).toBe(201);
  const [row] = (await t.call<StockListRow[]>(admin, "GET", `/api/stock/search/?keyword=${barcode}`)).body;
  stockId = row.id;
});

afterAll(async () => {
  await t?.close();
});

describe("accounting/cashbox/all/", () => {
  it("answers the balances only to who may list the cashboxes", async () => {
    const seller = await makeUser(t, ["add_sale"], [demo.erbil]);
    const blind = await t.call<CashboxRow[]>(seller, "GET", "/api/accounting/cashbox/all/");
    expect(blind.status).toBe(200);
    expect(blind.body.length).toBeGreaterThan(0);
    expect(blind.body.every((c) => c.balance === null && typeof c.name === "string")).toBe(true);
    const picked = await t.call<CashboxRow[]>(seller, "POST", "/api/accounting/cashbox/all/", { keyword: "" });
    expect(picked.body.every((c) => c.balance === null)).toBe(true);

    const lister = await makeUser(t, ["view_cashbox"], [demo.erbil]);
    const seen = await t.call<CashboxRow[]>(lister, "GET", "/api/accounting/cashbox/all/");
    expect(seen.body.every((c) => typeof c.balance === "string")).toBe(true);
  });
});

describe("stock/search/, stock/search-by-id/, stock/all/, item/search/", () => {
  it("leave the purchase price out for a sell-only user and keep it for one who may see cost", async () => {
    const seller = await makeUser(t, ["add_sale"], [demo.erbil]);
    const found = await t.call<StockListRow[]>(seller, "GET", `/api/stock/search/?keyword=${barcode}`);
    expect(found.status).toBe(200);
    expect(found.body).toHaveLength(1);
    expect(found.body[0]).toMatchObject({ id: stockId, sale_price: "1500.00", purchase_price: null });
    const one = await t.call<StockListRow>(seller, "GET", `/api/stock/search-by-id/?id=${stockId}`);
    expect(one.body).toMatchObject({ id: stockId, purchase_price: null });
    const all = await t.call<StockListRow[]>(seller, "GET", `/api/stock/all/?search=${barcode}`);
    expect(all.body.map((r) => [r.id, r.purchase_price])).toEqual([[stockId, null]]);
    const items = await t.call<{ barcode: string; purchase_price: string | null }[]>(seller, "GET", `/api/item/search/?keyword=${barcode}`);
    expect(items.body.map((r) => [r.barcode, r.purchase_price])).toEqual([[barcode, null]]);

    const buyer = await makeUser(t, ["add_purchasereturn"], [demo.erbil]);
    const priced = await t.call<StockListRow[]>(buyer, "GET", `/api/stock/search/?keyword=${barcode}`);
    expect(priced.body[0].purchase_price).toBe("1000.00");
    expect((await t.call<StockListRow[]>(admin, "GET", `/api/stock/all/?search=${barcode}`)).body[0].purchase_price).toBe("1000.00");
  });
});
