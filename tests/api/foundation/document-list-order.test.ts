import { describe, expect, it } from "vitest";
import type { Paged } from "../../../src/core/api-types";
import { withTestApp } from "../support/test-lifecycle";
import { formToken, type TestApp } from "../support/test-app";
import { signInSaleWorld, debitSaleBody, makeStock, type SaleAnswer, type SaleWorld } from "../sale/helpers";
import { loadDemo, newItem, post, purchaseBody, type Demo } from "../purchase/helpers";

/**
 * Document lists read newest first by date, then by number (not by id: a document keyed late for an
 * earlier day sits with its day), and each row names its branch, since numbers repeat per branch.
 */
interface DocumentRow {
  id: number;
  input_date: string;
  branch: number;
  branch_name: string;
}

let t: TestApp;
let admin: string;
let w: SaleWorld;
let demo: Demo;

withTestApp(async (app) => {
  t = app;
  ({ w, admin } = await signInSaleWorld(t, "admin"));
  demo = await loadDemo(t);
});

async function sale(branch: "erbil" | "suli", inputDate: string): Promise<number> {
  const inventory = branch === "erbil" ? w.inv.erbil : w.inv.suli;
  const stock = await makeStock(t, inventory, w.goods[0], "1");
  const body = debitSaleBody(w, [{ stock, quantity: "1", price: "10" }], {
    input_date: inputDate,
    ...(branch === "suli" ? { branch: w.suli, inventory, customer: w.cust.suli } : {}),
  });
  const res = await t.call<SaleAnswer>(admin, "POST", "/api/sale/", { ...body, form_token: formToken("order") });
  expect(res.status).toBe(201);
  return res.body.id;
}

const listed = async (url: string) => {
  const res = await t.call<Paged<DocumentRow>>(admin, "GET", url);
  expect(res.status).toBe(200);
  return res.body.results;
};

describe("document lists", () => {
  it("list sales newest first by date, then by number, on the page, all/ and export order alike", async () => {
    const late = await sale("erbil", "2023-12-10");
    const early = await sale("erbil", "2023-11-30");
    const lateToo = await sale("suli", "2023-12-10");
    const range = "input_date_after=2023-11-01&input_date_before=2023-12-31";
    const rows = await listed(`/api/sale/?${range}`);
    expect(rows.map((r) => r.id)).toEqual([lateToo, late, early]);
    const all = await t.call<DocumentRow[]>(admin, "GET", `/api/sale/all/?${range}`);
    expect(all.body.map((r) => r.id)).toEqual([lateToo, late, early]);
    // A column the user sorts by still wins.
    expect((await listed(`/api/sale/?${range}&ordering=id`)).map((r) => r.id)).toEqual([late, early, lateToo]);
    // Each row names its branch: two branches' number 1 are told apart.
    expect(rows.map((r) => [r.branch, r.branch_name])).toEqual([
      [w.suli, "Sulaymaniyah"],
      [w.erbil, "Erbil Main"],
      [w.erbil, "Erbil Main"],
    ]);
  });

  it("list purchases by date too", async () => {
    const item = await newItem(t, admin);
    const ids: number[] = [];
    for (const date of ["2023-10-20", "2023-10-02", "2023-10-11"]) {
      const res = await post<{ id: number }>(t, admin, "purchase/", purchaseBody(demo, item, { input_date: date }));
      expect(res.status).toBe(201);
      ids.push(res.body.id);
    }
    const rows = await listed("/api/purchase/?input_date_after=2023-10-01&input_date_before=2023-10-31");
    expect(rows.map((r) => r.input_date)).toEqual(["2023-10-20", "2023-10-11", "2023-10-02"]);
    expect(rows.map((r) => r.id)).toEqual([ids[0], ids[2], ids[1]]);
  });

  it("leave lists without a document date in id order", async () => {
    const rows = (await t.call<Paged<{ id: number }>>(admin, "GET", "/api/customer/?page_size=50")).body.results;
    const ids = rows.map((r) => r.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });
});
