import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "../../../src/core/messages";
import { ean13CheckDigit } from "../../../src/core/scale-barcode";
import { queryRows } from "../../../src/server/db/client";
import { startTestApp, type TestApp } from "../support/test-app";

interface SearchRow {
  id: number;
  barcode: string;
  sale_price: string;
  quantity: string | null;
  price: string | null;
}

let t: TestApp;
let admin: string;
let cashier: string;
let weighed: { id: number };
let priced: { id: number };

const label = (body: string) => `${body}${ean13CheckDigit(body)}`;
const RULES = [
  { prefix: "21", item_digits: 5, value: "weight", decimals: 3 },
  { prefix: "22", item_digits: 5, value: "price", decimals: 0 },
];

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login("admin");
  cashier = await t.login("cashier");
  // Two demo items carry scale product numbers as their barcodes, one with a leading zero.
  const items = await queryRows<{ id: number }>(t.db, sql`select id from item where deleted_at is null and is_active order by id limit 2`);
  [weighed, priced] = items;
  await t.db.execute(sql`update item set barcode = '054321' where id = ${weighed.id}`);
  await t.db.execute(sql`update item set barcode = '777' where id = ${priced.id}`);
  const [base] = await queryRows<{ id: number }>(t.db, sql`select id from currency where is_base`);
  const saved = await t.call<{ key: string; value: string }[]>(admin, "PUT", "/api/setting/", {
    batch_number: false,
    base_currency: base.id,
    scale_barcodes: RULES,
  });
  expect(saved.status).toBe(200);
  expect(JSON.parse(saved.body.find((s) => s.key === "scale_barcodes")!.value)).toEqual(RULES);
});

afterAll(async () => {
  await t?.close();
});

describe("scale labels in item/search/", () => {
  it("answers the weighed item with the weight of 2154321012506 as its quantity", async () => {
    const res = await t.call<SearchRow[]>(cashier, "GET", "/api/item/search/?keyword=2154321012506");
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(1);
    expect(res.body[0]).toMatchObject({ id: weighed.id, barcode: "054321", quantity: "1.250", price: null });
  });

  it("answers a price label's item with the price", async () => {
    const res = await t.call<SearchRow[]>(cashier, "GET", `/api/item/search/?keyword=${label("220077702500")}`);
    expect(res.status).toBe(200);
    expect(res.body[0]).toMatchObject({ id: priced.id, quantity: null, price: "2500" });
  });

  it('says "Item not found" for a label of an unknown item', async () => {
    const res = await t.call<{ message: string }>(cashier, "GET", `/api/item/search/?keyword=${label("219999901250")}`);
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(MESSAGES.itemNotFound);
  });

  it("lets an item whose own barcode is the label win", async () => {
    const code = label("210077701000");
    const [other] = await queryRows<{ id: number }>(
      t.db,
      sql`select id from item where deleted_at is null and is_active order by id offset 2 limit 1`,
    );
    await t.db.execute(sql`update item set barcode = ${code} where id = ${other.id}`);
    const res = await t.call<SearchRow[]>(cashier, "GET", `/api/item/search/?keyword=${code}`);
    expect(res.body[0]).toMatchObject({ id: other.id, barcode: code, quantity: null, price: null });
  });

  it("reads nothing from a code with a wrong check digit", async () => {
    const res = await t.call<SearchRow[]>(cashier, "GET", "/api/item/search/?keyword=2154321012507");
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
  });

  it("refuses a rule that does not fit and keeps the stored ones", async () => {
    const [base] = await queryRows<{ id: number }>(t.db, sql`select id from currency where is_base`);
    const res = await t.call<Record<string, string[]>>(admin, "PUT", "/api/setting/", {
      batch_number: false,
      base_currency: base.id,
      scale_barcodes: [{ prefix: "21", item_digits: 10, value: "weight", decimals: 3 }],
    });
    expect(res.status).toBe(400);
    const kept = await t.call<{ key: string; value: string }[]>(cashier, "GET", "/api/setting/");
    expect(JSON.parse(kept.body.find((s) => s.key === "scale_barcodes")!.value)).toEqual(RULES);
    // A form that does not send the rules leaves them as they are.
    expect((await t.call(admin, "PUT", "/api/setting/", { batch_number: false, base_currency: base.id })).status).toBe(200);
    const still = await t.call<{ key: string; value: string }[]>(cashier, "GET", "/api/setting/");
    expect(JSON.parse(still.body.find((s) => s.key === "scale_barcodes")!.value)).toEqual(RULES);
  });
});
