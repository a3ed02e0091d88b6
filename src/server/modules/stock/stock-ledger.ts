import { and, eq, sql } from "drizzle-orm";
import { MESSAGES } from "../../../core/messages";
import { add, isZero, negate, QUANTITY_SCALE, toDecimalString, type Money } from "../../../core/money";
import { queryRowsPrepared, type Tx } from "../../db/client";
import { currentXact, nextSyncVersion } from "../../db/schema/columns";
import { stockMovement } from "../../db/tables";
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
export async function findOrCreateStock(
  tx: Tx,
  identity: StockIdentity,
  prices?: { purchasePrice?: string; salePrice?: string },
): Promise<number> {
  const inserted = await queryRowsPrepared<{ id: number }>(
    tx,
    sql`insert into stock (branch_id, inventory_id, item_id, batch_number, expire_date, purchase_price, sale_price)
        values (${identity.branchId}, ${identity.inventoryId}, ${identity.itemId}, ${identity.batchNumber}, ${identity.expireDate},
                ${prices?.purchasePrice ?? "0"}, ${prices?.salePrice ?? "0"})
        on conflict (inventory_id, item_id, batch_number, coalesce(expire_date, '')) do nothing
        returning id`,
  );
  if (inserted[0]) return inserted[0].id;
  const [row] = await queryRowsPrepared<{ id: number }>(
    tx,
    sql`select id from stock where inventory_id = ${identity.inventoryId} and item_id = ${identity.itemId}
        and batch_number = ${identity.batchNumber} and coalesce(expire_date, '') = coalesce(${identity.expireDate}::text, '')`,
  );
  return row.id;
}

/**
 * Applies movements and records each, in two statements whatever the number of lines: the rows are
 * locked in stock-id order first (a fixed lock order, so two documents touching the same rows
 * cannot deadlock), then updated and their movements inserted by one statement. Throws "No enough
 * quantity available" when one would go below zero; the caller's transaction then rolls back.
 */
export async function applyMovements(
  tx: Tx,
  movements: readonly Movement[],
  source: MovementSource,
  /** The caller already locked these rows in id order (see the sale's findStockRows). */
  options: { rowsLocked?: boolean } = {},
): Promise<void> {
  const merged = new Map<number, string>();
  for (const m of movements) {
    const previous = merged.get(m.stockId);
    // Decimal sums (money.ts): float addition would turn 0.1 + 0.2 into 0.30000000000000004.
    merged.set(m.stockId, previous === undefined ? m.quantity : toDecimalString(add(previous, m.quantity), QUANTITY_SCALE));
  }
  if (merged.size === 0) return;
  const ids = [...merged.keys()].sort((a, b) => a - b);
  // One row needs no ordering: its update takes the lock itself.
  if (ids.length > 1 && !options.rowsLocked) {
    await queryRowsPrepared(
      tx,
      sql`select id from stock where id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )}) order by id for update`,
    );
  }
  const deltas = sql.join(
    ids.map((id) => sql`(${id}::integer, ${merged.get(id)}::numeric)`),
    sql`, `,
  );
  // The zero check is the UPDATE's own condition, evaluated on the locked row.
  const moved = await queryRowsPrepared<{ stock_id: number }>(
    tx,
    sql`with delta(stock_id, quantity) as (values ${deltas}),
        moved as (
          update stock s set quantity = s.quantity + d.quantity, updated_at = now(),
                 sync_version = ${nextSyncVersion}, xact_id = ${currentXact}
          from delta d
          where s.id = d.stock_id and s.quantity + d.quantity >= 0
          returning s.id, s.branch_id, s.inventory_id, s.item_id, s.quantity as balance, d.quantity)
        insert into stock_movement (branch_id, inventory_id, stock_id, item_id, quantity, balance_after, document_type, document_id, created_by)
        select branch_id, inventory_id, id, item_id, quantity, balance, ${source.documentType}, ${source.documentId}, ${source.userId}
        from moved order by id
        returning stock_id`,
  );
  if (moved.length !== ids.length) throw badRequest(MESSAGES.notEnoughQuantity);
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
