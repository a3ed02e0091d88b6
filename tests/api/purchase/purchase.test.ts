import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Paged } from "../../../src/core/api-types";
import { queryRows } from "../../../src/server/db/client";
import { json, pageRows } from "../support/json";
import { formToken, type TestApp } from "../support/test-app";
import { makeUser } from "../master-data/helpers";
import { MESSAGES } from "../../../src/core/messages";
import { cashboxes } from "../accounting/ledger-helpers";
import { counter, expectConsecutiveNumbers } from "../support/document-numbers";
import {
  driftingStock,
  ledgerOf,
  ledgerRowsOf,
  movementSum,
  newItem,
  newSupplier,
  post,
  purchaseBody,
  setBatchTracking,
  stockQuantity,
  stockRows,
  supplierBalance,
  takeOut,
  unbalancedDocuments,
  withPurchaseDemo,
  type Demo,
  type PurchaseAnswer,
  type PurchaseListRow,
  type StockListRow,
} from "./helpers";

let t: TestApp;
let admin: string;
let demo: Demo;
withPurchaseDemo((context) => ({ t, admin, demo } = context));

describe("POST purchase/", () => {
  it("adds stock, writes a movement per line and posts to the supplier and the cashbox", async () => {
    const itemId = await newItem(t, admin);
    const res = await post<PurchaseAnswer>(t, admin, "purchase/", {
      ...purchaseBody(demo, itemId, {
        payment_type: "cash",
        cashbox: demo.cashboxes.erbil.iqd,
        paid_amount: "4000",
        discount: "500",
        supplier_invoice_no: "Z-77",
        note: "first",
      }),
      items: [
        { item: itemId, quantity: "10", purchase_price: "1000", sale_price: "1500", batch_number: "B1", expire_date: "2030-01-31" },
        { item: itemId, quantity: "2.5", purchase_price: "200", sale_price: "300", batch_number: "B2", expire_date: null },
      ],
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      branch: demo.erbil,
      inventory: demo.inventories.erbil[0],
      supplier: demo.suppliers.zagros,
      supplier_name: "Zagros Beverages",
      currency: demo.iqd,
      currency_code: "IQD",
      exchange_rate: "1.000000",
      payment_type: "cash",
      cashbox: demo.cashboxes.erbil.iqd,
      total_price: "10500.00",
      discount: "500.00",
      net_price: "10000.00",
      paid_amount: "4000.00",
      remaining: "6000.00",
      payment_status: "partial_paid",
      returned_amount: "0.00",
      supplier_invoice_no: "Z-77",
      note: "first",
    });
    expect(Number.isInteger(res.body.invoice_no)).toBe(true);
    expect(res.body.items).toHaveLength(2);
    expect(res.body.items[0]).toMatchObject({
      item: itemId,
      quantity: "10.000",
      purchase_price: "1000.00",
      total_price: "10000.00",
      batch_number: "B1",
      expire_date: "2030-01-31",
    });
    expect(res.body.items[1]).toMatchObject({ quantity: "2.500", total_price: "500.00", batch_number: "B2", expire_date: null });

    const rows = await stockRows(t, demo.inventories.erbil[0], itemId);
    expect(rows.map((r) => [r.batch_number, r.quantity, r.purchase_price, r.sale_price])).toEqual([
      ["B1", "10.000", "1000.00", "1500.00"],
      ["B2", "2.500", "200.00", "300.00"],
    ]);
    for (const r of rows) expect(await movementSum(t, r.id)).toBe(r.quantity);
    const listed = await t.call(admin, "GET", `/api/stock/?inventory=${demo.inventories.erbil[0]}&item=${itemId}`);
    expect(
      pageRows<StockListRow>(listed)
        .map((r) => r.quantity)
        .sort(),
    ).toEqual(["10.000", "2.500"]);

    const ledger = await ledgerOf(t, "purchase", res.body.id);
    expect(ledger).toEqual([
      { account_type: "cashbox", account_id: demo.cashboxes.erbil.iqd, currency_id: demo.iqd, debit: "0.00", credit: "4000.00" },
      { account_type: "inventory", account_id: null, currency_id: demo.iqd, debit: "10000.00", credit: "0.00" },
      { account_type: "supplier", account_id: demo.suppliers.zagros, currency_id: demo.iqd, debit: "0.00", credit: "10000.00" },
      { account_type: "supplier", account_id: demo.suppliers.zagros, currency_id: demo.iqd, debit: "4000.00", credit: "0.00" },
    ]);

    const read = await t.call(admin, "GET", `/api/purchase/${res.body.id}/`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual(res.body);
  });

  it("numbers purchases per branch", async () => {
    const itemId = await newItem(t, admin);
    const a = await post<PurchaseAnswer>(t, admin, "purchase/", purchaseBody(demo, itemId));
    const b = await post<PurchaseAnswer>(t, admin, "purchase/", purchaseBody(demo, itemId));
    const s = await post<PurchaseAnswer>(
      t,
      admin,
      "purchase/",
      purchaseBody(demo, itemId, { branch: demo.suli, inventory: demo.inventories.suli[0] }),
    );
    expect(b.body.invoice_no).toBe(a.body.invoice_no + 1);
    const [last] = await queryRows<{ n: number }>(
      t.db,
      sql`select max(invoice_no) as n from purchase where branch_id = ${demo.suli} and id <> ${s.body.id}`,
    );
    expect(s.body.invoice_no).toBe((last.n ?? 0) + 1);
  });

  it("keeps the cost in the base currency: the sent rate, else the latest", async () => {
    const itemId = await newItem(t, admin);
    const sent = await post<PurchaseAnswer>(
      t,
      admin,
      "purchase/",
      purchaseBody(demo, itemId, {
        currency: demo.usd,
        exchange_rate: "1300",
        payment_type: "cash",
        cashbox: demo.cashboxes.erbil.usd,
        paid_amount: "20",
        items: [{ item: itemId, quantity: "2", purchase_price: "10.50", sale_price: "15000", batch_number: "U1", expire_date: null }],
      }),
    );
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({
      currency_code: "USD",
      exchange_rate: "1300.000000",
      total_price: "21.00",
      payment_status: "partial_paid",
    });
    const [row] = await stockRows(t, demo.inventories.erbil[0], itemId);
    expect(row.purchase_price).toBe("13650.00");
    expect(row.sale_price).toBe("15000.00");
    // The supplier and the cashbox in USD; inventory in the base currency, through the exchange clearing.
    const ledger = await ledgerOf(t, "purchase", sent.body.id);
    expect(
      ledger
        .filter((l) => l.account_type !== "inventory")
        .every((l) => l.currency_id === demo.usd || l.account_type === "currency_exchange"),
    ).toBe(true);
    expect(ledger.filter((l) => l.account_type === "inventory").map((l) => [l.currency_id, l.debit])).toEqual([[demo.iqd, "27300.00"]]);

    const latest = await post<PurchaseAnswer>(
      t,
      admin,
      "purchase/",
      purchaseBody(demo, itemId, {
        currency: demo.usd,
        items: [{ item: itemId, quantity: "1", purchase_price: "1", sale_price: "2000", batch_number: "U2", expire_date: null }],
      }),
    );
    expect(latest.body.exchange_rate).toBe("1320.000000");
    const rows = await stockRows(t, demo.inventories.erbil[0], itemId);
    expect(rows.find((r) => r.batch_number === "U2")!.purchase_price).toBe("1320.00");
  });

  it("ignores batch and expiry when batch tracking is off", async () => {
    const itemId = await newItem(t, admin);
    await setBatchTracking(t, false);
    try {
      const res = await post<PurchaseAnswer>(t, admin, "purchase/", {
        ...purchaseBody(demo, itemId),
        items: [
          { item: itemId, quantity: "1", purchase_price: "1", sale_price: "2", batch_number: "X1", expire_date: "2031-01-01" },
          { item: itemId, quantity: "2", purchase_price: "1", sale_price: "2", batch_number: "X2", expire_date: "2032-01-01" },
        ],
      });
      expect(res.status).toBe(201);
      expect(
        json<{ items: { batch_number: string; expire_date: string | null }[] }>(res).items.map((l) => [l.batch_number, l.expire_date]),
      ).toEqual([
        ["", null],
        ["", null],
      ]);
      const rows = await stockRows(t, demo.inventories.erbil[0], itemId);
      expect(rows.map((r) => [r.batch_number, r.expire_date, r.quantity])).toEqual([["", null, "3.000"]]);
    } finally {
      await setBatchTracking(t, true);
    }
  });

  it("refuses what breaks a rule, with the message of each", async () => {
    const itemId = await newItem(t, admin);
    const service = await newItem(t, admin, { item_type: 2 });
    const refuse = async (overrides: Record<string, unknown>, expected: Record<string, unknown>, token = admin) => {
      const res = await post<PurchaseAnswer>(t, token, "purchase/", purchaseBody(demo, itemId, overrides));
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject(expected);
    };
    const line = (l: Record<string, unknown>) => [{ item: itemId, quantity: "1", purchase_price: "1", sale_price: "1", ...l }];
    await refuse({ items: [] }, { items: ["must have at least 1 items"] });
    await refuse({ items: line({ quantity: "0" }) }, { "items[0].quantity": ["must be positive"] });
    await refuse({ items: line({ purchase_price: "-1" }) }, { "items[0].purchase_price": ["greater than or equal to 0"] });
    await refuse({ items: line({ sale_price: "-1" }) }, { "items[0].sale_price": ["greater than or equal to 0"] });
    await refuse({ items: line({ item: service }) }, { "items[0].item": ["Invalid pk - object does not exist."] });
    await refuse({ inventory: null }, { inventory: ["Select inventory"] });
    await refuse({ inventory: demo.inventories.suli[0] }, { inventory: ["Invalid pk - object does not exist."] });
    await refuse({ supplier: demo.suppliers.slemani }, { supplier: ["Invalid pk - object does not exist."] });
    await refuse({ payment_type: "card" }, { payment_type: ["must be one of the following values: cash, debit"] });
    await refuse({ paid_amount: "100" }, { cashbox: ["Cashbox is required"] });
    await refuse({ paid_amount: "100", cashbox: demo.cashboxes.erbil.usd }, { cashbox: ["Cashbox currency mismatch"] });
    await refuse({ paid_amount: "100", cashbox: demo.cashboxes.suli.iqd }, { cashbox: ["Invalid pk - object does not exist."] });
    await refuse({ paid_amount: "10000.01", cashbox: demo.cashboxes.erbil.iqd }, { paid_amount: ["less than or equal to 10000.00"] });
    await refuse(
      { discount: "500", paid_amount: "9600", cashbox: demo.cashboxes.erbil.iqd },
      { paid_amount: ["less than or equal to 9500.00"] },
    );
    await refuse({ discount: "10000.01" }, { discount: ["less than or equal to 10000.00"] });
    const erbilOnly = await makeUser(t, ["add_purchase", "view_purchase"], [demo.erbil]);
    await refuse(
      { branch: demo.suli, inventory: demo.inventories.suli[0] },
      { branch: ["Invalid pk - object does not exist."] },
      erbilOnly,
    );
    await t.db.execute(sql`update exchange_rate set deleted_at = now() where currency_id = ${demo.usd} and deleted_at is null`);
    try {
      await refuse({ currency: demo.usd }, { exchange_rate: ["Please enter exchange rate"] });
    } finally {
      await t.db.execute(sql`update exchange_rate set deleted_at = null where currency_id = ${demo.usd}`);
    }
    expect((await t.call(admin, "GET", "/api/purchase/?supplier=" + demo.suppliers.slemani)).status).toBe(200);
    expect((await driftingStock(t)).length).toBe(0);
  });
});

describe("paying a purchase from a cashbox", () => {
  it("never takes the cashbox below zero: Cashbox balance is not enough, and nothing changes", async () => {
    const itemId = await newItem(t, admin);
    const box = await cashboxes(t, () => admin).make(demo.iqd, demo.erbil, "3000");
    const paid = (amount: string) =>
      post<PurchaseAnswer>(t, admin, "purchase/", purchaseBody(demo, itemId, { payment_type: "cash", cashbox: box, paid_amount: amount }));
    const refused = await paid("3000.01");
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ message: MESSAGES.cashboxBalanceNotEnough });
    expect(await stockRows(t, demo.inventories.erbil[0], itemId)).toEqual([]);
    expect((await paid("3000")).status).toBe(201);
    expect(await cashboxes(t, () => admin).balance(box)).toBe("0.00");
    expect((await paid("0.01")).body).toEqual({ message: MESSAGES.cashboxBalanceNotEnough });
    expect((await stockRows(t, demo.inventories.erbil[0], itemId)).map((r) => r.quantity)).toEqual(["10.000"]);
    expect((await driftingStock(t)).length).toBe(0);
  });

  it("an edit that pays more, or from another cashbox, never takes that cashbox below zero", async () => {
    const itemId = await newItem(t, admin);
    const box = await cashboxes(t, () => admin).make(demo.iqd, demo.erbil, "400");
    const empty = await cashboxes(t, () => admin).make(demo.iqd, demo.erbil);
    const created = await post<PurchaseAnswer>(t, admin, "purchase/", purchaseBody(demo, itemId));
    expect(created.status).toBe(201);
    const path = `/api/purchase/${created.body.id}/`;
    const edit = (cashbox: number, paid: string) => t.call(admin, "PUT", path, purchaseBody(demo, itemId, { cashbox, paid_amount: paid }));
    const refused = { message: MESSAGES.cashboxBalanceNotEnough };
    expect((await edit(box, "400.01")).body).toEqual(refused);
    expect(await cashboxes(t, () => admin).balance(box)).toBe("400.00");
    expect((await edit(box, "400")).status).toBe(200);
    expect(await cashboxes(t, () => admin).balance(box)).toBe("0.00");
    // Paid from the empty cashbox instead: the first gets its 400 back, the empty one cannot pay them.
    expect((await edit(empty, "400")).body).toEqual(refused);
    expect(await cashboxes(t, () => admin).balance(box)).toBe("0.00");
    expect(await cashboxes(t, () => admin).balance(empty)).toBe("0.00");
    expect((await stockRows(t, demo.inventories.erbil[0], itemId)).map((r) => r.quantity)).toEqual(["10.000"]);
    expect((await driftingStock(t)).length).toBe(0);
  });
});

