import { isNull, sql } from "drizzle-orm";
import { expect } from "vitest";
import { queryRows } from "../../../src/server/db/client";
import { cashbox, currency, inventory, supplier } from "../../../src/server/db/tables";
import { applyMovements } from "../../../src/server/modules/stock/stock-ledger";
import type { Created } from "../support/json";
import { formToken, type TestApp } from "../support/test-app";
import { withTestApp } from "../support/test-lifecycle";
import { demoBranches } from "../master-data/helpers";

export interface Demo {
  erbil: number;
  suli: number;
  iqd: number;
  usd: number;
  /** [warehouse, shop floor] of each branch. */
  inventories: { erbil: number[]; suli: number[] };
  cashboxes: { erbil: { iqd: number; usd: number }; suli: { iqd: number; usd: number } };
  /** Zagros serves both branches, Kurdistan Dairy only Erbil, Slemani Cleaning only Sulaymaniyah. */
  suppliers: { zagros: number; dairy: number; slemani: number };
}

export async function loadDemo(t: TestApp): Promise<Demo> {
  const { erbil, sulaymaniyah: suli } = await demoBranches(t);
  const currencies = await t.db.select().from(currency);
  const iqd = currencies.find((c) => c.code === "IQD")!.id;
  const usd = currencies.find((c) => c.code === "USD")!.id;
  const invs = await t.db.select().from(inventory).where(isNull(inventory.deletedAt)).orderBy(inventory.id);
  const boxes = await t.db.select().from(cashbox);
  const box = (branchId: number, currencyId: number) => boxes.find((b) => b.branchId === branchId && b.currencyId === currencyId)!.id;
  const sups = await t.db.select().from(supplier);
  const sup = (name: string) => sups.find((s) => s.name === name)!.id;
  return {
    erbil,
    suli,
    iqd,
    usd,
    inventories: {
      erbil: invs.filter((i) => i.branchId === erbil).map((i) => i.id),
      suli: invs.filter((i) => i.branchId === suli).map((i) => i.id),
    },
    cashboxes: { erbil: { iqd: box(erbil, iqd), usd: box(erbil, usd) }, suli: { iqd: box(suli, iqd), usd: box(suli, usd) } },
    suppliers: { zagros: sup("Zagros Beverages"), dairy: sup("Kurdistan Dairy Co."), slemani: sup("Slemani Cleaning Supplies") },
  };
}

/** What a purchase test file works with: the app, an admin's token and the demo ids. */
export interface PurchaseContext {
  t: TestApp;
  admin: string;
  demo: Demo;
}

/** Sets the file's context up before its tests (handing it to `ready`) and closes the app after them. */
export function withPurchaseDemo(ready: (context: PurchaseContext) => void): void {
  withTestApp(async (t) => ready({ t, admin: await t.login("admin"), demo: await loadDemo(t) }));
}

let itemCounter = 0;
/** A fresh goods item with no stock anywhere. */
export async function newItem(t: TestApp, admin: string, overrides: Record<string, unknown> = {}): Promise<number> {
  itemCounter += 1;
  const res = await t.call<Created>(admin, "POST", "/api/item/", {
    name: `Purchase test item ${Date.now()} ${itemCounter}`,
    item_type: 1,
    purchase_price: "1000",
    sale_price: "1500",
    min_quantity: "5",
    form_token: formToken("item"),
    ...overrides,
  });
  expect(res.status).toBe(201);
  return res.body.id;
}

/** A body of an Erbil IQD purchase on credit with one line of 10 x 1000; override anything. */
export function purchaseBody(demo: Demo, itemId: number, overrides: Record<string, unknown> = {}) {
  return {
    branch: demo.erbil,
    inventory: demo.inventories.erbil[0],
    supplier: demo.suppliers.zagros,
    currency: demo.iqd,
    payment_type: "debit",
    cashbox: null,
    paid_amount: "0",
    discount: "0",
    items: [{ item: itemId, quantity: "10", purchase_price: "1000", sale_price: "1500", batch_number: "", expire_date: null }],
    ...overrides,
  };
}

/** POST with a form_token; `T` is the answer the test reads (its body stays `unknown` without it). */
export async function post<T = unknown>(t: TestApp, token: string, path: string, body: Record<string, unknown>) {
  return t.call<T>(token, "POST", `/api/${path}`, { ...body, form_token: formToken(path.replace(/\W/g, "")) });
}

export async function stockRows(t: TestApp, inventoryId: number, itemId: number) {
  return queryRows<{
    id: number;
    quantity: string;
    purchase_price: string;
    sale_price: string;
    batch_number: string;
    expire_date: string | null;
  }>(
    t.db,
    sql`select id, quantity::text as quantity, purchase_price::text as purchase_price, sale_price::text as sale_price, batch_number, expire_date
        from stock where inventory_id = ${inventoryId} and item_id = ${itemId} order by id`,
  );
}

