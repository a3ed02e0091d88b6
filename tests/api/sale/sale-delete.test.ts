import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../../src/server/db/client";
import type { Paged } from "../../../src/core/api-types";
import { formToken, type TestApp } from "../support/test-app";
import { MESSAGES } from "../../../src/core/messages";
import { cashboxes } from "../accounting/ledger-helpers";
import {
  goodsCycle,
  startSaleApp,
  debitSaleBody,
  makeStock,
  post,
  stockQuantity,
  type SaleAnswer,
  type SaleListRow,
  type SaleWorld,
} from "./helpers";

/**
 * Deleting a sale: the sale stays as a tombstone, so the delete reaches the devices in
 * their next pull (scoped to the sale's branch), and reads, lists and every action against it answer
 * as for a sale that does not exist. A quotation converted into it stays converted for good: it is
 * not converted again, edited or deleted.
 */

let t: TestApp;
let admin: string;
let cashier: string;
let w: SaleWorld;
const nextGoods = goodsCycle(() => w);

beforeAll(async () => {
  ({ t, w, admin, cashier } = await startSaleApp("admin", "cashier"));
});
afterAll(() => t?.close());

type PullAnswer = { cursor: string; has_more: boolean; tables: Record<string, { upserts: unknown[]; deletes: number[] }> };

/** Every page from `since` (or the first load) to the end: the cursor and the deletes of `table`. */
async function pullDeletes(token: string, table: string, since?: string) {
  const deletes: number[] = [];
  let cursor = since;
  for (;;) {
    const qs = new URLSearchParams({ limit: "5000", ...(cursor ? { since: cursor } : {}) });
    const res = await t.call<PullAnswer>(token, "GET", `/api/sync/pull/?${qs}`);
    expect(res.status).toBe(200);
    deletes.push(...(res.body.tables[table]?.deletes ?? []));
    cursor = res.body.cursor;
    if (!res.body.has_more) return { cursor: cursor, deletes };
  }
}

const unpaidSale = (branch: "erbil" | "suli", stock: number) =>
  post<SaleAnswer>(t, admin, "sale/", {
    branch: w[branch],
    inventory: w.inv[branch],
    customer: branch === "erbil" ? w.cust.aram : w.cust.suli,
    currency: w.iqd,
    payment_type: "debit",
    cashbox: null,
    paid_amount: "0",
    discount: "0",
    items: [{ stock, quantity: "2", price: "500" }],
  });

