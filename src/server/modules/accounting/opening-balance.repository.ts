import { eq, sql } from "drizzle-orm";
import { queryRows, type Executor, type Tx } from "../../db/client";
import { openingBalanceMoney, openingBalanceStock, stock } from "../../db/tables";
import { touched } from "../../http/resource";

/** The table, ledger and stock document type, and numbering key of opening balances. */
export const OPENING_BALANCE = "opening_balance";

export interface OpeningHeaderRow {
  id: number;
  branch_id: number;
  input_date: string;
  updated_at: Date | string;
}

export type OpeningMoneyRow = Omit<typeof openingBalanceMoney.$inferInsert, "id">;
export type OpeningStockRow = Omit<typeof openingBalanceStock.$inferInsert, "id">;

/** The document, locked until the transaction ends (edits and deletes of it run one at a time). */
export async function lockOpeningBalance(tx: Tx, id: number): Promise<OpeningHeaderRow | null> {
  const [row] = await queryRows<OpeningHeaderRow>(
    tx,
    sql`select id, branch_id, input_date, updated_at from opening_balance where id = ${id} for update`,
  );
  return row ?? null;
}

/** The cashboxes a stored document names (read before they are locked: cashboxes come first in the lock order). */
export async function storedCashboxes(ex: Executor, id: number): Promise<number[]> {
  const rows = await queryRows<{ cashbox_id: number }>(
    ex,
    sql`select cashbox_id from opening_balance_money where opening_balance_id = ${id} and cashbox_id is not null`,
  );
  return rows.map((r) => r.cashbox_id);
}

/**
 * Serialises the opening balances of one branch (a transaction-scoped lock), so two first ones keyed at
 * once cannot both pass the one-per-branch check; then answers the branch's other document, if any.
 */
export async function otherOpeningBalance(tx: Tx, branchId: number, exceptId: number | null): Promise<number | null> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${OPENING_BALANCE}), ${branchId})`);
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`select id from opening_balance where branch_id = ${branchId} and id is distinct from ${exceptId}`,
  );
  return row?.id ?? null;
}

export async function insertOpeningBalance(
  tx: Tx,
  v: { branchId: number; inputDate: string; note: string; formToken: string | null; userId: number },
): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`insert into opening_balance (branch_id, invoice_no, input_date, note, form_token, created_by)
        values (${v.branchId}, 0, ${v.inputDate}, ${v.note}, ${v.formToken}, ${v.userId}) returning id`,
  );
  return row.id;
}

export async function updateOpeningBalance(tx: Tx, id: number, v: { branchId: number; inputDate: string; note: string }) {
  await tx.execute(
    sql`update opening_balance set branch_id = ${v.branchId}, input_date = ${v.inputDate}, note = ${v.note}, updated_at = now()
        where id = ${id}`,
  );
}

/** Replaces a document's lines (an edit writes them whole). */
export async function writeOpeningLines(tx: Tx, id: number, money: OpeningMoneyRow[], stockLines: OpeningStockRow[]) {
  await tx.delete(openingBalanceMoney).where(eq(openingBalanceMoney.openingBalanceId, id));
  await tx.delete(openingBalanceStock).where(eq(openingBalanceStock.openingBalanceId, id));
  if (money.length) await tx.insert(openingBalanceMoney).values(money);
  if (stockLines.length) await tx.insert(openingBalanceStock).values(stockLines);
}

export async function deleteOpeningBalanceRow(tx: Tx, id: number): Promise<void> {
  await tx.execute(sql`delete from opening_balance where id = ${id}`);
}

/** An opening line sets its stock row's unit cost (base currency), as a purchase does; the sale price stays. */
export async function setStockCost(tx: Tx, stockId: number, cost: string): Promise<void> {
  await tx
    .update(stock)
    .set({ purchasePrice: cost, ...touched() })
    .where(eq(stock.id, stockId));
}

/** The net quantity each stock row holds from the document's movements. */
export async function movedByStock(ex: Executor, id: number): Promise<Map<number, string>> {
  const rows = await queryRows<{ stock_id: number; quantity: string }>(
    ex,
    sql`select stock_id, sum(quantity)::text as quantity from stock_movement
        where document_type = ${OPENING_BALANCE} and document_id = ${id} group by stock_id`,
  );
  return new Map(rows.map((r) => [r.stock_id, r.quantity]));
}

/** The live inventories of a branch among `ids`. */
export async function branchInventories(ex: Executor, branchId: number, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await queryRows<{ id: number }>(
    ex,
    sql`select id from inventory where branch_id = ${branchId} and deleted_at is null
        and id in (${sql.join(
          ids.map((i) => sql`${i}`),
          sql`, `,
        )})`,
  );
  return new Set(rows.map((r) => r.id));
}

/** The live currencies among `ids`. */
export async function liveCurrencies(ex: Executor, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await queryRows<{ id: number }>(
    ex,
    sql`select id from currency where deleted_at is null and id in (${sql.join(
      ids.map((i) => sql`${i}`),
      sql`, `,
    )})`,
  );
  return new Set(rows.map((r) => r.id));
}

/** The base currency's id. */
export async function baseCurrencyId(ex: Executor): Promise<number> {
  const [row] = await queryRows<{ id: number }>(ex, sql`select id from currency where is_base limit 1`);
  return row.id;
}

/** The sale price a new stock row of each item starts with (the item's own, as the items screen sets it). */
export async function itemSalePrices(ex: Executor, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await queryRows<{ id: number; sale_price: string }>(
    ex,
    sql`select id, sale_price::text as sale_price from item where id in (${sql.join(
      ids.map((i) => sql`${i}`),
      sql`, `,
    )})`,
  );
  return new Map(rows.map((r) => [r.id, r.sale_price]));
}
