import { describe, expect, it } from "vitest";
import type { Paged } from "../../../src/core/api-types";
import { pageRows } from "../support/json";
import type { TestApp } from "../support/test-app";
import { makeUser } from "../master-data/helpers";
import { expectConsecutiveNumbers } from "../support/document-numbers";
import {
  driftingStock,
  ledgerOf,
  movementSum,
  newItem,
  newSupplier,
  post,
  purchaseBody,
  stockQuantity,
  supplierBalance,
  takeOut,
  unbalancedDocuments,
  withPurchaseDemo,
  type Demo,
  type PurchaseAnswer,
  type PurchaseListRow,
} from "./helpers";

let t: TestApp;
let admin: string;
let demo: Demo;
withPurchaseDemo((context) => ({ t, admin, demo } = context));

/** A purchase of `quantity` x 1000 of a fresh item; answers the purchase and its stock row. */
async function bought(quantity = "10", overrides: Record<string, unknown> = {}) {
  const itemId = await newItem(t, admin);
  const res = await post<PurchaseAnswer>(t, admin, "purchase/", {
    ...purchaseBody(demo, itemId, overrides),
    items: [{ item: itemId, quantity, purchase_price: "1000", sale_price: "1500", batch_number: "", expire_date: null }],
  });
  expect(res.status).toBe(201);
  return { purchase: res.body, stock: res.body.items[0].stock, itemId };
}

