import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Paged } from "../../../src/core/api-types";
import { queryRows } from "../../../src/server/db/client";
import { applyMovements } from "../../../src/server/modules/stock/stock-ledger";
import { countRows, makeUser } from "../master-data/helpers";
import { json } from "../support/json";
import { expectConsecutiveNumbers } from "../support/document-numbers";
import { formToken, type TestApp } from "../support/test-app";
import {
  expectMovementsAddUp,
  inventoriesOf,
  makeStock,
  stockIn,
  stockQuantity,
  withStockDocumentWorld,
  type StockDocumentAnswer,
  type StockDocumentRow,
} from "./helpers";

/** A transfer answer: a stock document that is approved once. */
interface TransferAnswer extends StockDocumentAnswer {
  note: string;
  approved: boolean;
  approved_by: number | null;
  approved_at: string | null;
}

/** The answer of approve/: the approval is filled in. */
interface ApprovedTransfer extends TransferAnswer {
  approved_by: number;
  approved_at: string;
}

let t: TestApp;
let admin: string;
let cashier: string;
let sulUser: string;
let viewAddOnly: string;
let erbil: number;
let sul: number;
let erbilWarehouse: number;
let erbilShop: number;
let sulWarehouse: number;
let items: number[];

const TRANSFER_CODES = [
  "view_inventorystocktransfer",
  "add_inventorystocktransfer",
  "change_inventorystocktransfer",
  "delete_inventorystocktransfer",
];

withStockDocumentWorld({ permissions: TRANSFER_CODES, itemCount: 4 }, (context) => {
  ({ t, admin, cashier, sulUser, erbil, sul, erbilWarehouse, erbilShop, sulWarehouse, items } = context);
});

beforeAll(async () => {
  viewAddOnly = await makeUser(t, ["view_inventorystocktransfer", "add_inventorystocktransfer"], [erbil]);
});

/** A stock row in the Erbil warehouse. */
const erbilStock = (quantity: string, itemIndex = 0, prices = {}) =>
  makeStock(t, { branchId: erbil, inventoryId: erbilWarehouse, itemId: items[itemIndex] }, quantity, prices);

const transferBody = (lines: { stock: number; quantity: string }[], extra: Record<string, unknown> = {}) => ({
  branch: erbil,
  from_inventory: erbilWarehouse,
  to_inventory: erbilShop,
  items: lines,
  ...extra,
});

const postTransfer = (token: string, body: Record<string, unknown>) =>
  t.call<TransferAnswer>(token, "POST", "/api/inventory-stock-transfer/", { ...body, form_token: formToken("transfer") });

const approve = (token: string, id: number) => t.call<ApprovedTransfer>(token, "POST", `/api/inventory-stock-transfer/${id}/approve/`);

const movementsOf = (id: number) =>
  queryRows<{ stock_id: number; quantity: string }>(
    t.db,
    sql`select stock_id, quantity::text as quantity from stock_movement
        where document_type = 'inventory_stock_transfer' and document_id = ${id} order by id`,
  );

