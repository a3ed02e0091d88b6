import { eq, sql } from "drizzle-orm";
import { expect } from "vitest";
import { addDays, format } from "date-fns";
import { queryRows } from "../../../src/server/db/client";
import { inventory } from "../../../src/server/db/tables";
import { applyMovements, findOrCreateStock } from "../../../src/server/modules/stock/stock-ledger";
import { formToken, type TestApp } from "../support/test-app";
import type { SaleWorld } from "../sale/helpers";

/** Helpers of the expired, minimum-quantity, sale-premium, customer-stock and dashboard tests. */

export const isoDay = (offset: number) => format(addDays(new Date(), offset), "yyyy-MM-dd");

let seq = 0;
const next = () => `${Date.now()}-${++seq}`;

/** A goods item made through the API; answers its id. */
export async function newGoods(t: TestApp, admin: string, overrides: Record<string, unknown> = {}): Promise<number> {
  const res = await t.call<{ id: number }>(admin, "POST", "/api/item/", {
    name: `Report item ${next()}`,
    item_type: 1,
    purchase_price: "1000",
    sale_price: "1500",
    min_quantity: "0",
    form_token: formToken("item"),
    ...overrides,
  });
  expect(res.status).toBe(201);
  return res.body.id;
}

export async function newCustomer(t: TestApp, admin: string, branch: number): Promise<number> {
  const res = await t.call<{ id: number }>(admin, "POST", "/api/customer/", {
    name: `Report customer ${next()}`,
    branch,
    form_token: formToken("cu"),
  });
  expect(res.status).toBe(201);
  return res.body.id;
}

/** A stock row of the item holding `quantity` at `purchasePrice`, with a batch and expiry of its own. */
export async function stockWithExpiry(
  t: TestApp,
  inventoryId: number,
  itemId: number,
  quantity: string,
  expireDate: string,
  purchasePrice = "1000",
) {
  return t.db.transaction(async (tx) => {
    const [inv] = await tx.select().from(inventory).where(eq(inventory.id, inventoryId));
    const id = await findOrCreateStock(
      tx,
      { branchId: inv.branchId, inventoryId, itemId, batchNumber: `R-${next()}`, expireDate },
      { purchasePrice, salePrice: "0" },
    );
    await applyMovements(tx, [{ stockId: id, quantity }], { documentType: "test_opening", documentId: id, userId: 1 });
    return id;
  });
}

/** An IQD purchase on credit into the branch's first inventory; answers the stock row of its line. */
export async function purchase(t: TestApp, admin: string, w: SaleWorld, itemId: number, quantity: string, inventoryId = w.inv.erbil) {
  const [sup] = await queryRows<{ id: number; branch_id: number }>(
    t.db,
    sql`select sb.supplier_id as id, inv.branch_id from inventory inv join supplier_branch sb on sb.branch_id = inv.branch_id
        where inv.id = ${inventoryId} order by sb.supplier_id limit 1`,
  );
  const res = await t.call<{ items: { stock: number }[] }>(admin, "POST", "/api/purchase/", {
    branch: sup.branch_id,
    inventory: inventoryId,
    supplier: sup.id,
    currency: w.iqd,
    payment_type: "debit",
    cashbox: null,
    paid_amount: "0",
    discount: "0",
    supplier_invoice_no: `R-${next()}`,
    input_date: isoDay(0),
    note: "",
    items: [{ item: itemId, quantity, purchase_price: "1000", sale_price: "1500", batch_number: "", expire_date: null }],
    form_token: formToken("pu"),
  });
  expect(res.status).toBe(201);
  return res.body.items[0].stock;
}

/** A sale of lines from stock rows, to the customer, in Erbil IQD; answers its id. */
export async function sell(
  t: TestApp,
  token: string,
  w: SaleWorld,
  lines: { stock: number; quantity: string; price: string }[],
  extra: Record<string, unknown> = {},
): Promise<number> {
  const res = await t.call<{ id: number }>(token, "POST", "/api/sale/", {
    branch: w.erbil,
    inventory: w.inv.erbil,
    customer: w.cust.aram,
    currency: w.iqd,
    payment_type: "cash",
    cashbox: w.cash.erbilIqd,
    paid_amount: "0",
    discount: "0",
    input_date: isoDay(0),
    items: lines,
    form_token: formToken("sale"),
    ...extra,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id;
}