describe("POST purchase-return/", () => {
  it("takes stock out and posts back to the supplier", async () => {
    const supplierId = await newSupplier(t, admin, [demo.erbil]);
    const { purchase, stock } = await bought("10", { supplier: supplierId });
    const res = await post<PurchaseAnswer>(t, admin, "purchase-return/", {
      purchase: purchase.id,
      note: "broken",
      input_date: "2024-05-02",
      items: [{ stock, quantity: "3", price: "900" }],
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      purchase: purchase.id,
      purchase_invoice_no: purchase.invoice_no,
      supplier: supplierId,
      inventory: purchase.inventory,
      currency: demo.iqd,
      currency_code: "IQD",
      total_price: "2700.00",
      input_date: "2024-05-02",
      note: "broken",
      branch: demo.erbil,
    });
    expect(Number.isInteger(res.body.invoice_no)).toBe(true);
    expect(res.body.items).toEqual([
      expect.objectContaining({ stock, quantity: "3.000", price: "900.00", total_price: "2700.00", stock_quantity: "7.000" }),
    ]);
    expect(await stockQuantity(t, stock)).toBe("7.000");
    expect(await movementSum(t, stock)).toBe("7.000");
    expect(await ledgerOf(t, "purchase_return", res.body.id)).toEqual([
      { account_type: "inventory", account_id: null, currency_id: demo.iqd, debit: "0.00", credit: "2700.00" },
      { account_type: "supplier", account_id: supplierId, currency_id: demo.iqd, debit: "2700.00", credit: "0.00" },
    ]);
    expect(await supplierBalance(t, supplierId, demo.iqd)).toBe("7300.00");
    const detail = await t.call<PurchaseAnswer>(admin, "GET", `/api/purchase/${purchase.id}/`);
    expect(detail.body).toMatchObject({ returned_amount: "2700.00" });
    expect(detail.body.items[0].returned_quantity).toBe("3.000");
    expect((await t.call(admin, "GET", `/api/purchase-return/${res.body.id}/`)).body).toEqual(res.body);

    const list = await t.call<Paged<PurchaseListRow>>(admin, "GET", `/api/purchase-return/?purchase=${purchase.id}`);
    expect(list.body.count).toBe(1);
    expect(list.body.results[0]).toMatchObject({ supplier_name: expect.any(String), total_price: "2700.00" });
    expect((await t.call(admin, "GET", `/api/purchase-return/totals/?purchase=${purchase.id}`)).body).toEqual({
      sum_total_price: "2700.00",
    });
    expect(
      (await t.call<Paged<PurchaseListRow>>(admin, "GET", `/api/purchase-return/?input_date_after=2024-05-03&purchase=${purchase.id}`)).body
        .count,
    ).toBe(0);
  });

  it("returns to a USD purchase in its currency and rate", async () => {
    const itemId = await newItem(t, admin);
    const p = await post<PurchaseAnswer>(
      t,
      admin,
      "purchase/",
      purchaseBody(demo, itemId, {
        currency: demo.usd,
        exchange_rate: "1300",
        items: [{ item: itemId, quantity: "4", purchase_price: "2.50", sale_price: "4000", batch_number: "", expire_date: null }],
      }),
    );
    const res = await post<PurchaseAnswer>(t, admin, "purchase-return/", {
      purchase: p.body.id,
      items: [{ stock: p.body.items[0].stock, quantity: "1", price: "2.50" }],
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ currency: demo.usd, exchange_rate: "1300.000000", total_price: "2.50" });
    // The supplier in USD; inventory out in the base currency, through the exchange clearing.
    const ledger = await ledgerOf(t, "purchase_return", res.body.id);
    expect(ledger.filter((l) => l.account_type === "supplier").map((l) => [l.currency_id, l.debit])).toEqual([[demo.usd, "2.50"]]);
    expect(ledger.filter((l) => l.account_type === "inventory").map((l) => [l.currency_id, l.credit])).toEqual([[demo.iqd, "3250.00"]]);
  });

  it("refuses what breaks a rule, with the message of each", async () => {
    const { purchase, stock } = await bought("5");
    const other = await bought("5");
    const refuse = async (body: Record<string, unknown>, expected: unknown) => {
      const res = await post<PurchaseAnswer>(t, admin, "purchase-return/", { purchase: purchase.id, ...body });
      expect(res.status).toBe(400);
      expect(res.body).toEqual(expected);
    };
    await refuse({ items: [] }, { items: ["must have at least 1 items"] });
    await refuse({ items: [{ stock, quantity: "0", price: "1" }] }, { "items[0].quantity": ["must be positive"] });
    await refuse({ items: [{ stock, quantity: "1", price: "-1" }] }, { "items[0].price": ["greater than or equal to 0"] });
    await refuse(
      { items: [{ stock: other.stock, quantity: "1", price: "1" }] },
      { "items[0].stock": ["Invalid pk - object does not exist."] },
    );
    await refuse(
      { purchase: 999999, items: [{ stock, quantity: "1", price: "1" }] },
      { purchase: ["Invalid pk - object does not exist."] },
    );
    await refuse({ items: [{ stock, quantity: "6", price: "1" }] }, { message: "Quantity is greater than stock quantity" });
    // Two lines of the same stock count together.
    await refuse(
      {
        items: [
          { stock, quantity: "3", price: "1" },
          { stock, quantity: "3", price: "1" },
        ],
      },
      { message: "Quantity is greater than stock quantity" },
    );
    await refuse(
      { items: [{ stock, quantity: "5", price: "1000.01" }] },
      { message: "Purchase return price is greater than purchase invoice remain amount" },
    );

    expect(
      (await post(t, admin, "purchase-return/", { purchase: purchase.id, items: [{ stock, quantity: "2", price: "1000" }] })).status,
    ).toBe(201);
    // Earlier returns count: 2 of 5 gone, 4 more is too many; 3000 of 5000 left, 3 x 1000.01 is too much.
    await refuse({ items: [{ stock, quantity: "4", price: "1" }] }, { message: "Quantity is greater than stock quantity" });
    await refuse(
      { items: [{ stock, quantity: "3", price: "1000.01" }] },
      { message: "Purchase return price is greater than purchase invoice remain amount" },
    );
    // Stock sold meanwhile: the purchase allows 3, the shelf holds 1.
    await takeOut(t, stock, "2");
    await refuse({ items: [{ stock, quantity: "2", price: "1" }] }, { message: "No enough quantity available" });
    expect(await stockQuantity(t, stock)).toBe("1.000");
  });

  it("edits and deletes a return, putting stock and ledger back", async () => {
    const supplierId = await newSupplier(t, admin, [demo.erbil]);
    const { purchase, stock } = await bought("10", { supplier: supplierId });
    const res = await post<PurchaseAnswer>(t, admin, "purchase-return/", {
      purchase: purchase.id,
      items: [{ stock, quantity: "4", price: "1000" }],
    });
    const edited = await t.call<PurchaseAnswer>(admin, "PUT", `/api/purchase-return/${res.body.id}/`, {
      purchase: purchase.id,
      items: [{ stock, quantity: "10", price: "1000" }],
      updated_at: res.body.updated_at,
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ invoice_no: res.body.invoice_no, total_price: "10000.00" });
    expect(await stockQuantity(t, stock)).toBe("0.000");
    expect(await supplierBalance(t, supplierId, demo.iqd)).toBe("0.00");
    const tooMuch = await t.call(admin, "PUT", `/api/purchase-return/${res.body.id}/`, {
      purchase: purchase.id,
      items: [{ stock, quantity: "11", price: "1" }],
    });
    expect(tooMuch.body).toEqual({ message: "Quantity is greater than stock quantity" });
    expect(await stockQuantity(t, stock)).toBe("0.000");

    const del = await t.call(admin, "DELETE", `/api/purchase-return/${res.body.id}/`);
    expect(del.body).toEqual({ message: "Deleted successfully" });
    expect(await stockQuantity(t, stock)).toBe("10.000");
    expect(await movementSum(t, stock)).toBe("10.000");
    expect(await ledgerOf(t, "purchase_return", res.body.id)).toEqual([]);
    expect(await supplierBalance(t, supplierId, demo.iqd)).toBe("10000.00");
    // Without returns the purchase can change again.
    const editPurchase = await t.call(admin, "PATCH", `/api/purchase/${purchase.id}/`, { note: "free again" });
    expect(editPurchase.status).toBe(200);
  });

  it("keeps another branch's returns out of sight and checks permissions", async () => {
    const { purchase, stock } = await bought("5", { branch: demo.suli, inventory: demo.inventories.suli[0] });
    const res = await post<PurchaseAnswer>(t, admin, "purchase-return/", {
      purchase: purchase.id,
      items: [{ stock, quantity: "1", price: "1" }],
    });
    expect(res.status).toBe(201);
    const erbilUser = await makeUser(
      t,
      ["view_purchasereturn", "add_purchasereturn", "change_purchasereturn", "delete_purchasereturn"],
      [demo.erbil],
    );
    expect((await t.call(erbilUser, "GET", `/api/purchase-return/${res.body.id}/`)).status).toBe(404);
    expect(
      (
        await t.call(erbilUser, "PUT", `/api/purchase-return/${res.body.id}/`, {
          purchase: purchase.id,
          items: [{ stock, quantity: "1", price: "1" }],
        })
      ).status,
    ).toBe(404);
    expect((await t.call(erbilUser, "DELETE", `/api/purchase-return/${res.body.id}/`)).status).toBe(404);
    expect(
      pageRows<PurchaseListRow>(await t.call(erbilUser, "GET", "/api/purchase-return/?page_size=200")).every(
        (r) => r.branch === demo.erbil,
      ),
    ).toBe(true);
    const foreign = await post(t, erbilUser, "purchase-return/", { purchase: purchase.id, items: [{ stock, quantity: "1", price: "1" }] });
    expect(foreign.status).toBe(400);
    expect(foreign.body).toEqual({ purchase: ["Invalid pk - object does not exist."] });
    const cashier = await t.login("cashier");
    expect((await t.call(cashier, "GET", "/api/purchase-return/")).status).toBe(403);
    expect((await post(t, cashier, "purchase-return/", { purchase: purchase.id, items: [] })).status).toBe(403);
  });
});

