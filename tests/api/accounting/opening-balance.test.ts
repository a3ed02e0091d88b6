import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { MESSAGES } from "../../../src/core/messages";
import type { Paged } from "../../../src/core/api-types";
import { queryRows } from "../../../src/server/db/client";
import { withTestApp } from "../support/test-lifecycle";
import { formToken, type TestApp } from "../support/test-app";
import { signInSaleWorld, type SaleWorld } from "../sale/helpers";
import { unbalancedGroups } from "./ledger-helpers";

interface Opening {
  id: number;
  branch: number;
  input_date: string;
  note: string;
  stock: { inventory: number; item: number; batch_number: string; expire_date: string | null; quantity: string; cost: string }[];
  cashboxes: { cashbox: number; amount: string }[];
  updated_at: string;
}

let t: TestApp;
let admin: string;
let w: SaleWorld;
const path = "/api/accounting/opening-balance/";

withTestApp(async (app) => {
  t = app;
  ({ w, admin } = await signInSaleWorld(t, "admin"));
});

afterEach(async () => {
  expect(await unbalancedGroups(t)).toBe(0);
});

const erbilDoc = async () => {
  const list = await t.call<Paged<{ id: number; branch: number }>>(admin, "GET", `${path}?branch=${w.erbil}`);
  expect(list.status).toBe(200);
  const read = await t.call<Opening>(admin, "GET", `${path}${list.body.results[0].id}/`);
  return read.body;
};

const bodyOf = (doc: Opening, more: Record<string, unknown> = {}) => ({
  branch: doc.branch,
  date: doc.input_date,
  note: doc.note,
  stock: doc.stock.map(({ inventory, item, batch_number, expire_date, quantity, cost }) => ({
    inventory,
    item,
    batch_number,
    expire_date,
    quantity,
    cost,
  })),
  ...more,
});

const ledgerOf = (id: number) =>
  queryRows<{ account_type: string; currency_id: number; net: string }>(
    t.db,
    sql`select account_type, currency_id, sum(debit - credit)::text as net from ledger_entry
        where document_type = 'opening_balance' and document_id = ${id} group by 1, 2 order by 1, 2`,
  );