describe("editing and deleting a purchase", () => {
  it("corrects stock and ledger exactly when an unpaid purchase is edited", async () => {
    const itemId = await newItem(t, admin);
    const other = await newItem(t, admin);
    const inv = demo.inventories.erbil[0];
    const supplierId = await newSupplier(t, admin, [demo.erbil]);
    const created = await post<PurchaseAnswer>(t, admin, "purchase/", purchaseBody(demo, itemId, { supplier: supplierId }));
    expect(created.status).toBe(201);
    const [row] = await stockRows(t, inv, itemId);
    expect(row.quantity).toBe("10.000");
    expect(await supplierBalance(t, supplierId, demo.iqd)).toBe("10000.00");

    const edited = await t.call(admin, "PUT", `/api/purchase/${created.body.id}/`, {
      ...purchaseBody(demo, itemId, {
        supplier: supplierId,
        payment_type: "cash",
        cashbox: demo.cashboxes.erbil.iqd,
        paid_amount: "1000",
        discount: "100",
      }),
      items: [
        { item: itemId, quantity: "4", purchase_price: "1200", sale_price: "1600", batch_number: "", expire_date: null },
        { item: other, quantity: "3", purchase_price: "100", sale_price: "150", batch_number: "", expire_date: null },
      ],
      updated_at: created.body.updated_at,
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      id: created.body.id,
      invoice_no: created.body.invoice_no,
      total_price: "5100.00",
      net_price: "5000.00",
      paid_amount: "1000.00",
      payment_status: "partial_paid",
    });
    expect(await stockQuantity(t, row.id)).toBe("4.000");
    const [otherRow] = await stockRows(t, inv, other);
    expect(otherRow.quantity).toBe("3.000");
    expect(await movementSum(t, row.id)).toBe("4.000");
    expect(await supplierBalance(t, supplierId, demo.iqd)).toBe("4000.00");
    const ledger = await ledgerOf(t, "purchase", created.body.id);
    expect(ledger.filter((l) => l.account_type === "inventory")).toEqual([
      { account_type: "inventory", account_id: null, currency_id: demo.iqd, debit: "5000.00", credit: "0.00" },
    ]);
    expect(ledger).toHaveLength(4);

    // A stale edit (the version loaded before) is refused.
    const stale = await t.call(admin, "PUT", `/api/purchase/${created.body.id}/`, {
      ...purchaseBody(demo, itemId),
      updated_at: created.body.updated_at,
    });
    expect(stale.status).toBe(423);

    // PATCH merges into the loaded record: only the note changes.
    const patched = await t.call(admin, "PATCH", `/api/purchase/${created.body.id}/`, { note: "patched" });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ note: "patched", total_price: "5100.00" });
    expect(await stockQuantity(t, row.id)).toBe("4.000");
  });

  it("refuses an edit when the stock it brought in was sold meanwhile, changing nothing", async () => {
    const itemId = await newItem(t, admin);
    const created = await post<PurchaseAnswer>(t, admin, "purchase/", purchaseBody(demo, itemId));
    const [row] = await stockRows(t, demo.inventories.erbil[0], itemId);
    await takeOut(t, row.id, "8");
    const ledgerBefore = await ledgerOf(t, "purchase", created.body.id);
    const res = await t.call<PurchaseAnswer>(
      admin,
      "PUT",
      `/api/purchase/${created.body.id}/`,
      purchaseBody(demo, itemId, {
        items: [{ item: itemId, quantity: "1", purchase_price: "1000", sale_price: "1500" }],
      }),
    );
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: "No enough quantity available" });
    expect(await stockQuantity(t, row.id)).toBe("2.000");
    expect(await ledgerOf(t, "purchase", created.body.id)).toEqual(ledgerBefore);
    expect((await t.call<PurchaseAnswer>(admin, "GET", `/api/purchase/${created.body.id}/`)).body.items[0].quantity).toBe("10.000");
    const del = await t.call(admin, "DELETE", `/api/purchase/${created.body.id}/`);
    expect(del.body).toEqual({ message: "No enough quantity available" });
  });

  it("never changes a paid purchase or one with returns", async () => {
    const itemId = await newItem(t, admin);
    const paid = await post<PurchaseAnswer>(
      t,
      admin,
      "purchase/",
      purchaseBody(demo, itemId, { payment_type: "cash", cashbox: demo.cashboxes.erbil.iqd, paid_amount: "10000" }),
    );
    expect(paid.body.payment_status).toBe("paid");
    expect(paid.body.remaining).toBe("0.00");
    const paidMessage = { message: "A paid invoice cannot be updated, added to or deleted" };
    const put = await t.call(admin, "PUT", `/api/purchase/${paid.body.id}/`, purchaseBody(demo, itemId));
    expect(put.status).toBe(400);
    expect(put.body).toEqual(paidMessage);
    const patch = await t.call(admin, "PATCH", `/api/purchase/${paid.body.id}/`, { note: "x" });
    expect(patch.body).toEqual(paidMessage);
    const del = await t.call(admin, "DELETE", `/api/purchase/${paid.body.id}/`);
    expect(del.status).toBe(400);
    expect(del.body).toEqual(paidMessage);

    const unpaid = await post<PurchaseAnswer>(t, admin, "purchase/", purchaseBody(demo, itemId));
    const stockId = unpaid.body.items[0].stock;
    const ret = await post(t, admin, "purchase-return/", {
      purchase: unpaid.body.id,
      items: [{ stock: stockId, quantity: "1", price: "1000" }],
    });
    expect(ret.status).toBe(201);
    const linked = { message: "Record is linked to returns, receipts or payments and cannot be changed" };
    expect((await t.call(admin, "PUT", `/api/purchase/${unpaid.body.id}/`, purchaseBody(demo, itemId))).body).toEqual(linked);
    expect((await t.call(admin, "DELETE", `/api/purchase/${unpaid.body.id}/`)).body).toEqual(linked);
  });

  it("deletes an unpaid purchase, reversing stock and ledger", async () => {
    const itemId = await newItem(t, admin);
    const first = await post<PurchaseAnswer>(t, admin, "purchase/", purchaseBody(demo, itemId));
    const second = await post<PurchaseAnswer>(
      t,
      admin,
      "purchase/",
      purchaseBody(demo, itemId, { payment_type: "cash", cashbox: demo.cashboxes.erbil.iqd, paid_amount: "500" }),
    );
    const [row] = await stockRows(t, demo.inventories.erbil[0], itemId);
    expect(row.quantity).toBe("20.000");
    const del = await t.call(admin, "DELETE", `/api/purchase/${second.body.id}/`);
    expect(del.status).toBe(200);
    expect(del.body).toEqual({ message: "Deleted successfully" });
    expect(await stockQuantity(t, row.id)).toBe("10.000");
    expect(await movementSum(t, row.id)).toBe("10.000");
    expect(await ledgerOf(t, "purchase", second.body.id)).toEqual([]);
    // Append-only: the purchase's rows stay, followed by as many reversal rows netting them to zero.
    const rows = await ledgerRowsOf(t, "purchase", second.body.id);
    expect(rows.map((r) => r.memo)).toEqual(["", "", "", "", "reversal", "reversal", "reversal", "reversal"]);
    expect(rows.reduce((n, r) => n + Number(r.debit) - Number(r.credit), 0)).toBe(0);
    expect((await t.call(admin, "GET", `/api/purchase/${second.body.id}/`)).status).toBe(404);
    expect((await t.call(admin, "DELETE", `/api/purchase/${second.body.id}/`)).status).toBe(404);
    expect((await t.call(admin, "GET", `/api/purchase/${first.body.id}/`)).status).toBe(200);
  });
});

