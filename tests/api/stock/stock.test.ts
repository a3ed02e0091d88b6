import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Paged } from "../../../src/core/api-types";
import { queryRows } from "../../../src/server/db/client";
import { json, pageRows } from "../support/json";
import { startTestApp, type TestApp } from "../support/test-app";
import { makeUser, syncVersion } from "../master-data/helpers";
import {
  driftingStock,
  loadDemo,
  newItem,
  post,
  purchaseBody,
  takeOut,
  unbalancedDocuments,
  type Demo,
  type PurchaseAnswer,
  type PurchaseListRow,
  type StockListRow,
} from "../purchase/helpers";

/** A line of the stock statement (stock/statement/). */
interface StatementRow {
  document_type: string;
  document_id: number;
  in_quantity: string;
  out_quantity: string;
  running_quantity: string;
}

/** The stock statement: its lines, with the item and the quantities before and after them. */
interface StatementAnswer extends Paged<StatementRow> {
  item: { id: number; barcode: string };
  opening_quantity: string;
  closing_quantity: string;
}

let t: TestApp;
let admin: string;
let demo: Demo;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login("admin");
  demo = await loadDemo(t);
});

afterAll(async () => {
  await t?.close();
});

/** A fresh item bought into the Erbil warehouse with a given barcode; answers the item, stock row and purchase. */
async function stocked(
  barcode: string,
  quantity = "10",
  batch = { batch_number: "", expire_date: null as string | null },
  branch = "erbil" as "erbil" | "suli",
) {
  const itemId = await newItem(t, admin, { barcode, name: `Stock test ${barcode}`, code: `ST-${barcode}` });
  const inventory = demo.inventories[branch][0];
  const res = await post<PurchaseAnswer>(t, admin, "purchase/", {
    ...purchaseBody(demo, itemId, { branch: demo[branch], inventory }),
    items: [{ item: itemId, quantity, purchase_price: "1000", sale_price: "1500", ...batch }],
  });
  expect(res.status).toBe(201);
  return { itemId, stock: res.body.items[0].stock, purchase: res.body, inventory };
}

describe("GET stock/", () => {
  it("lists stock rows with their item, the Expired flag and filters", async () => {
    const fresh = await stocked("990000000001", "12", { batch_number: "OLD", expire_date: "2020-01-01" });
    const res = await t.call<Paged<StockListRow>>(admin, "GET", `/api/stock/?inventory=${fresh.inventory}&item=${fresh.itemId}`);
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(1);
    expect(res.body.results[0]).toMatchObject({
      id: fresh.stock,
      branch: demo.erbil,
      inventory: fresh.inventory,
      inventory_name: "Erbil Main warehouse",
      item: { id: fresh.itemId, barcode: "990000000001", name: "Stock test 990000000001", item_type: 1, code: "ST-990000000001" },
      batch_number: "OLD",
      expire_date: "2020-01-01",
      quantity: "12.000",
      purchase_price: "1000.00",
      sale_price: "1500.00",
      expired: true,
    });
    const read = await t.call(admin, "GET", `/api/stock/${fresh.stock}/`);
    expect(read.body).toEqual(res.body.results[0]);

    const expired = await t.call<Paged<StockListRow>>(admin, "GET", "/api/stock/?expired=true&page_size=200");
    expect(expired.body.count).toBeGreaterThan(0);
    expect(pageRows<StockListRow>(expired).every((r) => r.expired === true)).toBe(true);
    const notExpired = await t.call(admin, "GET", "/api/stock/?expired=false&page_size=200");
    expect(pageRows<StockListRow>(notExpired).every((r) => r.expired === false)).toBe(true);
    const ranged = await t.call(admin, "GET", "/api/stock/?quantity__gte=12&quantity__lte=12&page_size=200");
    expect(pageRows<StockListRow>(ranged).every((r) => r.quantity === "12.000")).toBe(true);
    expect(pageRows<StockListRow>(ranged).some((r) => r.id === fresh.stock)).toBe(true);
    expect(pageRows<StockListRow>(await t.call(admin, "GET", "/api/stock/?search=990000000001")).map((r) => r.id)).toEqual([fresh.stock]);
    expect(
      (await t.call<Paged<StockListRow>>(admin, "GET", `/api/stock/?search=Stock test 9900000000&branch=${demo.suli}`)).body.count,
    ).toBe(0);
    const sums = await t.call(admin, "GET", `/api/stock/totals/?item=${fresh.itemId}`);
    expect(sums.body).toMatchObject({ sum_quantity: "12.000" });
    expect((await t.call(admin, "GET", "/api/stock/?colour=red")).status).toBe(400);
  });

  it("shows only the caller's branches: another branch's row is 404", async () => {
    const suli = await stocked("990000000002", "5", { batch_number: "", expire_date: null }, "suli");
    const erbilViewer = await makeUser(t, ["view_stock"], [demo.erbil]);
    expect((await t.call(erbilViewer, "GET", `/api/stock/${suli.stock}/`)).status).toBe(404);
    const list = await t.call(erbilViewer, "GET", "/api/stock/?page_size=200");
    expect(pageRows<StockListRow>(list).every((r) => r.branch === demo.erbil)).toBe(true);
    expect((await t.call<Paged<StockListRow>>(erbilViewer, "GET", `/api/stock/?item=${suli.itemId}`)).body.count).toBe(0);
    const cashier = await t.login("cashier");
    expect((await t.call(cashier, "GET", "/api/stock/")).status).toBe(200);
    const nobody = await makeUser(t, [], [demo.erbil]);
    expect((await t.call(nobody, "GET", "/api/stock/")).status).toBe(403);
  });
});

