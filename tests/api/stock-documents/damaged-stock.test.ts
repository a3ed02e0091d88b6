import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Paged } from "../../../src/core/api-types";
import { queryRows } from "../../../src/server/db/client";
import { countRows, create, exerciseNamedResource } from "../master-data/helpers";
import type { Created } from "../support/json";
import { counter, expectConsecutiveNumbers } from "../support/document-numbers";
import { formToken, type TestApp } from "../support/test-app";
import {
  expectMovementsAddUp,
  makeStock,
  stockQuantity,
  withStockDocumentWorld,
  type StockDocumentAnswer,
  type StockDocumentRow,
} from "./helpers";

let t: TestApp;
let admin: string;
let cashier: string;
let sulUser: string;
let erbil: number;
let sul: number;
let erbilWarehouse: number;
let erbilShop: number;
let sulWarehouse: number;
let items: number[];
let typeId: number;
let baseCurrency: number;

const DAMAGE_CODES = ["view_damagedstock", "add_damagedstock", "change_damagedstock", "delete_damagedstock"];

withStockDocumentWorld({ permissions: DAMAGE_CODES, itemCount: 3 }, (context) => {
  ({ t, admin, cashier, sulUser, erbil, sul, erbilWarehouse, erbilShop, sulWarehouse, items } = context);
});

beforeAll(async () => {
  typeId = (await create<Created>(t, admin, "damaged-stock-type/", { name: "Broken" })).body.id;
  [{ id: baseCurrency }] = await queryRows<{ id: number }>(t.db, sql`select id from currency where is_base`);
});

const erbilStock = (quantity: string, purchasePrice = "1000.00", itemIndex = 0) =>
  makeStock(t, { branchId: erbil, inventoryId: erbilWarehouse, itemId: items[itemIndex] }, quantity, { purchasePrice });

const damageBody = (lines: { stock: number; quantity: string }[], extra: Record<string, unknown> = {}) => ({
  inventory: erbilWarehouse,
  damaged_stock_type: typeId,
  items: lines,
  ...extra,
});

const postDamage = (token: string, body: Record<string, unknown>) =>
  t.call<StockDocumentAnswer>(token, "POST", "/api/damaged-stock/", { ...body, form_token: formToken("damage") });

interface Entry {
  account_type: string;
  account_id: number | null;
  currency_id: number;
  debit: string;
  credit: string;
  branch_id: number;
  entry_date: string;
}
/** The document's posting as it stands: its rows after its last reversal (none after a delete). */
const entriesOf = (id: number) =>
  queryRows<Entry>(
    t.db,
    sql`select account_type, account_id, currency_id, debit::text as debit, credit::text as credit, branch_id, entry_date
        from ledger_entry where document_type = 'damaged_stock' and document_id = ${id} and memo <> 'reversal'
          and id > coalesce((select max(id) from ledger_entry where document_type = 'damaged_stock' and document_id = ${id} and memo = 'reversal'), 0)
        order by id`,
  );

/** Every row the document ever booked: [memo, debit, credit], in the order appended. */
const allRowsOf = async (id: number) =>
  (
    await queryRows<{ memo: string; debit: string; credit: string }>(
      t.db,
      sql`select memo, debit::text as debit, credit::text as credit from ledger_entry
          where document_type = 'damaged_stock' and document_id = ${id} order by id`,
    )
  ).map((r) => [r.memo, r.debit, r.credit]);

const movementsOf = (id: number) =>
  queryRows<{ stock_id: number; quantity: string }>(
    t.db,
    sql`select stock_id, quantity::text as quantity from stock_movement where document_type = 'damaged_stock' and document_id = ${id} order by id`,
  );

