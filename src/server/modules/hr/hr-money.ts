import type { AuthContext } from "../../http/access";
import { MESSAGES } from "../../../core/messages";
import type { Db, Tx } from "../../db/client";
import { fieldErrors, notFound, staleRecord } from "../../http/errors";
import { invalidChoice } from "../../http/resource";
import { lockCashboxes, type CashboxRow } from "../accounting/cashbox.repository";
import { currencyRate } from "../accounting/money-document.repository";

/**
 * The cashbox an HR document pays from, locked (with the one it paid from before, on an edit, in id
 * order): it must be the document's branch's; the rate is its currency's latest (1 for the base).
 */
export async function lockPayingCashbox(
  tx: Tx,
  auth: AuthContext,
  branchId: number,
  cashboxId: number,
  previousCashboxId: number | null,
): Promise<{ box: CashboxRow; boxes: Map<number, CashboxRow>; exchangeRate: string }> {
  if (!auth.branchIds.includes(branchId)) throw invalidChoice("branch");
  const boxes = await lockCashboxes(tx, auth, previousCashboxId ? [cashboxId, previousCashboxId] : [cashboxId]);
  const box = boxes.get(cashboxId);
  if (!box || box.branchId !== branchId) throw invalidChoice("cashbox");
  const rate = await currencyRate(tx, box.currencyId);
  const exchangeRate = rate.isBase ? "1" : rate.latest;
  if (!exchangeRate) throw fieldErrors({ exchange_rate: [MESSAGES.enterExchangeRate] });
  return { box, boxes, exchangeRate };
}

/** 423 when the client edited an older version than the stored one (it sends the updated_at it loaded). */
export function assertSameVersion(stored: Date | string, sent: unknown): void {
  if (typeof sent === "string" && sent !== "" && new Date(stored).getTime() !== new Date(sent).getTime()) throw staleRecord();
}

interface DocumentRow {
  branch_id: number;
  updated_at: Date | string;
}

/** The locked row when the caller may see it; another branch's or an absent one is 404. */
export function visibleRow<Row extends DocumentRow>(row: Row | null, auth: AuthContext): Row {
  if (!row || !auth.branchIds.includes(row.branch_id)) throw notFound();
  return row;
}

/**
 * An edit of an HR money document, in one transaction: the row locked and visible, not stale (423),
 * validated in its own branch (its number is the branch's), rewritten, then read back.
 */
export async function editDocument<Row extends DocumentRow, Body, Out>(
  db: Db,
  auth: AuthContext,
  payload: Record<string, unknown>,
  steps: {
    lock: (tx: Tx) => Promise<Row | null>;
    validate: (payload: unknown) => Promise<Body>;
    write: (tx: Tx, body: Body, row: Row) => Promise<unknown>;
    read: (tx: Tx) => Promise<Out>;
  },
): Promise<Out> {
  return db.transaction(async (tx) => {
    const row = visibleRow(await steps.lock(tx), auth);
    assertSameVersion(row.updated_at, payload.updated_at);
    await steps.write(tx, await steps.validate({ ...payload, branch: row.branch_id }), row);
    return steps.read(tx);
  });
}