describe("opening balance", () => {
  it("the demo's branch has one, which a second is refused beside", async () => {
    const doc = await erbilDoc();
    expect(doc.stock.length).toBeGreaterThan(20);
    const res = await t.call<Record<string, string[]>>(admin, "POST", path, { ...bodyOf(doc), form_token: formToken("ob") });
    expect(res.status).toBe(400);
    expect(res.body.branch).toEqual([MESSAGES.openingBalanceExists]);
  });

  it("an edit adds cash, parties and stock, balanced per currency, reversing the old posting (append-only)", async () => {
    const doc = await erbilDoc();
    const rowsBefore = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from ledger_entry where document_type = 'opening_balance' and document_id = ${doc.id}`,
    );
    const reversalsBefore = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from ledger_entry where document_type = 'opening_balance' and document_id = ${doc.id} and memo = 'reversal'`,
    );
    const [supplier] = await queryRows<{ id: number }>(
      t.db,
      sql`select supplier_id as id from supplier_branch where branch_id = ${w.erbil} order by supplier_id limit 1`,
    );
    const [stockBefore] = await queryRows<{ q: string | null }>(
      t.db,
      sql`select sum(quantity)::text as q from stock where inventory_id = ${w.inv.erbil} and item_id = ${w.goods[0]} and batch_number = 'OB-NEW'`,
    );
    expect(stockBefore.q).toBeNull();
    const res = await t.call<Opening>(admin, "PUT", `${path}${doc.id}/`, {
      ...bodyOf(doc),
      cashboxes: [
        { cashbox: w.cash.erbilIqd, amount: "500000" },
        { cashbox: w.cash.erbilUsd, amount: "100" },
      ],
      customers: [{ customer: w.cust.aram, currency: w.usd, amount: "40" }],
      suppliers: [{ supplier: supplier.id, currency: w.iqd, amount: "120000" }],
      stock: [
        ...bodyOf(doc).stock,
        { inventory: w.inv.erbil, item: w.goods[0], batch_number: "OB-NEW", expire_date: null, quantity: "3", cost: "1500" },
      ],
    });
    expect(res.status).toBe(200);
    const lines = await ledgerOf(doc.id);
    const net = (type: string, currency: number) => lines.find((l) => l.account_type === type && l.currency_id === currency)?.net;
    expect(net("cashbox", w.iqd)).toBe("500000.00");
    expect(net("cashbox", w.usd)).toBe("100.00");
    expect(net("customer", w.usd)).toBe("40.00");
    expect(net("supplier", w.iqd)).toBe("-120000.00");
    // USD: cash 100 and the customer's 40 against opening balance equity in dollars.
    expect(net("opening_balance_equity", w.usd)).toBe("-140.00");
    const rowsAfter = await queryRows<{ n: number; reversals: number }>(
      t.db,
      sql`select count(*)::int as n, count(*) filter (where memo = 'reversal')::int as reversals from ledger_entry
          where document_type = 'opening_balance' and document_id = ${doc.id}`,
    );
    // Nothing was deleted: the old rows stay, their reversal appended.
    expect(rowsAfter[0].n).toBeGreaterThan(rowsBefore[0].n);
    expect(rowsAfter[0].reversals).toBeGreaterThan(reversalsBefore[0].n);
    // Stock arrived at its cost, and the inventory account still equals the stock's value at cost.
    const [stockAfter] = await queryRows<{ q: string; cost: string }>(
      t.db,
      sql`select quantity::text as q, purchase_price::text as cost from stock
          where inventory_id = ${w.inv.erbil} and item_id = ${w.goods[0]} and batch_number = 'OB-NEW'`,
    );
    expect(stockAfter).toEqual({ q: "3.000", cost: "1500.00" });
    const [books] = await queryRows<{ ledger: string; stock: string }>(
      t.db,
      sql`select (select sum((debit - credit) * exchange_rate) from ledger_entry where account_type = 'inventory')::numeric(18, 2)::text as ledger,
                 (select sum(quantity * purchase_price) from stock)::numeric(18, 2)::text as stock`,
    );
    expect(books.ledger).toBe(books.stock);
    // The trial balance shows the cashbox's opening cash.
    const tb = await t.call<{ rows: { account: string; debit: string; credit: string }[] }>(
      admin,
      "GET",
      `/api/accounting/trial-balance/?currency=${w.usd}`,
    );
    expect(tb.status).toBe(200);
    expect(tb.body.rows.some((r) => r.account === "opening_balance_equity")).toBe(true);
  });

  it("refuses a repeated batch, negative figures, another branch's cashbox, a future date, and nothing", async () => {
    const doc = await erbilDoc();
    const line = { inventory: w.inv.erbil, item: w.goods[1], batch_number: "R", expire_date: null, quantity: "1", cost: "10" };
    const put = (more: Record<string, unknown>) =>
      t.call<Record<string, string[]>>(admin, "PUT", `${path}${doc.id}/`, { ...bodyOf(doc), ...more });
    const twice = await put({ stock: [line, line] });
    expect(twice.status).toBe(400);
    expect(twice.body["stock[1].item"]).toEqual([MESSAGES.openingStockRepeated]);
    const negative = await put({ stock: [{ ...line, quantity: "-1", cost: "-5" }] });
    expect(negative.status).toBe(400);
    expect(Object.keys(negative.body)).toEqual(expect.arrayContaining(["stock[0].quantity", "stock[0].cost"]));
    const foreign = await put({ cashboxes: [{ cashbox: w.cash.suliIqd, amount: "10" }] });
    expect(foreign.status).toBe(400);
    expect(foreign.body["cashboxes[0].cashbox"]).toEqual([MESSAGES.invalidChoice]);
    const future = await put({ date: "2999-01-01" });
    expect(future.status).toBe(400);
    expect(future.body.input_date).toEqual([MESSAGES.dateInFuture]);
    const empty = await put({ stock: [] });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe(MESSAGES.openingBalanceEmpty);
    const hostile = await put({ stock: "x", cashboxes: [{ cashbox: "'; drop table x" }] });
    expect(hostile.status).toBe(400);
  });

  it("a delete of stock that was sold since is refused and changes nothing", async () => {
    const doc = await erbilDoc();
    const res = await t.call<{ message: string }>(admin, "DELETE", `${path}${doc.id}/`);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(MESSAGES.notEnoughQuantity);
    expect((await t.call(admin, "GET", `${path}${doc.id}/`)).status).toBe(200);
  });
});