describe("damaged-stock-type/", () => {
  it("creates, reads, lists, updates, refuses stale edits and deletes as a tombstone", async () => {
    await exerciseNamedResource(t, admin, "damaged-stock-type/", "damaged_stock_type");
  });

  it("refuses to delete a type that damaged stock uses", async () => {
    const type = await create<Created>(t, admin, "damaged-stock-type/", { name: "Expired" });
    const stockId = await erbilStock("5");
    expect((await postDamage(admin, damageBody([{ stock: stockId, quantity: "1" }], { damaged_stock_type: type.body.id }))).status).toBe(
      201,
    );
    const res = await t.call(admin, "DELETE", `/api/damaged-stock-type/${type.body.id}/`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: "Record is in use and cannot be deleted" });
  });

  it("is closed to a user without its permissions", async () => {
    expect((await t.call(cashier, "GET", "/api/damaged-stock-type/")).status).toBe(403);
    expect((await create(t, cashier, "damaged-stock-type/", { name: "Nope" })).status).toBe(403);
    // The damaged stock form lists the types for whoever may record damage.
    expect((await t.call(sulUser, "GET", "/api/damaged-stock-type/all/")).status).toBe(200);
    expect((await t.call(sulUser, "GET", "/api/damaged-stock-type/")).status).toBe(403);
  });
});