export async function stockQuantity(t: TestApp, stockId: number): Promise<string> {
  const [row] = await queryRows<{ quantity: string }>(t.db, sql`select quantity::text as quantity from stock where id = ${stockId}`);
  return row.quantity;
}

/** Sum of a stock row's movements: must always equal its quantity. */
export async function movementSum(t: TestApp, stockId: number): Promise<string> {
  const [row] = await queryRows<{ total: string }>(
    t.db,
    sql`select coalesce(sum(quantity), 0)::text as total from stock_movement where stock_id = ${stockId}`,
  );
  return row.total;
}

/** A row of the stock list (stock/), as the tests read it. */
export interface StockListRow {
  id: number;
  branch: number;
  quantity: string;
  sale_price: string;
  expired: boolean;
}

/** A purchase or a purchase return as their endpoints answer them, as the tests read it. */
export interface PurchaseAnswer {
  id: number;
  invoice_no: number;
  updated_at: string;
  inventory: number;
  exchange_rate: string;
  payment_status: string;
  remaining: string;
  items: { stock: number; quantity: string; returned_quantity: string }[];
}

/** A row of the purchase list (purchase/, purchase-return/), as the tests read it. */
export interface PurchaseListRow {
  branch: number;
  input_date: string;
  payment_status: string;
  currency_code: string;
}

export interface LedgerLine {
  account_type: string;
  account_id: number | null;
  currency_id: number;
  debit: string;
  credit: string;
}

/**
 * A document's posting as it stands: its rows after its last reversal (the append-only ledger keeps
 * what an edit or delete reversed, followed by the reversal and the new lines). None after a delete.
 */
export async function ledgerOf(t: TestApp, documentType: string, documentId: number): Promise<LedgerLine[]> {
  return queryRows<LedgerLine>(
    t.db,
    sql`select account_type, account_id, currency_id, debit::text as debit, credit::text as credit from ledger_entry
        where document_type = ${documentType} and document_id = ${documentId} and memo <> 'reversal'
          and id > coalesce((select max(id) from ledger_entry where document_type = ${documentType} and document_id = ${documentId} and memo = 'reversal'), 0)
        order by account_type, id`,
  );
}

/** Every row a document ever booked, reversals included, in the order they were appended. */
export async function ledgerRowsOf(t: TestApp, documentType: string, documentId: number) {
  return queryRows<{ id: number; memo: string; debit: string; credit: string }>(
    t.db,
    sql`select id, memo, debit::text as debit, credit::text as credit from ledger_entry
        where document_type = ${documentType} and document_id = ${documentId} order by id`,
  );
}

/** Documents whose entries do not balance per currency: must be none. */
export async function unbalancedDocuments(t: TestApp) {
  return queryRows<{ document_type: string; document_id: number }>(
    t.db,
    sql`select document_type, document_id from ledger_entry group by document_type, document_id, currency_id
        having sum(debit) <> sum(credit)`,
  );
}

/** What we owe a supplier in a currency: credit - debit on its account. */
export async function supplierBalance(t: TestApp, supplierId: number, currencyId: number): Promise<string> {
  const [row] = await queryRows<{ balance: string }>(
    t.db,
    sql`select coalesce(sum(credit - debit), 0)::text as balance from ledger_entry
        where account_type = 'supplier' and account_id = ${supplierId} and currency_id = ${currencyId}`,
  );
  return row.balance;
}

/** Stock rows whose movements do not add up to their quantity: must be none. */
export async function driftingStock(t: TestApp) {
  return queryRows<{ id: number }>(
    t.db,
    sql`select s.id from stock s left join stock_movement m on m.stock_id = s.id group by s.id, s.quantity
        having s.quantity <> coalesce(sum(m.quantity), 0)`,
  );
}

/** Takes stock out as another document would (a sale made meanwhile). */
export async function takeOut(t: TestApp, stockId: number, quantity: string) {
  await t.db.transaction((tx) =>
    applyMovements(tx, [{ stockId, quantity: `-${quantity}` }], { documentType: "test_sale", documentId: 1, userId: 1 }),
  );
}

export async function setBatchTracking(t: TestApp, on: boolean) {
  await t.db.execute(sql`update setting set value = ${on ? "1" : "0"} where key = 'batch_number'`);
}

export async function newSupplier(t: TestApp, admin: string, branches: number[]): Promise<number> {
  const res = await t.call<Created>(admin, "POST", "/api/supplier/", {
    name: `Supplier ${Date.now()} ${Math.random()}`,
    branches,
    form_token: formToken("sup"),
  });
  expect(res.status).toBe(201);
  return res.body.id;
}
