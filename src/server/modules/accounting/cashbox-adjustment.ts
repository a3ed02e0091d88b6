import { sql } from "drizzle-orm";
import { toIsoDate } from "../../../core/dates";
import { MESSAGES } from "../../../core/messages";
import { isZero, sub, toDecimalString } from "../../../core/money";
import { postCashboxAdjustment } from "../../../core/accounting-posting";
import { cashboxAdjustmentSchema, type CashboxAdjustmentInput } from "../../../core/validation/accounting-document-schemas";
import { queryRows, type Executor } from "../../db/client";
import { badRequest, fieldErrors } from "../../http/errors";
import type { ListSpec } from "../../http/list-engine";
import { invalidChoice } from "../../http/resource";
import { cashboxBalance } from "./cashbox.repository";
import { documentFields, documentTailSelect, type DocValues, type LedgerDocDef } from "./ledger-document";
import { currencyRate } from "./money-document.repository";

/**
 * Cashbox adjustments: a counted balance against the ledger's; the difference (counted -
 * expected) is booked into or out of the cashbox with a reason. The expected balance is read with the
 * cashbox locked when the adjustment is made and kept through edits on the same cashbox, so an edit
 * corrects the count rather than re-measuring later movements. A count is never below zero, so neither is
 * the cashbox after it. An adjustment made by a cashbox count changes only through its count.
 */
export interface AdjustmentValues extends DocValues {
  cashbox_id: number;
  currency_id: number;
  exchange_rate: string;
  expected_balance: string;
  counted_balance: string;
  amount: string;
  reason: string;
}

export const COUNT_REASON = "Cashbox count";

const list: ListSpec = {
  source: sql`cashbox_adjustment d
    join branch b on b.id = d.branch_id
    join cashbox c on c.id = d.cashbox_id
    join currency cu on cu.id = d.currency_id
    left join app_user u on u.id = d.created_by`,
  select: sql`d.id, d.branch_id as branch, b.name as branch_name, d.invoice_no, d.cashbox_id as cashbox, c.name as cashbox_name,
    d.currency_id as currency, cu.code as currency_code, d.expected_balance::text as expected_balance,
    d.counted_balance::text as counted_balance, d.amount::text as amount, d.reason,
    (select cc.id from cashbox_count cc where cc.adjustment_id = d.id) as count_id, ${documentTailSelect}`,
  branch: sql`d.branch_id`,
  currency: sql`d.currency_id`,
  dates: { input_date: sql`d.input_date` },
  fields: {
    ...documentFields,
    cashbox: { sql: sql`d.cashbox_id`, type: "integer" },
    cashbox_name: { sql: sql`c.name`, type: "text" },
    currency_code: { sql: sql`cu.code`, type: "text" },
    expected_balance: { sql: sql`d.expected_balance`, type: "number" },
    counted_balance: { sql: sql`d.counted_balance`, type: "number" },
    amount: { sql: sql`d.amount`, type: "number" },
    reason: { sql: sql`d.reason`, type: "text" },
  },
  search: [sql`c.name`, sql`d.reason`, sql`d.invoice_no::text`, sql`d.note`],
  sums: { amount: sql`d.amount` },
};

/** The rate of a cashbox's currency for its ledger lines ("Please enter exchange rate" when none is recorded). */
export async function cashboxRate(ex: Executor, currencyId: number): Promise<string> {
  const rate = await currencyRate(ex, currencyId);
  const value = rate.isBase ? "1" : rate.latest;
  if (!value) throw fieldErrors({ exchange_rate: [MESSAGES.enterExchangeRate] });
  return value;
}

export const cashboxAdjustment: LedgerDocDef<CashboxAdjustmentInput, AdjustmentValues> = {
  table: "cashbox_adjustment",
  path: "cashbox-adjustment/",
  list,
  schema: cashboxAdjustmentSchema,
  codes: {
    view: ["view_cashboxadjustment"],
    add: ["add_cashboxadjustment"],
    change: ["change_cashboxadjustment"],
    delete: ["delete_cashboxadjustment"],
  },
  columns: {
    branch_id: "int",
    cashbox_id: "int",
    currency_id: "int",
    exchange_rate: "numeric",
    expected_balance: "numeric",
    counted_balance: "numeric",
    amount: "numeric",
    reason: "text",
    input_date: "text",
    note: "text",
  },
  cashboxes: (body, row) => [...(body ? [body.cashbox] : []), ...(row ? [row.cashbox_id] : [])],
  async prepare(tx, auth, body, boxes, existing) {
    const box = boxes.get(body.cashbox);
    if (!box || !auth.branchIds.includes(box.branchId)) throw invalidChoice("cashbox");
    const expected =
      existing && existing.cashbox_id === box.id ? existing.expected_balance : await cashboxBalance(tx, box.id, box.currencyId);
    const amount = sub(body.counted_balance, expected);
    if (isZero(amount)) throw badRequest(MESSAGES.nothingToAdjust);
    return {
      branch_id: box.branchId,
      cashbox_id: box.id,
      currency_id: box.currencyId,
      exchange_rate: await cashboxRate(tx, box.currencyId),
      expected_balance: toDecimalString(expected),
      counted_balance: toDecimalString(body.counted_balance),
      amount: toDecimalString(amount),
      reason: body.reason,
      input_date: body.input_date ?? existing?.input_date ?? toIsoDate(new Date()),
      note: body.note ?? "",
    };
  },
  posting: (v) =>
    postCashboxAdjustment({ currency_id: v.currency_id, exchange_rate: v.exchange_rate, cashbox_id: v.cashbox_id, amount: v.amount }),
  async guard(tx, row) {
    const counts = await queryRows(tx, sql`select 1 from cashbox_count where adjustment_id = ${row.id}`);
    if (counts.length > 0) throw badRequest(MESSAGES.adjustmentOfCount);
  },
};