describe("concurrent returns of the last units", () => {
  const returnsInParallel = (purchaseId: number, stock: number) =>
    Promise.all(
      Array.from({ length: 10 }, () =>
        post(t, admin, "purchase-return/", { purchase: purchaseId, items: [{ stock, quantity: "1", price: "1" }] }),
      ),
    );

  it("lets exactly as many through as the purchase allows", async () => {
    const { purchase, stock } = await bought("3");
    const results = await returnsInParallel(purchase.id, stock);
    expect(results.filter((r) => r.status === 201)).toHaveLength(3);
    const refused = results.filter((r) => r.status !== 201);
    expect(refused).toHaveLength(7);
    for (const r of refused) expect(r.body).toEqual({ message: "Quantity is greater than stock quantity" });
    expect(await stockQuantity(t, stock)).toBe("0.000");
    expect(await movementSum(t, stock)).toBe("0.000");
  });

  it("lets exactly as many through as the shelf holds", async () => {
    const { purchase, stock } = await bought("10");
    await takeOut(t, stock, "7");
    const results = await returnsInParallel(purchase.id, stock);
    expect(results.filter((r) => r.status === 201)).toHaveLength(3);
    for (const r of results.filter((x) => x.status !== 201)) expect(r.body).toEqual({ message: "No enough quantity available" });
    expect(await stockQuantity(t, stock)).toBe("0.000");
    expect(await movementSum(t, stock)).toBe("0.000");
    expect(await driftingStock(t)).toEqual([]);
    expect(await unbalancedDocuments(t)).toEqual([]);
  });
});

describe("purchase return numbers (DESIGN section 3)", () => {
  it("concurrent returns of a branch get consecutive numbers; a refused one leaves no gap", async () => {
    const purchases: Awaited<ReturnType<typeof bought>>[] = [];
    for (let k = 0; k < 5; k += 1) purchases.push(await bought("10"));
    const sold = await bought("5");
    // Sold meanwhile: a return of 2 passes the purchase's checks, then the stock refuses it.
    await takeOut(t, sold.stock, "4");
    let next = 0;
    const results = await expectConsecutiveNumbers(
      t,
      { branch: demo.erbil, documentType: "purchase_return", table: "purchase_return" },
      () => {
        const { purchase, stock } = purchases[next++];
        return post(t, admin, "purchase-return/", { purchase: purchase.id, items: [{ stock, quantity: "3", price: "1000" }] });
      },
      () =>
        post(t, admin, "purchase-return/", { purchase: sold.purchase.id, items: [{ stock: sold.stock, quantity: "2", price: "1000" }] }),
    );
    expect(results[2].body).toEqual({ message: "No enough quantity available" });
    for (const { stock } of purchases) expect(await stockQuantity(t, stock)).toBe("7.000");
    expect(await stockQuantity(t, sold.stock)).toBe("1.000");
    expect(await movementSum(t, sold.stock)).toBe("1.000");
  });
});
