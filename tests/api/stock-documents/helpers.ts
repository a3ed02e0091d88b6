import { and, eq, isNull, sql } from "drizzle-orm";
import { expect } from "vitest";
import { queryRows } from "../../../src/server/db/client";
import { inventory, item } from "../../../src/server/db/tables";
import { applyMovements, findOrCreateStock } from "../../../src/server/modules/stock/stock-ledger";
import { demoBranches, makeUser } from "../master-data/helpers";
import type { TestApp } from "../support/test-app";
import { withTestApp } from "../support/test-lifecycle";

/** A transfer or a damaged-stock document as its endpoint answers it: the fields the tests read. */
export interface StockDocumentAnswer {
  id: number;
  invoice_no: number;
  updated_at: string;
  items: { stock: number; item_name: string; quantity: string }[];
}

/** A row of the transfer and damaged-stock lists. */
export interface StockDocumentRow {
  id: number;
}

/** The two inventories of each demo branch (seed.ts: warehouse and shop floor), by branch id. */
export async function inventoriesOf(t: TestApp, branchId: number): Promise<[number, number]> {
  const rows = await t.db
    .select({ id: inventory.id })
    .from(inventory)
    .where(and(eq(inventory.branchId, branchId), isNull(inventory.deletedAt)))
    .orderBy(inventory.id);
  return [rows[0].id, rows[1].id];
}

/** Some live goods of the demo catalogue. */
export async function someItems(t: TestApp, count: number): Promise<number[]> {
  const rows = await t.db
    .select({ id: item.id })
    .from(item)
    .where(and(eq(item.itemType, 1), isNull(item.deletedAt)))
    .orderBy(item.id)
    .limit(count);
  return rows.map((r) => r.id);
}

/** What a stock-document test file works with: the app, its users, the demo branches, inventories and items. */
export interface StockDocumentContext {
  t: TestApp;
  admin: string;
  cashier: string;
  /** A user of Sulaymaniyah only, with the document's permissions. */
  sulUser: string;
  erbil: number;
  sul: number;
  erbilWarehouse: number;
  erbilShop: number;
  sulWarehouse: number;
  items: number[];
}

/** Sets the file's context up before its tests (handing it to `ready`) and closes the app after them. */
export function withStockDocumentWorld(
  options: { permissions: string[]; itemCount: number },
  ready: (context: StockDocumentContext) => void,
): void {
  withTestApp(async (t) => {
    const { erbil, sulaymaniyah: sul } = await demoBranches(t);
    const [erbilWarehouse, erbilShop] = await inventoriesOf(t, erbil);
    const [sulWarehouse] = await inventoriesOf(t, sul);
    ready({
      t,
      admin: await t.login("admin"),
      cashier: await t.login("cashier"),
      sulUser: await makeUser(t, options.permissions, [sul]),
      erbil,
      sul,
      erbilWarehouse,
      erbilShop,
      sulWarehouse,
      items: await someItems(t, options.itemCount),
    });
  });
}

let batchCounter = 0;

/**
 * A fresh stock row holding `quantity`, put there through the stock ledger (an opening movement), so
 * the test never depends on demo stock or on the purchase module. A unique batch keeps it apart
 * from any other row of the item.
 */
export async function makeStock(
  t: TestApp,
  where: { branchId: number; inventoryId: number; itemId: number },
  quantity: string,
  prices: { purchasePrice?: string; salePrice?: string; batch?: string; expireDate?: string | null } = {},
): Promise<number> {
  batchCounter += 1;
  const batchNumber = prices.batch ?? `T${Date.now().toString(36)}-${batchCounter}`;
  return t.db.transaction(async (tx) => {
    const stockId = await findOrCreateStock(
      tx,
      { ...where, batchNumber, expireDate: prices.expireDate ?? null },
      { purchasePrice: prices.purchasePrice ?? "1000.00", salePrice: prices.salePrice ?? "1500.00" },
    );
    await applyMovements(tx, [{ stockId, quantity }], { documentType: "test_opening", documentId: stockId, userId: 1 });
    return stockId;
  });
}

export async function stockQuantity(t: TestApp, stockId: number): Promise<string> {
  const [row] = await queryRows<{ quantity: string }>(t.db, sql`select quantity::text as quantity from stock where id = ${stockId}`);
  return row.quantity;
}

/** The stock row of an identity in an inventory, if any. */
export async function stockIn(
  t: TestApp,
  inventoryId: number,
  like: number,
): Promise<{ id: number; quantity: string; purchase_price: string; sale_price: string } | undefined> {
  const [row] = await queryRows<{ id: number; quantity: string; purchase_price: string; sale_price: string }>(
    t.db,
    sql`select d.id, d.quantity::text as quantity, d.purchase_price::text as purchase_price, d.sale_price::text as sale_price
        from stock s join stock d on d.item_id = s.item_id and d.batch_number = s.batch_number
          and coalesce(d.expire_date, '') = coalesce(s.expire_date, '') and d.inventory_id = ${inventoryId}
        where s.id = ${like}`,
  );
  return row;
}

/** Every stock row's quantity equals the sum of its movements, and none is negative. */
export async function expectMovementsAddUp(t: TestApp, stockIds: number[]) {
  const rows = await queryRows<{ id: number; quantity: string; moved: string }>(
    t.db,
    sql`select s.id, s.quantity::text as quantity, coalesce(sum(m.quantity), 0)::text as moved
        from stock s left join stock_movement m on m.stock_id = s.id
        where s.id in (${sql.join(
          stockIds.map((id) => sql`${id}`),
          sql`, `,
        )})
        group by s.id, s.quantity`,
  );
  expect(rows.length).toBe(stockIds.length);
  for (const row of rows) {
    expect(Number(row.quantity), `stock ${row.id}`).toBeGreaterThanOrEqual(0);
    expect(Number(row.moved), `stock ${row.id} movements`).toBe(Number(row.quantity));
  }
}