describe("a deleted sale", () => {
  it("leaves a tombstone that reaches the devices of its branch in their next pull", async () => {
    const admins = await pullDeletes(admin, "sale");
    const cashiers = await pullDeletes(cashier, "sale");
    const stock = await makeStock(t, w.inv.erbil, nextGoods(), "10");
    const suliStock = await makeStock(t, w.inv.suli, nextGoods(), "10");
    const kept = await unpaidSale("erbil", stock);
    const gone = await unpaidSale("erbil", stock);
    const suliGone = await unpaidSale("suli", suliStock);
    expect(await stockQuantity(t, stock)).toBe("6.000");

    expect((await t.call(admin, "DELETE", `/api/sale/${gone.body.id}/`)).body).toEqual({ message: "Deleted successfully" });
    expect((await t.call(admin, "DELETE", `/api/sale/${suliGone.body.id}/`)).status).toBe(200);
    expect(await stockQuantity(t, stock)).toBe("8.000");

    // The row stays, marked deleted; for the API it is gone.
    const [row] = await queryRows<{ deleted: boolean }>(
      t.db,
      sql`select deleted_at is not null as deleted from sale where id = ${gone.body.id}`,
    );
    expect(row.deleted).toBe(true);
    expect((await t.call(admin, "GET", `/api/sale/${gone.body.id}/`)).status).toBe(404);
    const listed = await t.call<Paged<SaleListRow>>(admin, "GET", `/api/sale/?page_size=200&customer=${w.cust.aram}`);
    const ids = listed.body.results.map((r) => r.id);
    expect(ids).toContain(kept.body.id);
    expect(ids).not.toContain(gone.body.id);
    const all = await t.call<SaleListRow[]>(admin, "GET", `/api/sale/all/?customer=${w.cust.aram}`);
    expect(all.body.map((r) => r.id)).not.toContain(gone.body.id);

    // Devices: the delete comes once in the change stream, only to users of the sale's branch; a
    // first load sends no tombstones.
    const adminAfter = await pullDeletes(admin, "sale", admins.cursor);
    expect(adminAfter.deletes.sort()).toEqual([gone.body.id, suliGone.body.id].sort());
    expect((await pullDeletes(admin, "sale", adminAfter.cursor)).deletes).toEqual([]);
    expect((await pullDeletes(cashier, "sale", cashiers.cursor)).deletes).toEqual([gone.body.id]);
    expect((await pullDeletes(cashier, "sale")).deletes).toEqual([]);
  }, 120_000);

  it("cannot be deleted twice, edited, added to or returned against", async () => {
    const stock = await makeStock(t, w.inv.erbil, nextGoods(), "10");
    const material = await makeStock(t, w.inv.erbil, w.material[0], "10");
    const s = await unpaidSale("erbil", stock);
    expect((await t.call(admin, "DELETE", `/api/sale/${s.body.id}/`)).status).toBe(200);
    expect((await t.call(admin, "DELETE", `/api/sale/${s.body.id}/`)).status).toBe(404);
    expect((await t.call(admin, "PATCH", `/api/sale/${s.body.id}/`, { note: "x" })).status).toBe(404);
    const extra = await post(t, admin, `sale/${s.body.id}/extra/`, { items: [{ stock: material, quantity: "1", price: "10" }] });
    expect(extra.status).toBe(404);
    expect(await stockQuantity(t, material)).toBe("10.000");
    const ret = await post(t, admin, "sale-return/", { sale: s.body.id, items: [{ stock, quantity: "1", price: "500" }] });
    expect(ret.body).toEqual({ message: "Sale invoice not found" });
    expect(await stockQuantity(t, stock)).toBe("10.000");
  });
});