describe("damaged-stock/ create", () => {
  it("takes the stock out, records the unit cost and posts the loss in the base currency", async () => {
    const a = await erbilStock("10", "1250.50", 0);
    const b = await erbilStock("4", "300.00", 1);
    const res = await postDamage(
      admin,
      damageBody(
        [
          { stock: a, quantity: "2.5" },
          { stock: b, quantity: "4" },
        ],
        { input_date: "2024-03-05", note: "Water leak" },
      ),
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      branch: erbil,
      branch_name: "Erbil Main",
      inventory: erbilWarehouse,
      inventory_name: "Erbil Main warehouse",
      damaged_stock_type: typeId,
      damaged_stock_type_name: "Broken",
      input_date: "2024-03-05",
      note: "Water leak",
      total_quantity: "6.500",
      total_cost: "4326.25",
    });
    expect(typeof res.body.invoice_no).toBe("number");
    expect(res.body.items).toHaveLength(2);
    expect(res.body.items[0]).toMatchObject({
      stock: a,
      item: items[0],
      quantity: "2.500",
      purchase_price: "1250.50",
      total_price: "3126.25",
    });
    expect(res.body.items[0].item_name.length).toBeGreaterThan(0);
    expect(res.body.items[1]).toMatchObject({ stock: b, quantity: "4.000", purchase_price: "300.00", total_price: "1200.00" });

    expect(await stockQuantity(t, a)).toBe("7.500");
    expect(await stockQuantity(t, b)).toBe("0.000");
    expect(await movementsOf(res.body.id)).toEqual([
      { stock_id: a, quantity: "-2.500" },
      { stock_id: b, quantity: "-4.000" },
    ]);
    await expectMovementsAddUp(t, [a, b]);

    const entries = await entriesOf(res.body.id);
    expect(entries).toEqual([
      {
        account_type: "damaged_stock",
        account_id: null,
        currency_id: baseCurrency,
        debit: "4326.25",
        credit: "0.00",
        branch_id: erbil,
        entry_date: "2024-03-05",
      },
      {
        account_type: "inventory",
        account_id: null,
        currency_id: baseCurrency,
        debit: "0.00",
        credit: "4326.25",
        branch_id: erbil,
        entry_date: "2024-03-05",
      },
    ]);

    const read = await t.call<StockDocumentAnswer>(admin, "GET", `/api/damaged-stock/${res.body.id}/`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual(res.body);
  });

  it("refuses more than the stock holds and changes nothing: No enough quantity available", async () => {
    const a = await erbilStock("3");
    const b = await erbilStock("3", "1000.00", 1);
    const before = await countRows(t, "damaged_stock");
    const res = await postDamage(
      admin,
      damageBody([
        { stock: a, quantity: "1" },
        { stock: b, quantity: "3.001" },
      ]),
    );
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: "No enough quantity available" });
    expect(await countRows(t, "damaged_stock")).toBe(before);
    expect(await stockQuantity(t, a)).toBe("3.000");
    expect(await stockQuantity(t, b)).toBe("3.000");
    await expectMovementsAddUp(t, [a, b]);
  });

  it("validates the lines, the inventory and the type", async () => {
    const a = await erbilStock("3");
    const shopRow = await makeStock(t, { branchId: erbil, inventoryId: erbilShop, itemId: items[0] }, "3");
    const zero = await postDamage(admin, damageBody([{ stock: a, quantity: "0" }]));
    expect(zero.status).toBe(400);
    expect(zero.body).toEqual({ "items[0].quantity": ["must be positive"] });
    const otherInventory = await postDamage(admin, damageBody([{ stock: shopRow, quantity: "1" }]));
    expect(otherInventory.status).toBe(400);
    expect(otherInventory.body).toEqual({ "items[0].stock": ["Invalid pk - object does not exist."] });
    const noType = await postDamage(admin, damageBody([{ stock: a, quantity: "1" }], { damaged_stock_type: 999999 }));
    expect(noType.status).toBe(400);
    expect(noType.body).toEqual({ damaged_stock_type: ["Invalid pk - object does not exist."] });
    const missing = await postDamage(admin, { items: [{ stock: a, quantity: "1" }] });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ inventory: ["This field is required"], damaged_stock_type: ["This field is required"] });
    const duplicate = await postDamage(
      admin,
      damageBody([
        { stock: a, quantity: "1" },
        { stock: a, quantity: "1" },
      ]),
    );
    expect(duplicate.body).toEqual({ items: ["Item already in the list"] });
    // Another branch's inventory is refused like an absent one.
    const foreign = await postDamage(sulUser, damageBody([{ stock: a, quantity: "1" }]));
    expect(foreign.status).toBe(400);
    expect(foreign.body).toEqual({ inventory: ["Invalid pk - object does not exist."] });
    expect(await stockQuantity(t, a)).toBe("3.000");
  });

  it("takes the branch from the inventory and numbers per branch", async () => {
    const sulRow = await makeStock(t, { branchId: sul, inventoryId: sulWarehouse, itemId: items[0] }, "5");
    const first = await postDamage(sulUser, damageBody([{ stock: sulRow, quantity: "1" }], { inventory: sulWarehouse }));
    const erbilRow = await erbilStock("5");
    await postDamage(admin, damageBody([{ stock: erbilRow, quantity: "1" }]));
    const second = await postDamage(sulUser, damageBody([{ stock: sulRow, quantity: "1" }], { inventory: sulWarehouse }));
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ branch: sul, branch_name: "Sulaymaniyah" });
    expect(second.body.invoice_no).toBe(first.body.invoice_no + 1);
    expect(await stockQuantity(t, sulRow)).toBe("3.000");
  });

  it("creates once for a replayed form_token", async () => {
    const a = await erbilStock("5");
    const body = { ...damageBody([{ stock: a, quantity: "2" }]), form_token: formToken("replay") };
    const first = await t.call<StockDocumentAnswer>(admin, "POST", "/api/damaged-stock/", body);
    const again = await t.call<StockDocumentAnswer>(admin, "POST", "/api/damaged-stock/", body);
    expect(first.status).toBe(201);
    expect(again).toEqual(first);
    expect(await stockQuantity(t, a)).toBe("3.000");
    expect(await entriesOf(first.body.id)).toHaveLength(2);
    expect((await t.call(admin, "POST", "/api/damaged-stock/", { ...body, note: "other" })).status).toBe(422);
    expect(await stockQuantity(t, a)).toBe("3.000");
  });
});