describe("stock/search/ and stock/search-by-id/", () => {
  it("puts the exact barcode first, then name or code matches, and honours exist_qty and the scope", async () => {
    const exact = await stocked("771234");
    const byName = await stocked("881234", "5");
    await takeOut(t, byName.stock, "5");
    const res = await t.call<StockListRow[]>(admin, "GET", "/api/stock/search/?keyword=771234");
    expect(res.status).toBe(200);
    expect(res.body[0]).toMatchObject({ id: exact.stock, quantity: "10.000", item: { barcode: "771234" } });

    const partial = await t.call(admin, "GET", "/api/stock/search/?keyword=1234&exist_qty=false");
    const ids = json<StockListRow[]>(partial).map((r) => r.id);
    expect(ids).toContain(exact.stock);
    expect(ids).toContain(byName.stock);
    const inStock = await t.call(admin, "GET", "/api/stock/search/?keyword=1234&exist_qty=true");
    expect(json<StockListRow[]>(inStock).map((r) => r.id)).not.toContain(byName.stock);
    expect(json<StockListRow[]>(inStock).every((r) => Number(r.quantity) > 0)).toBe(true);

    const wide = await t.call<StockListRow[]>(admin, "GET", "/api/stock/search/?keyword=e");
    expect(wide.body.length).toBeLessThanOrEqual(50);
    expect((await t.call(admin, "GET", "/api/stock/search/?keyword=")).body).toEqual([]);
    expect((await t.call(admin, "GET", `/api/stock/search/?keyword=771234&inventory_id=${demo.inventories.erbil[1]}`)).body).toEqual([]);
    expect(
      (await t.call(admin, "GET", `/api/stock/search/?keyword=771234&inventory_id=${exact.inventory}&branch_id=${demo.erbil}`)).body,
    ).toHaveLength(1);
    expect((await t.call(admin, "GET", `/api/stock/search/?keyword=771234&branch_id=${demo.suli}`)).body).toEqual([]);

    const erbilUser = await makeUser(t, ["add_sale"], [demo.erbil]);
    expect((await t.call(erbilUser, "GET", `/api/stock/search/?keyword=1&branch_id=${demo.suli}`)).status).toBe(404);
    expect((await t.call(erbilUser, "GET", `/api/stock/search/?keyword=1&inventory_id=${demo.inventories.suli[0]}`)).status).toBe(404);

    const one = await t.call(admin, "GET", `/api/stock/search-by-id/?id=${exact.stock}&exist_qty=true`);
    expect(one.body).toMatchObject({ id: exact.stock, quantity: "10.000" });
    expect((await t.call(admin, "GET", `/api/stock/search-by-id/?id=${byName.stock}&exist_qty=true`)).status).toBe(404);
    expect((await t.call<StockListRow>(admin, "GET", `/api/stock/search-by-id/?id=${byName.stock}&exist_qty=false`)).body.quantity).toBe(
      "0.000",
    );
    const suli = await stocked("661234", "1", { batch_number: "", expire_date: null }, "suli");
    expect((await t.call(erbilUser, "GET", `/api/stock/search-by-id/?id=${suli.stock}`)).status).toBe(404);
  });
});

