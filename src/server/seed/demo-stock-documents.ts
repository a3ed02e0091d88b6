import { and, asc, eq, gte, isNull, ne } from "drizzle-orm";
import { toIsoDate } from "../../core/dates";
import type { Tx } from "../db/client";
import { appUser, branch, damagedStockType, inventory, item, stock } from "../db/tables";
import type { AuthContext } from "../http/access";
import { createDamagedStockTx } from "../modules/stock/damaged-stock.service";
import { approveTransferTx, createTransferTx } from "../modules/stock/transfer.service";

const daysAgo = (days: number) => toIsoDate(new Date(Date.now() - days * 86_400_000));

/**
 * Stock documents of the demo: in each branch, transfers from the warehouse to the shop floor (two
 * approved, one still pending) and two damaged stock write-offs, through the services the API uses,
 * so stock rows, movements and the ledger agree. Runs after the opening stock (demo-stock.ts).
 */
export async function seedDemoStockDocuments(tx: Tx): Promise<void> {
  const [admin] = await tx.select({ id: appUser.id }).from(appUser).where(eq(appUser.username, "admin"));
  const branches = await tx.select({ id: branch.id }).from(branch).orderBy(asc(branch.id));
  if (!admin || branches.length === 0) return;
  const auth: AuthContext = { userId: admin.id, tokenId: 0, isSuperuser: true, permissions: [], branchIds: branches.map((b) => b.id) };
  const types = await tx
    .insert(damagedStockType)
    .values([{ name: "Broken" }, { name: "Expired" }, { name: "Water damage" }].map((t) => ({ ...t, createdBy: admin.id })))
    .returning({ id: damagedStockType.id });

  for (const [branchIndex, b] of branches.entries()) {
    const [warehouse, shopFloor] = await tx
      .select({ id: inventory.id })
      .from(inventory)
      .where(and(eq(inventory.branchId, b.id), isNull(inventory.deletedAt)))
      .orderBy(asc(inventory.id))
      .limit(2);
    if (!warehouse || !shopFloor) continue;
    // Rows with plenty to move, of goods (materials are kept for a sale's extras), in a fixed order.
    const rows = await tx
      .select({ id: stock.id })
      .from(stock)
      .innerJoin(item, eq(item.id, stock.itemId))
      .where(
        and(
          eq(stock.inventoryId, warehouse.id),
          isNull(stock.deletedAt),
          gte(stock.quantity, "20"),
          eq(item.itemType, 1),
          ne(item.isActive, false),
        ),
      )
      .orderBy(asc(stock.id))
      .limit(40);
    if (rows.length < 20) continue;
    const pick = (from: number, count: number, quantity: (k: number) => number) =>
      rows.slice(from, from + count).map((r, k) => ({ stock: r.id, quantity: String(quantity(k)) }));

    for (let n = 0; n < 3; n += 1) {
      const transfer = await createTransferTx(tx, auth, {
        branch: b.id,
        from_inventory: warehouse.id,
        to_inventory: shopFloor.id,
        input_date: daysAgo(20 - n * 7),
        note: n === 2 ? "Waiting for the shop floor to count" : "",
        items: pick(n * 4, 3 + (n % 2), (k) => 2 + ((k + n + branchIndex) % 5)),
      });
      // The latest one waits for approval.
      if (n < 2) await approveTransferTx(tx, transfer.id, auth);
    }

    for (let n = 0; n < 2; n += 1) {
      await createDamagedStockTx(tx, auth, {
        inventory: warehouse.id,
        damaged_stock_type: types[(n + branchIndex) % types.length].id,
        input_date: daysAgo(15 - n * 6),
        note: n === 0 ? "Found in the delivery" : "",
        items: pick(12 + n * 2, 1 + n, (k) => 1 + k),
      });
    }
  }
}