describe("damaged-stock/ edit and delete", () => {
  it("an edit puts the old lines back and takes the new ones, re-posting the loss", async () => {
    const a = await erbilStock("5", "100.00");
    const b = await erbilStock("5", "40.00", 1);
    const created = await postDamage(admin, damageBody([{ stock: a, quantity: "2" }]));
    const url = `/api/damaged-stock/${created.body.id}/`;
    // 3 are left, but the 2 already taken come back first: 5 is possible.
    const put = await t.call<StockDocumentAnswer>(admin, "PUT", url, {
      ...damageBody(
        [
          { stock: a, quantity: "5" },
          { stock: b, quantity: "1" },
        ],
        { note: "recount", input_date: "2024-04-01" },
      ),
      updated_at: created.body.updated_at,
    });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ note: "recount", total_quantity: "6.000", total_cost: "540.00", invoice_no: created.body.invoice_no });
    expect(await stockQuantity(t, a)).toBe("0.000");
    expect(await stockQuantity(t, b)).toBe("4.000");
    const entries = await entriesOf(created.body.id);
    expect(entries.map((e) => [e.account_type, e.debit, e.credit, e.entry_date])).toEqual([
      ["damaged_stock", "540.00", "0.00", "2024-04-01"],
      ["inventory", "0.00", "540.00", "2024-04-01"],
    ]);
    await expectMovementsAddUp(t, [a, b]);

    const stale = await t.call(admin, "PATCH", url, { note: "stale", updated_at: created.body.updated_at });
    expect(stale.status).toBe(423);

    const tooMuch = await t.call(admin, "PATCH", url, { items: [{ stock: a, quantity: "5.5" }] });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body).toEqual({ message: "No enough quantity available" });
    expect(await stockQuantity(t, a)).toBe("0.000");
    expect(await stockQuantity(t, b)).toBe("4.000");
    expect((await entriesOf(created.body.id)).map((e) => e.debit)).toEqual(["540.00", "0.00"]);

    const patch = await t.call<StockDocumentAnswer>(admin, "PATCH", url, { note: "patched" });
    expect(patch.status).toBe(200);
    expect(patch.body).toMatchObject({ note: "patched", total_quantity: "6.000" });
    expect(await stockQuantity(t, a)).toBe("0.000");
    await expectMovementsAddUp(t, [a, b]);
  });

  it("a delete puts the stock back and appends the reversal of its posting", async () => {
    const a = await erbilStock("5", "100.00");
    const created = await postDamage(admin, damageBody([{ stock: a, quantity: "2" }]));
    const url = `/api/damaged-stock/${created.body.id}/`;
    const del = await t.call(admin, "DELETE", url);
    expect(del.status).toBe(200);
    expect(del.body).toEqual({ message: "Deleted successfully" });
    expect(await stockQuantity(t, a)).toBe("5.000");
    expect(await entriesOf(created.body.id)).toEqual([]);
    // Append-only: the posting stays, followed by its reversal.
    expect(await allRowsOf(created.body.id)).toEqual([
      ["", "200.00", "0.00"],
      ["", "0.00", "200.00"],
      ["reversal", "0.00", "200.00"],
      ["reversal", "200.00", "0.00"],
    ]);
    expect((await t.call(admin, "GET", url)).status).toBe(404);
    expect((await t.call(admin, "DELETE", url)).status).toBe(404);
    await expectMovementsAddUp(t, [a]);
  });

  it("every damaged stock posting balances", async () => {
    const rows = await queryRows<{ document_id: number; debit: string; credit: string }>(
      t.db,
      sql`select document_id, sum(debit)::text as debit, sum(credit)::text as credit
          from ledger_entry where document_type = 'damaged_stock' group by document_id, currency_id`,
    );
    expect(rows.length).toBeGreaterThan(3);
    for (const row of rows) expect(row.debit, `document ${row.document_id}`).toBe(row.credit);
  });
});