describe("POST stock/change-sale-price/", () => {
  it("changes sale prices and bumps the sync version; refuses rows out of reach", async () => {
    const a = await stocked("551111");
    const b = await stocked("552222");
    const before = await syncVersion(t, "stock", a.stock);
    const res = await t.call<{ message: string }>(admin, "POST", "/api/stock/change-sale-price/", {
      items: [
        { stock: a.stock, sale_price: "1750" },
        { stock: b.stock, sale_price: "2000.50" },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("Updated successfully");
    expect(pageRows<StockListRow>(res).map((r) => [r.id, r.sale_price])).toEqual([
      [a.stock, "1750.00"],
      [b.stock, "2000.50"],
    ]);
    expect(await syncVersion(t, "stock", a.stock)).toBeGreaterThan(before);

    const bad = await t.call(admin, "POST", "/api/stock/change-sale-price/", { items: [{ stock: a.stock, sale_price: "-1" }] });
    expect(bad.body).toEqual({ "items[0].sale_price": ["greater than or equal to 0"] });
    const suli = await stocked("553333", "1", { batch_number: "", expire_date: null }, "suli");
    const erbilChanger = await makeUser(t, ["change_stock"], [demo.erbil]);
    const foreign = await t.call(erbilChanger, "POST", "/api/stock/change-sale-price/", {
      items: [
        { stock: a.stock, sale_price: "1" },
        { stock: suli.stock, sale_price: "1" },
      ],
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body).toEqual({ "items[1].stock": ["Invalid pk - object does not exist."] });
    expect((await t.call<StockListRow>(admin, "GET", `/api/stock/${a.stock}/`)).body.sale_price).toBe("1750.00");
    const viewer = await makeUser(t, ["view_stock"], [demo.erbil]);
    expect((await t.call(viewer, "POST", "/api/stock/change-sale-price/", { items: [{ stock: a.stock, sale_price: "1" }] })).status).toBe(
      403,
    );
  });
});

describe("GET stock/statement/", () => {
  it("lists every movement of an item with its document and the running quantity", async () => {
    const first = await stocked("441111", "10");
    const second = await post<PurchaseAnswer>(t, admin, "purchase/", {
      ...purchaseBody(demo, first.itemId, { input_date: "2099-01-02" }),
      items: [{ item: first.itemId, quantity: "4", purchase_price: "1", sale_price: "2", batch_number: "", expire_date: null }],
    });
    const ret = await post<PurchaseAnswer>(t, admin, "purchase-return/", {
      purchase: first.purchase.id,
      input_date: "2099-01-03",
      items: [{ stock: first.stock, quantity: "3", price: "1" }],
    });
    expect(ret.status).toBe(201);
    const res = await t.call<StatementAnswer>(admin, "GET", `/api/stock/statement/?item=${first.itemId}&inventory=${first.inventory}`);
    expect(res.status).toBe(200);
    expect(res.body.item).toMatchObject({ id: first.itemId, barcode: "441111" });
    expect(res.body.opening_quantity).toBe("0.000");
    expect(
      pageRows<StatementRow>(res).map((r) => [r.document_type, r.document_id, r.in_quantity, r.out_quantity, r.running_quantity]),
    ).toEqual([
      ["purchase", first.purchase.id, "10.000", "0.000", "10.000"],
      ["purchase", second.body.id, "4.000", "0.000", "14.000"],
      ["purchase_return", ret.body.id, "0.000", "3.000", "11.000"],
    ]);
    expect(res.body.results[1]).toMatchObject({
      date: "2099-01-02",
      document_number: second.body.invoice_no,
      inventory_name: "Erbil Main warehouse",
    });
    expect(res.body.closing_quantity).toBe("11.000");

    const ranged = await t.call<StatementAnswer>(
      admin,
      "GET",
      `/api/stock/statement/?item=${first.itemId}&start_date=2099-01-03&end_date=2099-01-31`,
    );
    expect(ranged.body.opening_quantity).toBe("14.000");
    expect(pageRows<StatementRow>(ranged).map((r) => r.document_type)).toEqual(["purchase_return"]);
    expect((await t.call(admin, "GET", "/api/stock/statement/")).body).toEqual({ item: ["This field is required"] });
    const erbilViewer = await makeUser(t, ["view_stock"], [demo.erbil]);
    expect(
      (await t.call(erbilViewer, "GET", `/api/stock/statement/?item=${first.itemId}&inventory=${demo.inventories.suli[0]}`)).status,
    ).toBe(404);
  });
});

describe("demo stock", () => {
  it("has opening stock in every inventory, expired and low rows, and purchases of every payment status", async () => {
    const perInventory = await queryRows<{ inventory_id: number; n: number }>(
      t.db,
      sql`select inventory_id, count(*)::int as n from stock_movement where document_type = 'opening_balance' group by inventory_id`,
    );
    expect(perInventory).toHaveLength(4);
    expect(perInventory.every((r) => r.n >= 20)).toBe(true);
    const expired = await t.call<Paged<StockListRow>>(admin, "GET", "/api/stock/?expired=true&quantity__gt=0");
    expect(expired.body.count).toBeGreaterThan(0);
    expect((await t.call<Paged<StockListRow>>(admin, "GET", "/api/stock/?below_min_quantity=true")).body.count).toBeGreaterThan(0);
    const purchases = await t.call<Paged<PurchaseListRow>>(admin, "GET", "/api/purchase/?page_size=200&input_date_before=2098-01-01");
    expect(purchases.body.count).toBeGreaterThanOrEqual(12);
    const statuses = new Set(pageRows<PurchaseListRow>(purchases).map((r) => r.payment_status));
    expect(statuses).toEqual(new Set(["paid", "partial_paid", "unpaid"]));
    expect(pageRows<PurchaseListRow>(purchases).some((r) => r.currency_code === "USD")).toBe(true);
    expect(await driftingStock(t)).toEqual([]);
    expect(await unbalancedDocuments(t)).toEqual([]);
  });
});