describe("inventory-stock-transfer/ create", () => {
  it("creates a pending transfer with its number, names and lines, and moves nothing", async () => {
    const stockId = await erbilStock("10");
    const res = await postTransfer(
      admin,
      transferBody([{ stock: stockId, quantity: "4" }], { note: "To the shop", input_date: "2024-05-02" }),
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      branch: erbil,
      branch_name: "Erbil Main",
      from_inventory: erbilWarehouse,
      from_inventory_name: "Erbil Main warehouse",
      to_inventory: erbilShop,
      to_inventory_name: "Erbil Main shop floor",
      input_date: "2024-05-02",
      note: "To the shop",
      approved: false,
      status: "pending",
      approved_by: null,
      approved_by_name: null,
      approved_at: null,
      total_quantity: "4.000",
    });
    expect(typeof res.body.id).toBe("number");
    expect(typeof res.body.invoice_no).toBe("number");
    expect(res.body.items).toHaveLength(1);
    expect(res.body.items[0]).toMatchObject({ stock: stockId, item: items[0], quantity: "4.000", stock_quantity: "10.000" });
    expect(typeof res.body.items[0].item_name).toBe("string");
    expect(res.body.items[0].item_name.length).toBeGreaterThan(0);

    expect(await stockQuantity(t, stockId)).toBe("10.000");
    expect(await movementsOf(res.body.id)).toEqual([]);
    expect(await stockIn(t, erbilShop, stockId)).toBeUndefined();

    const read = await t.call<TransferAnswer>(admin, "GET", `/api/inventory-stock-transfer/${res.body.id}/`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual(res.body);
  });

  it("numbers transfers per branch", async () => {
    const erbilRow = await erbilStock("10");
    const sulRow = await makeStock(t, { branchId: sul, inventoryId: sulWarehouse, itemId: items[0] }, "10");
    const [, sulShop] = await inventoriesOf(t, sul);
    const sulBody = { branch: sul, from_inventory: sulWarehouse, to_inventory: sulShop, items: [{ stock: sulRow, quantity: "1" }] };
    const first = await postTransfer(admin, sulBody);
    const mid = await postTransfer(admin, transferBody([{ stock: erbilRow, quantity: "1" }]));
    const mid2 = await postTransfer(admin, transferBody([{ stock: erbilRow, quantity: "1" }]));
    const second = await postTransfer(admin, sulBody);
    expect([first.status, mid.status, mid2.status, second.status]).toEqual([201, 201, 201, 201]);
    expect(second.body.invoice_no).toBe(first.body.invoice_no + 1);
    expect(mid2.body.invoice_no).toBe(mid.body.invoice_no + 1);
  });

  it("refuses the same inventory on both sides: Inventories must be different", async () => {
    const stockId = await erbilStock("5");
    const res = await postTransfer(admin, transferBody([{ stock: stockId, quantity: "1" }], { to_inventory: erbilWarehouse }));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ to_inventory: ["Inventories must be different"] });
  });

  it("refuses inventories outside the branch and a branch the user may not use", async () => {
    const stockId = await erbilStock("5");
    const wrongTo = await postTransfer(admin, transferBody([{ stock: stockId, quantity: "1" }], { to_inventory: sulWarehouse }));
    expect(wrongTo.status).toBe(400);
    expect(wrongTo.body).toEqual({ to_inventory: ["Invalid pk - object does not exist."] });
    const wrongFrom = await postTransfer(
      admin,
      transferBody([{ stock: stockId, quantity: "1" }], { branch: sul, to_inventory: sulWarehouse }),
    );
    expect(wrongFrom.status).toBe(400);
    expect(wrongFrom.body).toEqual({ from_inventory: ["Invalid pk - object does not exist."] });
    const otherBranch = await postTransfer(sulUser, transferBody([{ stock: stockId, quantity: "1" }]));
    expect(otherBranch.status).toBe(400);
    expect(otherBranch.body).toEqual({ branch: ["Invalid pk - object does not exist."] });
  });

  it("refuses a stock row of another inventory, a duplicate line and empty lines", async () => {
    const shopRow = await makeStock(t, { branchId: erbil, inventoryId: erbilShop, itemId: items[1] }, "5");
    const res = await postTransfer(admin, transferBody([{ stock: shopRow, quantity: "1" }]));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ "items[0].stock": ["Invalid pk - object does not exist."] });

    const stockId = await erbilStock("5");
    const duplicate = await postTransfer(
      admin,
      transferBody([
        { stock: stockId, quantity: "1" },
        { stock: stockId, quantity: "2" },
      ]),
    );
    expect(duplicate.status).toBe(400);
    expect(duplicate.body).toEqual({ items: ["Item already in the list"] });

    const empty = await postTransfer(admin, transferBody([]));
    expect(empty.status).toBe(400);
    expect(empty.body).toEqual({ items: ["must have at least 1 items"] });
  });

  it("needs a positive quantity no greater than the stock: Quantity is greater than stock quantity", async () => {
    const stockId = await erbilStock("5");
    const before = await countRows(t, "inventory_stock_transfer");
    const zero = await postTransfer(admin, transferBody([{ stock: stockId, quantity: "0" }]));
    expect(zero.status).toBe(400);
    expect(zero.body).toEqual({ "items[0].quantity": ["must be positive"] });
    const negative = await postTransfer(admin, transferBody([{ stock: stockId, quantity: "-1" }]));
    expect(negative.status).toBe(400);
    const above = await postTransfer(admin, transferBody([{ stock: stockId, quantity: "5.001" }]));
    expect(above.status).toBe(400);
    expect(above.body).toEqual({ message: "Quantity is greater than stock quantity" });
    expect(await countRows(t, "inventory_stock_transfer")).toBe(before);
    const exact = await postTransfer(admin, transferBody([{ stock: stockId, quantity: "5" }]));
    expect(exact.status).toBe(201);
  });

  it("creates once for a replayed form_token; another body with it is a 422", async () => {
    const stockId = await erbilStock("5");
    const before = await countRows(t, "inventory_stock_transfer");
    const body = { ...transferBody([{ stock: stockId, quantity: "2" }]), form_token: formToken("replay") };
    const first = await t.call<TransferAnswer>(admin, "POST", "/api/inventory-stock-transfer/", body);
    const again = await t.call<TransferAnswer>(admin, "POST", "/api/inventory-stock-transfer/", body);
    expect(first.status).toBe(201);
    expect(again).toEqual(first);
    expect(await countRows(t, "inventory_stock_transfer")).toBe(before + 1);
    const other = await t.call(admin, "POST", "/api/inventory-stock-transfer/", { ...body, note: "changed" });
    expect(other.status).toBe(422);
    expect(await countRows(t, "inventory_stock_transfer")).toBe(before + 1);
  });
});

