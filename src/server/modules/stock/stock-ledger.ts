import { and, eq, sql } from "drizzle-orm";
import { MESSAGES } from "../../../core/messages";
import { add, isZero, negate, QUANTITY_SCALE, toDecimalString, type Money } from "../../../core/money";
import { movementValue, moved as movedRow, unitCost, type ValuedRow } from "../../../core/stock-valuation";
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
  /**
   * The signed value at cost it moves, in the base currency, when the document says it (what a purchase line
   * or opening stock brings, a sale return's sold value, a reversal). Without it, stock going out takes its
   * value by the average (core stock-valuation).
   */
  value?: string;
  /** Comes in worth exactly what the movement at this index (earlier in the same call) took out: a transfer's target. */
  valueFrom?: number;
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
 * Applies movements and records each with the value at cost it moved (core stock-valuation), in two
 * statements whatever the number of lines: the rows are locked in stock-id order and read (a fixed lock
 * order, so two documents touching the same rows cannot deadlock), then updated and their movements
 * inserted by one statement. The values are worked out in the order given, each movement on the row as the
 * ones before it left it. Throws "No enough quantity available" when one would go below zero; the caller's
 * transaction then rolls back. Answers the signed value each movement moved (+ in, - out), in order.
 */
export async function applyMovements(
  tx: Tx,
  movements: readonly Movement[],
  source: MovementSource,
  /** The caller already locked these rows in id order (see the sale's findStockRows): locking again waits for nothing. */
  _options: { rowsLocked?: boolean } = {},
): Promise<string[]> {
  if (movements.length === 0) return [];
  const ids = [...new Set(movements.map((m) => m.stockId))].sort((a, b) => a - b);
  const rows = await queryRowsPrepared<{ id: number; quantity: string; cost_value: string; purchase_price: string }>(
    tx,
    sql`select id, quantity::text as quantity, cost_value::text as cost_value, purchase_price::text as purchase_price
        from stock where id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )}) order by id for update`,
  );
  const running = new Map<number, ValuedRow>(rows.map((r) => [r.id, { quantity: r.quantity, value: r.cost_value }]));
  const prices = new Map(rows.map((r) => [r.id, r.purchase_price]));
  const values: string[] = [];
  const merged = new Map<number, { quantity: Money; value: Money }>();
  movements.forEach((m) => {
    const row = running.get(m.stockId) ?? { quantity: "0", value: "0" };
    const given = m.valueFrom != null ? toDecimalString(negate(values[m.valueFrom] ?? "0")) : (m.value ?? null);
    const value = movementValue(row, m.quantity, given, prices.get(m.stockId) ?? "0");
    values.push(value);
    running.set(m.stockId, movedRow(row, m.quantity, value));
    const previous = merged.get(m.stockId);
    // Decimal sums (money.ts): float addition would turn 0.1 + 0.2 into 0.30000000000000004.
    merged.set(m.stockId, { quantity: add(previous?.quantity ?? 0, m.quantity), value: add(previous?.value ?? 0, value) });
  });
  const deltas = sql.join(
    ids.map((id) => {
      const change = merged.get(id) ?? { quantity: add(0, 0), value: add(0, 0) };
      const after = running.get(id) ?? { quantity: "0", value: "0" };
      // The unit cost follows the average while the row holds stock; an emptied row keeps its last one.
      const price = unitCost(after.value, after.quantity) ?? prices.get(id) ?? "0";
      return sql`(${id}::integer, ${toDecimalString(change.quantity, QUANTITY_SCALE)}::numeric, ${toDecimalString(change.value)}::numeric, ${price}::numeric)`;
    }),
    sql`, `,
  );
  // The zero check is the UPDATE's own condition, evaluated on the locked row.
  const updated = await queryRowsPrepared<{ stock_id: number }>(
    tx,
    sql`with delta(stock_id, quantity, value, price) as (values ${deltas}),
        moved as (
          update stock s set quantity = s.quantity + d.quantity, cost_value = s.cost_value + d.value, purchase_price = d.price,
                 updated_at = now(), sync_version = ${nextSyncVersion}, xact_id = ${currentXact}
          from delta d
          where s.id = d.stock_id and s.quantity + d.quantity >= 0
          returning s.id, s.branch_id, s.inventory_id, s.item_id, s.quantity as balance, d.quantity, d.value)
        insert into stock_movement (branch_id, inventory_id, stock_id, item_id, quantity, balance_after, value, document_type, document_id, created_by)
        select branch_id, inventory_id, id, item_id, quantity, balance, value, ${source.documentType}, ${source.documentId}, ${source.userId}
        from moved order by id
        returning stock_id`,
  );
  if (updated.length !== ids.length) throw badRequest(MESSAGES.notEnoughQuantity);
  return values;
}

/**
 * Undoes every movement a document made (for an edit or a delete), with the same zero check: each stock row
 * gets back exactly the quantity and the value at cost the document moved, as its posting is undone exactly.
 */
export async function reverseMovements(tx: Tx, source: MovementSource): Promise<void> {
  const rows = await tx
    .select({ stockId: stockMovement.stockId, quantity: stockMovement.quantity, value: stockMovement.value })
    .from(stockMovement)
    .where(and(eq(stockMovement.documentType, source.documentType), eq(stockMovement.documentId, source.documentId)));
  const net = new Map<number, { quantity: Money; value: Money }>();
  for (const r of rows) {
    const previous = net.get(r.stockId);
    net.set(r.stockId, { quantity: add(previous?.quantity ?? 0, r.quantity), value: add(previous?.value ?? 0, r.value) });
  }
  const reversal = [...net]
    .filter(([, n]) => !isZero(n.quantity) || !isZero(n.value))
    .map(([stockId, n]) => ({
      stockId,
      quantity: toDecimalString(negate(n.quantity), QUANTITY_SCALE),
      value: toDecimalString(negate(n.value)),
    }));
  await applyMovements(tx, reversal, source);
}
