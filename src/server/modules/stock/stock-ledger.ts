import { and, eq, sql } from "drizzle-orm";
import { MESSAGES } from "../../../core/messages";
import { add, isZero, negate, QUANTITY_SCALE, toDecimalString, type Money } from "../../../core/money";
import { queryRows, type Tx } from "../../db/client";
import { currentXact, nextSyncVersion } from "../../db/schema/columns";
import { stock, stockMovement } from "../../db/tables";
import { badRequest } from "../../http/errors";

/**
 * The one way stock changes (DESIGN section 3): a movement per change, the quantity never below
 * zero. The check is the UPDATE's own condition, evaluated on the locked row, so two tablets
 * selling the last unit at once cannot both succeed: the second waits for the first's lock, then
 * finds the quantity gone and changes nothing.
 */
export interface Movement {
  stockId: number;
  /** Signed: + in, - out (decimal string). */
  quantity: string;
}

export interface MovementSource {
  documentType: string;
  documentId: number;
  userId: number;
}

export interface StockIdentity {
  branchId: number;
  inventoryId: number;
  itemId: number;
  batchNumber: string;
  expireDate: string | null;
}

/** The stock row of (inventory, item, batch, expiry), created empty when absent. */
export async function findOrCreateStock(tx: Tx, identity: StockIdentity, prices?: { purchasePrice?: string; salePrice?: string }): Promise<number> {
  const inserted = await queryRows<{ id: number }>(
    tx,
    sql`insert into stock (branch_id, inventory_id, item_id, batch_number, expire_date, purchase_price, sale_price)
        values (${identity.branchId}, ${identity.inventoryId}, ${identity.itemId}, ${identity.batchNumber}, ${identity.expireDate},
                ${prices?.purchasePrice ?? "0"}, ${prices?.salePrice ?? "0"})
        on conflict (inventory_id, item_id, batch_number, coalesce(expire_date, '')) do nothing
        returning id`,
  );
  if (inserted[0]) return inserted[0].id;
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`select id from stock where inventory_id = ${identity.inventoryId} and item_id = ${identity.itemId}
        and batch_number = ${identity.batchNumber} and coalesce(expire_date, '') = coalesce(${identity.expireDate}::text, '')`,
  );
  return row.id;
}

/**
 * Applies movements in stock-id order (a fixed lock order, so two documents touching the same rows
 * cannot deadlock) and records each. Throws "No enough quantity available" when one would go
 * below zero; the caller's transaction then rolls everything back.
 */
export async function applyMovements(tx: Tx, movements: readonly Movement[], source: MovementSource): Promise<void> {
  const merged = new Map<number, string>();
  for (const m of movements) {
    const previous = merged.get(m.stockId);
    // Decimal sums (money.ts): float addition would turn 0.1 + 0.2 into 0.30000000000000004.
    merged.set(m.stockId, previous === undefined ? m.quantity : toDecimalString(add(previous, m.quantity), QUANTITY_SCALE));
  }
  for (const stockId of [...merged.keys()].sort((a, b) => a - b)) {
    const delta = merged.get(stockId)!;
    const [row] = await queryRows<{ quantity: string; branch_id: number; inventory_id: number; item_id: number }>(
      tx,
      sql`update stock set quantity = quantity + ${delta}::numeric, updated_at = now(),
            sync_version = ${nextSyncVersion}, xact_id = ${currentXact}
          where id = ${stockId} and quantity + ${delta}::numeric >= 0
          returning quantity::text as quantity, branch_id, inventory_id, item_id`,
    );
    if (!row) throw badRequest(MESSAGES.notEnoughQuantity);
    await tx.insert(stockMovement).values({
      branchId: row.branch_id,
      inventoryId: row.inventory_id,
      stockId,
      itemId: row.item_id,
      quantity: delta,
      balanceAfter: row.quantity,
      documentType: source.documentType,
      documentId: source.documentId,
      createdBy: source.userId,
    });
  }
}

/** Undoes every movement a document made (for an edit or a delete), with the same zero check. */
export async function reverseMovements(tx: Tx, source: MovementSource): Promise<void> {
  const rows = await tx
    .select({ stockId: stockMovement.stockId, quantity: stockMovement.quantity })
    .from(stockMovement)
    .where(and(eq(stockMovement.documentType, source.documentType), eq(stockMovement.documentId, source.documentId)));
  const net = new Map<number, Money>();
  for (const r of rows) net.set(r.stockId, add(net.get(r.stockId) ?? 0, r.quantity));
  const reversal = [...net]
    .filter(([, q]) => !isZero(q))
    .map(([stockId, q]) => ({ stockId, quantity: toDecimalString(negate(q), QUANTITY_SCALE) }));
  await applyMovements(tx, reversal, source);
}

