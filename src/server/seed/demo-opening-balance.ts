import type { Tx } from "../db/client";
import type { AuthContext } from "../http/access";
import { queryRows } from "../db/client";
import { sql } from "drizzle-orm";
import { readOpeningBalance } from "../modules/accounting/opening-balance.routes";
import { createOpeningBalanceTx, updateOpeningBalanceTx } from "../modules/accounting/opening-balance.service";

export interface DemoStockLine {
  inventory: number;
  item: number;
  batch_number: string;
  expire_date: string | null;
  quantity: string;
  cost: string;
}

interface StoredStockLine extends DemoStockLine {
  [key: string]: unknown;
}

/**
 * The demo's opening stock enters as each branch's opening balance document, through the API's own
 * service, so the ledger's inventory equals the stock's value at cost: the first call for a branch
 * creates the document, a later one (the report alerts' batches) adds its lines to it.
 */
export async function addDemoOpeningStock(tx: Tx, auth: AuthContext, branchId: number, date: string, lines: DemoStockLine[]) {
  if (lines.length === 0) return;
  const [existing] = await queryRows<{ id: number }>(tx, sql`select id from opening_balance where branch_id = ${branchId}`);
  if (!existing) {
    await createOpeningBalanceTx(tx, auth, { branch: branchId, input_date: date, note: "Opening stock", stock: lines }, null);
    return;
  }
  const current = await readOpeningBalance(tx, existing.id, auth);
  const stored = (current.stock as StoredStockLine[]).map(({ inventory, item, batch_number, expire_date, quantity, cost }) => ({
    inventory,
    item,
    batch_number,
    expire_date,
    quantity,
    cost,
  }));
  await updateOpeningBalanceTx(tx, auth, existing.id, {
    branch: branchId,
    input_date: current.input_date,
    note: current.note,
    stock: [...stored, ...lines],
  });
}