describe("inventory-stock-transfer/<id>/approve/", () => {
  it("moves the stock into a new row of the target inventory, copying prices, and records who and when", async () => {
    const stockId = await erbilStock("10", 1, { purchasePrice: "2500.00", salePrice: "3100.00", expireDate: "2030-01-31" });
    const created = await postTransfer(admin, transferBody([{ stock: stockId, quantity: "3.5" }]));
    const res = await approve(admin, created.body.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      message: "Approved Successfully",
      id: created.body.id,
      approved: true,
      status: "approved",
      approved_by_name: "Admin",
    });
    expect(typeof res.body.approved_by).toBe("number");
    expect(Date.parse(res.body.approved_at)).not.toBeNaN();
    expect(Math.abs(Date.now() - Date.parse(res.body.approved_at))).toBeLessThan(60_000);

    expect(await stockQuantity(t, stockId)).toBe("6.500");
    const target = await stockIn(t, erbilShop, stockId);
    expect(target).toMatchObject({ quantity: "3.500", purchase_price: "2500.00", sale_price: "3100.00" });
    const moves = await movementsOf(created.body.id);
    expect(moves).toHaveLength(2);
    expect(moves).toEqual(
      expect.arrayContaining([
        { stock_id: stockId, quantity: "-3.500" },
        { stock_id: target!.id, quantity: "3.500" },
      ]),
    );
    await expectMovementsAddUp(t, [stockId, target!.id]);
  });

  it("adds to the matching row when the target inventory already holds the batch", async () => {
    const batch = `SHARED-${Date.now()}`;
    const source = await erbilStock("8", 2, { batch });
    const existing = await makeStock(t, { branchId: erbil, inventoryId: erbilShop, itemId: items[2] }, "2", { batch });
    const created = await postTransfer(admin, transferBody([{ stock: source, quantity: "5" }]));
    expect((await approve(admin, created.body.id)).status).toBe(200);
    expect(await stockQuantity(t, existing)).toBe("7.000");
    expect(await stockQuantity(t, source)).toBe("3.000");
    await expectMovementsAddUp(t, [source, existing]);
  });

  it("refuses when the stock is gone by approval time and changes nothing: No enough quantity available", async () => {
    const first = await erbilStock("10", 0);
    const second = await erbilStock("5", 1);
    const created = await postTransfer(
      admin,
      transferBody([
        { stock: first, quantity: "2" },
        { stock: second, quantity: "5" },
      ]),
    );
    expect(created.status).toBe(201);
    // Someone else takes 3 of the second row meanwhile.
    await t.db.transaction((tx) =>
      applyMovements(tx, [{ stockId: second, quantity: "-3" }], { documentType: "test_sale", documentId: 1, userId: 1 }),
    );
    const res = await approve(admin, created.body.id);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: "No enough quantity available" });
    expect(await stockQuantity(t, first)).toBe("10.000");
    expect(await stockQuantity(t, second)).toBe("2.000");
    expect(await stockIn(t, erbilShop, first)).toBeUndefined();
    expect(await movementsOf(created.body.id)).toEqual([]);
    const read = await t.call<TransferAnswer>(admin, "GET", `/api/inventory-stock-transfer/${created.body.id}/`);
    expect(read.body).toMatchObject({ approved: false, status: "pending", approved_by: null });
  });

  it("an approved transfer cannot be approved again, updated or deleted", async () => {
    const stockId = await erbilStock("10");
    const created = await postTransfer(admin, transferBody([{ stock: stockId, quantity: "1" }]));
    const approved = await approve(admin, created.body.id);
    expect(approved.status).toBe(200);

    const again = await approve(admin, created.body.id);
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ message: "Already approved" });

    const put = await t.call<TransferAnswer>(
      admin,
      "PUT",
      `/api/inventory-stock-transfer/${created.body.id}/`,
      transferBody([{ stock: stockId, quantity: "2" }]),
    );
    expect(put.status).toBe(400);
    expect(put.body).toEqual({ message: "Approved records cannot be updated or deleted" });
    const patch = await t.call<TransferAnswer>(admin, "PATCH", `/api/inventory-stock-transfer/${created.body.id}/`, { note: "late" });
    expect(patch.status).toBe(400);
    const del = await t.call(admin, "DELETE", `/api/inventory-stock-transfer/${created.body.id}/`);
    expect(del.status).toBe(400);
    expect(del.body).toEqual({ message: "Approved records cannot be updated or deleted" });

    expect(await stockQuantity(t, stockId)).toBe("9.000");
    expect(await movementsOf(created.body.id)).toHaveLength(2);
    expect((await t.call<TransferAnswer>(admin, "GET", `/api/inventory-stock-transfer/${created.body.id}/`)).body.note).toBe("");
  });

  it("10 parallel approvals wanting more than the row holds: never below zero, the approved ones add up", async () => {
    const source = await erbilStock("10", 3);
    const ids: number[] = [];
    for (let i = 0; i < 10; i += 1) {
      const created = await postTransfer(admin, transferBody([{ stock: source, quantity: "3" }]));
      expect(created.status).toBe(201);
      ids.push(created.body.id);
    }
    const results = await Promise.all(ids.map((id) => approve(admin, id)));
    const ok = results.filter((r) => r.status === 200);
    const refused = results.filter((r) => r.status !== 200);
    expect(ok).toHaveLength(3);
    for (const r of refused) {
      expect(r.status).toBe(400);
      expect(r.body).toEqual({ message: "No enough quantity available" });
    }
    expect(await stockQuantity(t, source)).toBe("1.000");
    const target = await stockIn(t, erbilShop, source);
    expect(target?.quantity).toBe("9.000");
    await expectMovementsAddUp(t, [source, target!.id]);

    const approvedIds = ok.map((r) => r.body.id).sort((a, b) => a - b);
    const [{ n }] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from inventory_stock_transfer where approved and id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
    expect(n).toBe(3);
    for (const id of ids) {
      expect(await movementsOf(id)).toHaveLength(approvedIds.includes(id) ? 2 : 0);
    }
  });

  it("parallel approvals over two rows listed in either order neither deadlock nor overdraw", async () => {
    const a = await erbilStock("6", 0);
    const b = await erbilStock("6", 1);
    const ids: number[] = [];
    for (let i = 0; i < 8; i += 1) {
      const lines = [
        { stock: a, quantity: "2" },
        { stock: b, quantity: "2" },
      ];
      const created = await postTransfer(admin, transferBody(i % 2 === 0 ? lines : lines.reverse()));
      ids.push(created.body.id);
    }
    const results = await Promise.all(ids.map((id) => approve(admin, id)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(3);
    expect(
      results.filter((r) => r.status === 400).every((r) => json<{ message: string }>(r).message === "No enough quantity available"),
    ).toBe(true);
    expect(await stockQuantity(t, a)).toBe("0.000");
    expect(await stockQuantity(t, b)).toBe("0.000");
    const targets = [(await stockIn(t, erbilShop, a))!, (await stockIn(t, erbilShop, b))!];
    expect(targets.map((r) => r.quantity)).toEqual(["6.000", "6.000"]);
    await expectMovementsAddUp(t, [a, b, ...targets.map((r) => r.id)]);
  });

  it("two parallel approvals of the same transfer approve it once", async () => {
    const source = await erbilStock("10", 0);
    const created = await postTransfer(admin, transferBody([{ stock: source, quantity: "4" }]));
    const results = await Promise.all([approve(admin, created.body.id), approve(admin, created.body.id)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
    expect(results.find((r) => r.status === 400)!.body).toEqual({ message: "Already approved" });
    expect(await stockQuantity(t, source)).toBe("6.000");
    expect(await movementsOf(created.body.id)).toHaveLength(2);
    const target = await stockIn(t, erbilShop, source);
    expect(target?.quantity).toBe("4.000");
    await expectMovementsAddUp(t, [source, target!.id]);
  });
});

describe("inventory-stock-transfer/ edit, delete, list", () => {
  it("edits a pending transfer (PUT, PATCH), refusing a stale version with 423", async () => {
    const a = await erbilStock("10", 0);
    const b = await erbilStock("10", 1);
    const created = await postTransfer(admin, transferBody([{ stock: a, quantity: "1" }]));
    const url = `/api/inventory-stock-transfer/${created.body.id}/`;
    const put = await t.call<TransferAnswer>(admin, "PUT", url, {
      ...transferBody(
        [
          { stock: b, quantity: "2" },
          { stock: a, quantity: "3" },
        ],
        { note: "edited", input_date: "2024-06-01" },
      ),
      updated_at: created.body.updated_at,
    });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({
      note: "edited",
      input_date: "2024-06-01",
      invoice_no: created.body.invoice_no,
      total_quantity: "5.000",
    });
    expect(put.body.items.map((l: { stock: number; quantity: string }) => [l.stock, l.quantity])).toEqual([
      [b, "2.000"],
      [a, "3.000"],
    ]);

    const stale = await t.call(admin, "PATCH", url, { note: "stale", updated_at: created.body.updated_at });
    expect(stale.status).toBe(423);
    expect(stale.body).toEqual({ message: "There was an error, please refresh the page and try again" });

    const patch = await t.call<TransferAnswer>(admin, "PATCH", url, { note: "patched", updated_at: put.body.updated_at });
    expect(patch.status).toBe(200);
    expect(patch.body).toMatchObject({ note: "patched", total_quantity: "5.000" });
    expect(patch.body.items).toHaveLength(2);

    const tooMuch = await t.call(admin, "PATCH", url, { items: [{ stock: a, quantity: "11" }] });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body).toEqual({ message: "Quantity is greater than stock quantity" });
    const same = await t.call(admin, "PATCH", url, { to_inventory: erbilWarehouse });
    expect(same.status).toBe(400);
    expect(same.body).toEqual({ to_inventory: ["Inventories must be different"] });
    expect(await stockQuantity(t, a)).toBe("10.000");
  });

  it("deletes a pending transfer", async () => {
    const a = await erbilStock("10", 0);
    const created = await postTransfer(admin, transferBody([{ stock: a, quantity: "1" }]));
    const url = `/api/inventory-stock-transfer/${created.body.id}/`;
    const del = await t.call(admin, "DELETE", url);
    expect(del.status).toBe(200);
    expect(del.body).toEqual({ message: "Deleted successfully" });
    expect((await t.call(admin, "GET", url)).status).toBe(404);
    expect((await t.call(admin, "DELETE", url)).status).toBe(404);
    expect((await approve(admin, created.body.id)).status).toBe(404);
    expect(await stockQuantity(t, a)).toBe("10.000");
  });

  it("lists with status, inventory names, approver, date range, filters and totals", async () => {
    const a = await erbilStock("10", 0);
    const pending = await postTransfer(admin, transferBody([{ stock: a, quantity: "1" }], { input_date: "2023-02-10", note: "list-test" }));
    const done = await postTransfer(admin, transferBody([{ stock: a, quantity: "2" }], { input_date: "2023-02-20", note: "list-test" }));
    await approve(admin, done.body.id);

    const list = await t.call<Paged<StockDocumentRow>>(
      admin,
      "GET",
      "/api/inventory-stock-transfer/?input_date_after=2023-02-01&input_date_before=2023-02-28&ordering=input_date",
    );
    expect(list.status).toBe(200);
    expect(list.body.count).toBe(2);
    expect(list.body.results.map((r) => r.id)).toEqual([pending.body.id, done.body.id]);
    expect(list.body.results[1]).toMatchObject({
      status: "approved",
      approved: true,
      approved_by_name: "Admin",
      from_inventory_name: "Erbil Main warehouse",
      to_inventory_name: "Erbil Main shop floor",
      total_quantity: "2.000",
    });
    expect(list.body.results[1]).not.toHaveProperty("items");
    expect(list.body.results[0]).toMatchObject({ status: "pending", approved_by_name: null, approved_at: null });

    const onlyPending = await t.call<Paged<StockDocumentRow>>(
      admin,
      "GET",
      "/api/inventory-stock-transfer/?input_date_after=2023-02-01&input_date_before=2023-02-28&status=pending",
    );
    expect(onlyPending.body.results.map((r) => r.id)).toEqual([pending.body.id]);
    const approvedOnly = await t.call<Paged<StockDocumentRow>>(admin, "GET", "/api/inventory-stock-transfer/?note=list-test&approved=true");
    expect(approvedOnly.body.results.map((r) => r.id)).toEqual([done.body.id]);
    const byName = await t.call<Paged<StockDocumentRow>>(
      admin,
      "GET",
      "/api/inventory-stock-transfer/?note=list-test&to_inventory_name__icontains=shop",
    );
    expect(byName.body.count).toBe(2);

    const totals = await t.call<{ sum_total_quantity: string }>(
      admin,
      "GET",
      "/api/inventory-stock-transfer/totals/?input_date_after=2023-02-01&input_date_before=2023-02-28",
    );
    expect(totals.status).toBe(200);
    expect(Number(totals.body.sum_total_quantity)).toBe(3);

    const unknown = await t.call(admin, "GET", "/api/inventory-stock-transfer/?secret=1");
    expect(unknown.status).toBe(400);
  });
});

describe("inventory-stock-transfer/ access", () => {
  it("another branch's transfer is absent (404) for every call, and not listed", async () => {
    const a = await erbilStock("10", 0);
    const created = await postTransfer(admin, transferBody([{ stock: a, quantity: "1" }], { note: "hidden-from-sul" }));
    const url = `/api/inventory-stock-transfer/${created.body.id}/`;
    expect((await t.call(sulUser, "GET", url)).status).toBe(404);
    expect((await t.call(sulUser, "PUT", url, transferBody([{ stock: a, quantity: "2" }]))).status).toBe(404);
    expect((await t.call(sulUser, "PATCH", url, { note: "x" })).status).toBe(404);
    expect((await t.call(sulUser, "DELETE", url)).status).toBe(404);
    expect((await approve(sulUser, created.body.id)).status).toBe(404);
    const list = await t.call<Paged<StockDocumentRow>>(sulUser, "GET", "/api/inventory-stock-transfer/?note=hidden-from-sul");
    expect(list.body.count).toBe(0);
    const filtered = await t.call<Paged<StockDocumentRow>>(
      sulUser,
      "GET",
      `/api/inventory-stock-transfer/?branch=${erbil}&note=hidden-from-sul`,
    );
    expect(filtered.body.count).toBe(0);
    expect((await t.call<TransferAnswer>(admin, "GET", url)).body.approved).toBe(false);
  });

  it("needs the permissions: view, add, change (also for approve), delete", async () => {
    const a = await erbilStock("10", 0);
    const created = await postTransfer(admin, transferBody([{ stock: a, quantity: "1" }]));
    const url = `/api/inventory-stock-transfer/${created.body.id}/`;
    expect((await t.call(cashier, "GET", "/api/inventory-stock-transfer/")).status).toBe(403);
    expect((await t.call(cashier, "GET", url)).status).toBe(403);
    expect((await postTransfer(cashier, transferBody([{ stock: a, quantity: "1" }]))).status).toBe(403);
    expect((await approve(cashier, created.body.id)).status).toBe(403);
    expect((await approve(viewAddOnly, created.body.id)).status).toBe(403);
    expect((await t.call(viewAddOnly, "PATCH", url, { note: "x" })).status).toBe(403);
    expect((await t.call(viewAddOnly, "DELETE", url)).status).toBe(403);
    expect((await postTransfer(viewAddOnly, transferBody([{ stock: a, quantity: "1" }]))).status).toBe(201);
    expect((await t.call(null, "GET", "/api/inventory-stock-transfer/")).status).toBe(401);
    expect(await stockQuantity(t, a)).toBe("10.000");
  });
});

describe("transfer numbers (DESIGN section 3)", () => {
  it("concurrent transfers of a branch get consecutive numbers; a refused one leaves no gap", async () => {
    const row = await erbilStock("10");
    const results = await expectConsecutiveNumbers(
      t,
      { branch: erbil, documentType: "inventory_stock_transfer", table: "inventory_stock_transfer" },
      () => postTransfer(admin, transferBody([{ stock: row, quantity: "2" }])),
      () => postTransfer(admin, transferBody([{ stock: row, quantity: "11" }])),
    );
    expect(results[2].body).toEqual({ message: "Quantity is greater than stock quantity" });
    expect(await stockQuantity(t, row)).toBe("10.000");
  });
});