describe("access, idempotency and lists", () => {
  it("keeps another branch's purchases out of sight: 404, never 403", async () => {
    const itemId = await newItem(t, admin);
    const suliPurchase = await post<PurchaseAnswer>(
      t,
      admin,
      "purchase/",
      purchaseBody(demo, itemId, { branch: demo.suli, inventory: demo.inventories.suli[0] }),
    );
    expect(suliPurchase.status).toBe(201);
    const erbilUser = await makeUser(t, ["view_purchase", "add_purchase", "change_purchase", "delete_purchase"], [demo.erbil]);
    const id = suliPurchase.body.id;
    expect((await t.call(erbilUser, "GET", `/api/purchase/${id}/`)).status).toBe(404);
    expect((await t.call(erbilUser, "PUT", `/api/purchase/${id}/`, purchaseBody(demo, itemId))).status).toBe(404);
    expect((await t.call(erbilUser, "PATCH", `/api/purchase/${id}/`, { note: "x" })).status).toBe(404);
    expect((await t.call(erbilUser, "DELETE", `/api/purchase/${id}/`)).status).toBe(404);
    const list = await t.call(erbilUser, "GET", "/api/purchase/?page_size=200");
    expect(pageRows<PurchaseListRow>(list).every((r) => r.branch === demo.erbil)).toBe(true);
    expect((await t.call<Paged<PurchaseListRow>>(erbilUser, "GET", `/api/purchase/?branch=${demo.suli}`)).body.count).toBe(0);
    expect(json<PurchaseListRow[]>(await t.call(erbilUser, "GET", "/api/purchase/all/")).every((r) => r.branch === demo.erbil)).toBe(true);

    const cashier = await t.login("cashier");
    expect((await t.call(cashier, "GET", `/api/purchase/${id}/`)).status).toBe(403);
    expect((await t.call(cashier, "GET", "/api/purchase/")).status).toBe(403);
    expect((await post(t, cashier, "purchase/", purchaseBody(demo, itemId))).status).toBe(403);
    const viewer = await makeUser(t, ["view_purchase"], [demo.erbil, demo.suli]);
    expect((await t.call(viewer, "GET", `/api/purchase/${id}/`)).status).toBe(200);
    expect((await t.call(viewer, "DELETE", `/api/purchase/${id}/`)).status).toBe(403);
    expect((await t.call(null, "GET", "/api/purchase/")).status).toBe(401);
  });

  it("creates one purchase for a replayed form_token", async () => {
    const itemId = await newItem(t, admin);
    const body = { ...purchaseBody(demo, itemId), form_token: formToken("replay") };
    const first = await t.call<PurchaseAnswer>(admin, "POST", "/api/purchase/", body);
    const again = await t.call(admin, "POST", "/api/purchase/", body);
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    const [row] = await stockRows(t, demo.inventories.erbil[0], itemId);
    expect(row.quantity).toBe("10.000");
    const [{ n }] = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from purchase_item where item_id = ${itemId}`);
    expect(n).toBe(1);
    const changed = await t.call(admin, "POST", "/api/purchase/", { ...body, discount: "1" });
    expect(changed.status).toBe(422);
    expect((await t.call(admin, "POST", "/api/purchase/", purchaseBody(demo, itemId))).body).toEqual({
      form_token: ["This field is required"],
    });
  });

  it("lists with filters, ordering and sums", async () => {
    const itemId = await newItem(t, admin);
    const supplierId = await newSupplier(t, admin, [demo.erbil]);
    const mk = (o: Record<string, unknown>) => post(t, admin, "purchase/", purchaseBody(demo, itemId, { supplier: supplierId, ...o }));
    // The paid ones are dated 2024: the cashbox holds their money from before then (none may go below zero on any day).
    const float = await t.call<{ id: number }>(admin, "POST", "/api/accounting/income-type/", {
      name: "Float 2024",
      form_token: formToken("it"),
    });
    const funded = await t.call(admin, "POST", "/api/accounting/income/", {
      branch: demo.erbil,
      income_type: float.body.id,
      cashbox: demo.cashboxes.erbil.iqd,
      amount: "100000",
      input_date: "2024-01-01",
      form_token: formToken("in"),
    });
    expect(funded.status).toBe(201);
    await mk({ input_date: "2024-03-01" });
    await mk({ input_date: "2024-03-05", payment_type: "cash", cashbox: demo.cashboxes.erbil.iqd, paid_amount: "10000" });
    await mk({ input_date: "2024-03-09", payment_type: "cash", cashbox: demo.cashboxes.erbil.iqd, paid_amount: "2500", discount: "1000" });
    const base = `/api/purchase/?supplier=${supplierId}`;
    const all = await t.call<Paged<PurchaseListRow>>(admin, "GET", `${base}&ordering=input_date`);
    expect(all.status).toBe(200);
    expect(pageRows<PurchaseListRow>(all).map((r) => r.payment_status)).toEqual(["unpaid", "paid", "partial_paid"]);
    expect(all.body.results[0]).toMatchObject({
      supplier_name: expect.any(String),
      inventory_name: "Erbil Main warehouse",
      currency_code: "IQD",
      total_price: "10000.00",
      discount: "0.00",
      net_price: "10000.00",
      paid_amount: "0.00",
      remaining: "10000.00",
    });
    expect(all.body.results[0]).not.toHaveProperty("items");
    const partial = await t.call(admin, "GET", `${base}&payment_status=partial_paid`);
    expect(pageRows<PurchaseListRow>(partial).map((r) => r.input_date)).toEqual(["2024-03-09"]);
    const ranged = await t.call<Paged<PurchaseListRow>>(admin, "GET", `${base}&input_date_after=2024-03-02&input_date_before=2024-03-09`);
    expect(ranged.body.count).toBe(2);
    expect((await t.call<Paged<PurchaseListRow>>(admin, "GET", `${base}&currency=${demo.usd}`)).body.count).toBe(0);
    expect((await t.call<Paged<PurchaseListRow>>(admin, "GET", `${base}&currency=${demo.iqd}&remaining__gt=0`)).body.count).toBe(2);
    const totals = await t.call(admin, "GET", `/api/purchase/totals/?supplier=${supplierId}`);
    expect(totals.body).toEqual({
      sum_total_price: "30000.00",
      sum_discount: "1000.00",
      sum_net_price: "29000.00",
      sum_paid_amount: "12500.00",
      sum_remaining: "16500.00",
    });
    expect((await t.call(admin, "GET", `${base}&colour=red`)).status).toBe(400);
    expect((await t.call(admin, "GET", `/api/purchase/all/?supplier=${supplierId}`)).body).toHaveLength(3);
  });
});

describe("the ledger", () => {
  it("balances every document per currency and keeps supplier balances = purchases - payments - returns", async () => {
    const itemId = await newItem(t, admin);
    const supplierId = await newSupplier(t, admin, [demo.erbil]);
    const a = await post<PurchaseAnswer>(t, admin, "purchase/", purchaseBody(demo, itemId, { supplier: supplierId, discount: "250" }));
    const b = await post<PurchaseAnswer>(
      t,
      admin,
      "purchase/",
      purchaseBody(demo, itemId, { supplier: supplierId, payment_type: "cash", cashbox: demo.cashboxes.erbil.iqd, paid_amount: "3000" }),
    );
    const usd = await post(
      t,
      admin,
      "purchase/",
      purchaseBody(demo, itemId, {
        supplier: supplierId,
        currency: demo.usd,
        exchange_rate: "1300",
        payment_type: "cash",
        cashbox: demo.cashboxes.erbil.usd,
        paid_amount: "5",
        items: [{ item: itemId, quantity: "2", purchase_price: "7.25", sale_price: "9000", batch_number: "USD", expire_date: null }],
      }),
    );
    const ret = await post(t, admin, "purchase-return/", {
      purchase: a.body.id,
      items: [{ stock: a.body.items[0].stock, quantity: "2", price: "900" }],
    });
    expect([a.status, b.status, usd.status, ret.status]).toEqual([201, 201, 201, 201]);
    // IQD: nets 9750 + 10000, paid 3000, returned 1800. USD: net 14.50, paid 5.
    expect(await supplierBalance(t, supplierId, demo.iqd)).toBe("14950.00");
    expect(await supplierBalance(t, supplierId, demo.usd)).toBe("9.50");
    expect(await unbalancedDocuments(t)).toEqual([]);
    expect(await driftingStock(t)).toEqual([]);
  });
});

describe("purchase numbers (DESIGN section 3)", () => {
  it("concurrent purchases of a branch get consecutive numbers; a refused one leaves no gap", async () => {
    const itemId = await newItem(t, admin);
    const results = await expectConsecutiveNumbers(
      t,
      { branch: demo.erbil, documentType: "purchase", table: "purchase" },
      () => post(t, admin, "purchase/", purchaseBody(demo, itemId)),
      // Paid from another branch's cashbox.
      () =>
        post(
          t,
          admin,
          "purchase/",
          purchaseBody(demo, itemId, { payment_type: "cash", cashbox: demo.cashboxes.suli.iqd, paid_amount: "100" }),
        ),
    );
    expect(results[2].body).toEqual({ cashbox: ["Invalid pk - object does not exist."] });
    expect((await stockRows(t, demo.inventories.erbil[0], itemId)).map((r) => r.quantity)).toEqual(["50.000"]);
  });

  it("an edit into another branch takes that branch's next number", async () => {
    const itemId = await newItem(t, admin);
    const created = await post<PurchaseAnswer>(t, admin, "purchase/", purchaseBody(demo, itemId));
    const before = await counter(t, demo.suli, "purchase");
    const moved = await t.call<PurchaseAnswer>(admin, "PUT", `/api/purchase/${created.body.id}/`, {
      ...purchaseBody(demo, itemId, { branch: demo.suli, inventory: demo.inventories.suli[0] }),
      updated_at: created.body.updated_at,
    });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ branch: demo.suli, invoice_no: before + 1 });
    expect(await counter(t, demo.suli, "purchase")).toBe(before + 1);
    expect((await stockRows(t, demo.inventories.suli[0], itemId)).map((r) => r.quantity)).toEqual(["10.000"]);
  });
});
