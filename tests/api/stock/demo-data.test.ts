import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../../src/server/db/client";
import type { Paged } from "../../../src/core/api-types";
import { startTestApp, type TestApp } from "../support/test-app";

/**
 * The demo business a fresh database gets: opening stock for every active goods item in
 * both branches' warehouses, and stock transfers (approved and pending) and damaged stock made
 * through the services the API uses, so stock rows, movements and the ledger add up.
 */

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login("admin");
});
afterAll(async () => {
  await t?.close();
});

describe("demo data", () => {
  it("every active goods item has stock in both warehouses", async () => {
    const warehouses = await queryRows<{ id: number }>(
      t.db,
      sql`select id from inventory where name like '% warehouse' and deleted_at is null order by id`,
    );
    expect(warehouses).toHaveLength(2);
    const missing = await queryRows<{ item: number; inventory: number }>(
      t.db,
      sql`select i.id as item, w.id as inventory from item i cross join inventory w
          where i.item_type = 1 and i.is_active and i.deleted_at is null and w.name like '% warehouse' and w.deleted_at is null
            and not exists (select 1 from stock s where s.item_id = i.id and s.inventory_id = w.id and s.quantity > 0 and s.deleted_at is null)`,
    );
    expect(missing).toEqual([]);
  });

  it("has approved and pending transfers and damaged stock, readable through the API", async () => {
    const transfers = await t.call<Paged<{ id: number; approved: boolean }>>(admin, "GET", "/api/inventory-stock-transfer/?page_size=200");
    expect(transfers.status).toBe(200);
    expect(transfers.body.results.some((r) => r.approved)).toBe(true);
    expect(transfers.body.results.some((r) => !r.approved)).toBe(true);
    const branches = await queryRows<{ n: number }>(t.db, sql`select count(distinct branch_id)::int as n from inventory_stock_transfer`);
    expect(branches[0].n).toBe(2);
    const damaged = await t.call<Paged<{ id: number }>>(admin, "GET", "/api/damaged-stock/?page_size=200");
    expect(damaged.status).toBe(200);
    expect(damaged.body.count).toBeGreaterThanOrEqual(2);
    const one = await t.call<{ items: unknown[]; damaged_stock_type_name?: string }>(
      admin,
      "GET",
      `/api/damaged-stock/${damaged.body.results[0].id}/`,
    );
    expect(one.body.items.length).toBeGreaterThan(0);
  });

  it("stock movements and the ledger add up", async () => {
    // Every stock row holds what its movements say, never below zero.
    const off = await queryRows<{ id: number }>(
      t.db,
      sql`select s.id from stock s left join stock_movement m on m.stock_id = s.id
          group by s.id, s.quantity having s.quantity < 0 or s.quantity <> coalesce(sum(m.quantity), 0)`,
    );
    expect(off).toEqual([]);
    // Approved transfers moved stock out and in (net zero per transfer); pending ones moved nothing.
    const moves = await queryRows<{ approved: boolean; n: number; net: string }>(
      t.db,
      sql`select t.approved, count(m.id)::int as n, coalesce(sum(m.quantity), 0)::text as net
          from inventory_stock_transfer t left join stock_movement m on m.document_type = 'inventory_stock_transfer' and m.document_id = t.id
          group by t.id, t.approved`,
    );
    for (const m of moves) {
      if (m.approved) expect(m.n).toBeGreaterThan(0);
      else expect(m.n).toBe(0);
      expect(Number(m.net)).toBe(0);
    }
    // Each damaged stock document took stock out and posted a balanced loss.
    const damage = await queryRows<{ id: number; moved: string; debit: string; credit: string }>(
      t.db,
      sql`select d.id,
            (select coalesce(sum(m.quantity), 0) from stock_movement m where m.document_type = 'damaged_stock' and m.document_id = d.id)::text as moved,
            (select coalesce(sum(e.debit), 0) from ledger_entry e where e.document_type = 'damaged_stock' and e.document_id = d.id)::text as debit,
            (select coalesce(sum(e.credit), 0) from ledger_entry e where e.document_type = 'damaged_stock' and e.document_id = d.id)::text as credit
          from damaged_stock d`,
    );
    expect(damage.length).toBeGreaterThanOrEqual(2);
    for (const d of damage) {
      expect(Number(d.moved)).toBeLessThan(0);
      expect(Number(d.debit)).toBeGreaterThan(0);
      expect(d.debit).toBe(d.credit);
    }
    // The opening stock is in the books: the ledger's inventory, in the base currency at the booked
    // rates, equals the stock's value at cost.
    const [books] = await queryRows<{ ledger: string; stock: string }>(
      t.db,
      sql`select (select coalesce(sum((debit - credit) * exchange_rate), 0) from ledger_entry where account_type = 'inventory')::numeric(18, 2)::text as ledger,
                 (select coalesce(sum(quantity * purchase_price), 0) from stock)::numeric(18, 2)::text as stock`,
    );
    expect(books.ledger).toBe(books.stock);
    // The whole ledger balances per currency.
    const unbalanced = await queryRows<{ currency_id: number }>(
      t.db,
      sql`select currency_id from ledger_entry group by currency_id having sum(debit) <> sum(credit)`,
    );
    expect(unbalanced).toEqual([]);
  });
});
