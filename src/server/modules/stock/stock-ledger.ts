import { and, eq, sql } from "drizzle-orm";
import { MESSAGES } from "../../../core/messages";
import { add, isPositive, isZero, negate, QUANTITY_SCALE, sum, toDecimalString, type Money } from "../../../core/money";
import { unitCost, valueMoved } from "../../../core/stock-valuation";
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
   * What an incoming movement brings at cost, in the base currency (a purchase line, a return at its sold
   * cost). Without it stock comes in at the row's unit cost; stock going out always takes its value by the
   * rule of core stock-valuation.
   */
  value?: string;
  /** An incoming movement worth exactly what this same call takes out of that stock row (a transfer's target). */
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
 * Applies movements and records each, with the value at cost each moves (core stock-valuation), in three
 * statements whatever the number of lines: the rows are locked in stock-id order and read (a fixed lock order,
 * so two documents touching the same rows cannot deadlock), then updated and their movements inserted by one
 * statement. Throws "No enough quantity available" when one would go below zero; the caller's transaction then
 * rolls back. Answers the signed value moved per stock row and in all (+ in, - out).
 */
export async function applyMovements(
  tx: Tx,
  movements: readonly Movement[],
  source: MovementSource,
  /** The caller already locked these rows in id order (see the sale's findStockRows); the read locks nothing new. */
  _options: { rowsLocked?: boolean } = {},
): Promise<MovedValue> {
  const merged = new Map<number, { quantity: string; value: Money | null; valueFrom: number | null }>();
  for (const m of movements) {
    const previous = merged.get(m.stockId);
    // Decimal sums (money.ts): float addition would turn 0.1 + 0.2 into 0.30000000000000004.
    const value = m.value == null ? (previous?.value ?? null) : add(previous?.value ?? 0, m.value);
    merged.set(m.stockId, {
      quantity: previous === undefined ? m.quantity : toDecimalString(add(previous.quantity, m.quantity), QUANTITY_SCALE),
      value,
      valueFrom: m.valueFrom ?? previous?.valueFrom ?? null,
    });
  }
  const moved: MovedValue = { byStock: new Map(), total: "0.00" };
  if (merged.size === 0) return moved;
  const ids = [...merged.keys()].sort((a, b) => a - b);
  const rows = await queryRowsPrepared<{ id: number; quantity: string; cost_value: string; purchase_price: string }>(
    tx,
    sql`select id, quantity::text as quantity, cost_value::text as cost_value, purchase_price::text as purchase_price
        from stock where id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )}) order by id for update`,
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  const valueOfRow = (id: number, seen: number): string => {
    const change = merged.get(id);
    const row = byId.get(id);
    if (!change || !row) return "0.00";
    const cached = moved.byStock.get(id);
    if (cached !== undefined) return cached;
    // A transfer's target is worth what its source gives up (computed first, whatever the ids' order).
    const valueIn = change.valueFrom != null && seen < 2 ? toDecimalString(negate(valueOfRow(change.valueFrom, seen + 1))) : change.value;
    const value = valueMoved(
      { quantity: row.quantity, value: row.cost_value, fallbackUnitCost: row.purchase_price },
      change.quantity,
      valueIn,
    );
    moved.byStock.set(id, value);
    return value;
  };
  for (const id of ids) valueOfRow(id, 0);
  moved.total = toDecimalString(sum([...moved.byStock.values()]));
  const deltas = sql.join(
    ids.map((id) => {
      const row = byId.get(id);
      const change = merged.get(id);
      const value = moved.byStock.get(id) ?? "0.00";
      // The unit cost follows the value while the row holds stock; an emptied row keeps its last one.
      const price = row && change ? (unitCost(add(row.cost_value, value), add(row.quantity, change.quantity)) ?? row.purchase_price) : "0";
      return sql`(${id}::integer, ${change?.quantity}::numeric, ${value}::numeric, ${price}::numeric)`;
    }),
    sql`, `,
  );
  // The zero check is the UPDATE's own condition, evaluated on the locked row.
  const updated = await queryRowsPrepared<{ stock_id: number }>(
    tx,
    sql`with delta(stock_id, quantity, value, price) as (values ${deltas}),
        moved as (
          update stock s set quantity = s.quantity + d.quantity, cost_value = s.cost_value + d.value,
                 purchase_price = d.price,
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
  return moved;
}

/** The value at cost a call of applyMovements moved, signed (+ in, - out), per stock row and in all. */
export interface MovedValue {
  byStock: Map<number, string>;
  total: string;
}

/**
 * Undoes every movement a document made (for an edit or a delete), with the same zero check: what it took out
 * comes back at the value it took, what it brought in goes out by the rule (a revaluation, settleInventoryValue,
 * posts any difference from the ledger's exact reversal).
 */
export async function reverseMovements(tx: Tx, source: MovementSource): Promise<MovedValue> {
  const rows = await tx
    .select({ stockId: stockMovement.stockId, quantity: stockMovement.quantity, value: stockMovement.value })
    .from(stockMovement)
    .where(and(eq(stockMovement.documentType, source.documentType), eq(stockMovement.documentId, source.documentId)));
  const net = new Map<number, { quantity: Money; value: Money }>();
  for (const r of rows) {
    const previous = net.get(r.stockId) ?? { quantity: add(0, 0), value: add(0, 0) };
    net.set(r.stockId, { quantity: add(previous.quantity, r.quantity), value: add(previous.value, r.value) });
  }
  const reversal = [...net]
    .filter(([, n]) => !isZero(n.quantity))
    .map(([stockId, n]) => ({
      stockId,
      quantity: toDecimalString(negate(n.quantity), QUANTITY_SCALE),
      ...(isPositive(n.quantity) ? {} : { value: toDecimalString(negate(n.value)) }),
    }));
  return applyMovements(tx, reversal, source);
}