describe("damaged-stock/ list and access", () => {
  it("lists with names, date range, filters and totals", async () => {
    const a = await erbilStock("10", "10.00");
    const one = await postDamage(admin, damageBody([{ stock: a, quantity: "1" }], { input_date: "2022-07-01", note: "list-dmg" }));
    const two = await postDamage(admin, damageBody([{ stock: a, quantity: "2" }], { input_date: "2022-07-15", note: "list-dmg" }));
    const list = await t.call<Paged<StockDocumentRow>>(
      admin,
      "GET",
      "/api/damaged-stock/?input_date_after=2022-07-01&input_date_before=2022-07-31&ordering=-input_date",
    );
    expect(list.status).toBe(200);
    expect(list.body.results.map((r) => r.id)).toEqual([two.body.id, one.body.id]);
    expect(list.body.results[0]).toMatchObject({
      inventory_name: "Erbil Main warehouse",
      damaged_stock_type_name: "Broken",
      total_cost: "20.00",
    });
    expect(list.body.results[0]).not.toHaveProperty("items");
    const byType = await t.call<Paged<StockDocumentRow>>(admin, "GET", `/api/damaged-stock/?note=list-dmg&damaged_stock_type=${typeId}`);
    expect(byType.body.count).toBe(2);
    const totals = await t.call(admin, "GET", "/api/damaged-stock/totals/?note=list-dmg");
    expect(totals.body).toEqual({ sum_total_quantity: "3.000", sum_total_cost: "30.00" });
  });

  it("another branch's document is absent (404) and not listed", async () => {
    const a = await erbilStock("5");
    const created = await postDamage(admin, damageBody([{ stock: a, quantity: "1" }], { note: "hidden-dmg" }));
    const url = `/api/damaged-stock/${created.body.id}/`;
    expect((await t.call(sulUser, "GET", url)).status).toBe(404);
    expect((await t.call(sulUser, "PUT", url, damageBody([{ stock: a, quantity: "2" }]))).status).toBe(404);
    expect((await t.call(sulUser, "PATCH", url, { note: "x" })).status).toBe(404);
    expect((await t.call(sulUser, "DELETE", url)).status).toBe(404);
    expect((await t.call<Paged<StockDocumentRow>>(sulUser, "GET", "/api/damaged-stock/?note=hidden-dmg")).body.count).toBe(0);
    expect(await stockQuantity(t, a)).toBe("4.000");
  });

  it("needs its permissions", async () => {
    const a = await erbilStock("5");
    expect((await t.call(cashier, "GET", "/api/damaged-stock/")).status).toBe(403);
    expect((await postDamage(cashier, damageBody([{ stock: a, quantity: "1" }]))).status).toBe(403);
    expect((await t.call(cashier, "DELETE", "/api/damaged-stock/1/")).status).toBe(403);
    expect((await t.call(null, "GET", "/api/damaged-stock/")).status).toBe(401);
    expect(await stockQuantity(t, a)).toBe("5.000");
  });
});

describe("damaged stock numbers (DESIGN section 3)", () => {
  it("concurrent write-offs of a branch get consecutive numbers; a refused one leaves no gap", async () => {
    const plenty = await erbilStock("10");
    const scarce = await erbilStock("1");
    const results = await expectConsecutiveNumbers(
      t,
      { branch: erbil, documentType: "damaged_stock", table: "damaged_stock" },
      () => postDamage(admin, damageBody([{ stock: plenty, quantity: "1" }])),
      // Its first line is fine, its second cannot be served: nothing of it may stay, number included.
      () =>
        postDamage(
          admin,
          damageBody([
            { stock: plenty, quantity: "1" },
            { stock: scarce, quantity: "2" },
          ]),
        ),
    );
    expect(results[2].body).toEqual({ message: "No enough quantity available" });
    expect(await stockQuantity(t, plenty)).toBe("5.000");
    expect(await stockQuantity(t, scarce)).toBe("1.000");
    await expectMovementsAddUp(t, [plenty, scarce]);
  });

  it("an edit into another branch's inventory takes that branch's next number", async () => {
    const created = await postDamage(admin, damageBody([{ stock: await erbilStock("5"), quantity: "1" }]));
    const sulRow = await makeStock(t, { branchId: sul, inventoryId: sulWarehouse, itemId: items[0] }, "5");
    const before = await counter(t, sul, "damaged_stock");
    const moved = await t.call<StockDocumentAnswer>(
      admin,
      "PUT",
      `/api/damaged-stock/${created.body.id}/`,
      damageBody([{ stock: sulRow, quantity: "2" }], { inventory: sulWarehouse }),
    );
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ branch: sul, invoice_no: before + 1 });
    expect(await counter(t, sul, "damaged_stock")).toBe(before + 1);
    expect(await stockQuantity(t, sulRow)).toBe("3.000");
  });
});