describe("a converted quotation", () => {
  it("stays converted when its sale is deleted: never converted again, edited or deleted", async () => {
    const stock = await makeStock(t, w.inv.erbil, nextGoods(), "10");
    const q = await post<{ id: number }>(t, admin, "sale-quotation/", {
      branch: w.erbil,
      inventory: w.inv.erbil,
      customer: w.cust.aram,
      currency: w.iqd,
      discount: "0",
      items: [{ stock, quantity: "3", price: "100" }],
    });
    expect(q.status).toBe(201);
    const convertBody = { payment_type: "debit", cashbox: null, paid_amount: "0" };
    const token = formToken("convert");
    const converted = await post<SaleAnswer>(t, admin, `sale-quotation/${q.body.id}/convert/`, convertBody, token);
    expect(converted.status).toBe(201);
    expect((await t.call(admin, "DELETE", `/api/sale/${converted.body.id}/`)).status).toBe(200);
    expect(await stockQuantity(t, stock)).toBe("10.000");

    const read = await t.call<Record<string, unknown>>(admin, "GET", `/api/sale-quotation/${q.body.id}/`);
    expect(read.body).toMatchObject({
      converted_sale_id: converted.body.id,
      converted_sale_invoice_no: converted.body.invoice_no,
      converted_sale_deleted: true,
    });
    const refused = { message: "The quotation was already converted to a sale" };
    expect((await post(t, admin, `sale-quotation/${q.body.id}/convert/`, convertBody)).body).toEqual(refused);
    expect((await t.call(admin, "PATCH", `/api/sale-quotation/${q.body.id}/`, { note: "again" })).body).toEqual(refused);
    expect((await t.call(admin, "DELETE", `/api/sale-quotation/${q.body.id}/`)).body).toEqual(refused);
    // The conversion's replay still answers its first response and books nothing.
    const replay = await post<SaleAnswer>(t, admin, `sale-quotation/${q.body.id}/convert/`, convertBody, token);
    expect(replay.body.id).toBe(converted.body.id);
    expect(await stockQuantity(t, stock)).toBe("10.000");
    const [{ n }] = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from sale where form_token = ${token}`);
    expect(n).toBe(1);
  });
});

describe("the cashbox that took a sale's payment", () => {
  it("is never taken below zero by the sale's delete or edit once the money was spent: Cashbox balance is not enough", async () => {
    const stock = await makeStock(t, w.inv.erbil, nextGoods(), "10");
    const box = await cashboxes(t, () => admin).make(w.iqd, w.erbil);
    const s = await post<SaleAnswer>(
      t,
      admin,
      "sale/",
      debitSaleBody(w, [{ stock, quantity: "2", price: "500" }], { cashbox: box, paid_amount: "400" }),
    );
    expect(s.status).toBe(201);
    const spent = await post(t, admin, "accounting/cashbox-transfer/", { from_cashbox: box, to_cashbox: w.cash.erbilIqd, amount: "300" });
    expect(spent.status).toBe(201);
    const path = `/api/sale/${s.body.id}/`;
    const edit = (extra: Record<string, unknown>) =>
      t.call(
        admin,
        "PUT",
        path,
        debitSaleBody(w, [{ stock, quantity: "2", price: "500" }], { cashbox: box, paid_amount: "400", ...extra }),
      );
    const refused = { message: MESSAGES.cashboxBalanceNotEnough };
    expect((await t.call(admin, "DELETE", path)).body).toEqual(refused);
    expect((await edit({ paid_amount: "99.99" })).body).toEqual(refused);
    expect((await edit({ cashbox: w.cash.erbilIqd })).body).toEqual(refused);
    // Refused: the sale, its stock and the cashbox are as they were.
    expect(await cashboxes(t, () => admin).balance(box)).toBe("100.00");
    expect(await stockQuantity(t, stock)).toBe("8.000");
    expect((await t.call<SaleAnswer>(admin, "GET", path)).body).toMatchObject({ paid_amount: "400.00" });
    // Within what the cashbox still holds, the edit goes through; the delete once the money is back.
    expect((await edit({ paid_amount: "300" })).status).toBe(200);
    expect(await cashboxes(t, () => admin).balance(box)).toBe("0.00");
    const back = await post(t, admin, "accounting/cashbox-transfer/", { from_cashbox: w.cash.erbilIqd, to_cashbox: box, amount: "300" });
    expect(back.status).toBe(201);
    expect((await t.call(admin, "DELETE", path)).status).toBe(200);
    expect(await cashboxes(t, () => admin).balance(box)).toBe("0.00");
    expect(await stockQuantity(t, stock)).toBe("10.000");
  });

  it("a cashbox named with nothing paid, deleted since, does not stop the sale's edit or delete", async () => {
    const stock = await makeStock(t, w.inv.erbil, nextGoods(), "10");
    const box = await cashboxes(t, () => admin).make(w.iqd, w.erbil);
    const sale = async () => {
      const s = await post<SaleAnswer>(t, admin, "sale/", debitSaleBody(w, [{ stock, quantity: "1", price: "500" }], { cashbox: box }));
      expect(s.status).toBe(201);
      return `/api/sale/${s.body.id}/`;
    };
    const [edited, deleted] = [await sale(), await sale()];
    expect((await t.call(admin, "DELETE", `/api/accounting/cashbox/${box}/`)).status).toBe(200);
    expect((await t.call(admin, "PUT", edited, debitSaleBody(w, [{ stock, quantity: "2", price: "500" }]))).status).toBe(200);
    expect((await t.call(admin, "DELETE", deleted)).status).toBe(200);
    expect(await stockQuantity(t, stock)).toBe("8.000");
  });
});
