import { sql } from "drizzle-orm";
import { toIsoDate } from "../../../core/dates";
import { toDecimalString } from "../../../core/money";
import { postCapital, type CapitalDirection } from "../../../core/accounting-posting";
import { capitalSchema, type CapitalInput } from "../../../core/validation/accounting-document-schemas";
import { queryRows } from "../../db/client";
import type { ListSpec } from "../../http/list-engine";
import { invalidChoice } from "../../http/resource";
import { cashboxRate } from "./cashbox-adjustment";
import { documentFields, documentTailSelect, type DocValues, type LedgerDocDef } from "./ledger-document";

/**
 * Capital: money put into ("in") or drawn from ("out") the business through a cashbox of the
 * branch, by partner where one is named (the capital account is per partner, or none). A drawing never
 * takes the cashbox below zero, nor does undoing money put in that was spent since.
 */
interface CapitalValues extends DocValues {
  direction: CapitalDirection;
  partner_id: number | null;
  cashbox_id: number;
  currency_id: number;
  exchange_rate: string;
  amount: string;
}

const list: ListSpec = {
  source: sql`capital d
    join branch b on b.id = d.branch_id
    join cashbox c on c.id = d.cashbox_id
    join currency cu on cu.id = d.currency_id
    left join partner p on p.id = d.partner_id
    left join app_user u on u.id = d.created_by`,
  select: sql`d.id, d.branch_id as branch, b.name as branch_name, d.invoice_no, d.direction, d.partner_id as partner,
    p.name as partner_name, d.cashbox_id as cashbox, c.name as cashbox_name, d.currency_id as currency, cu.code as currency_code,
    d.amount::text as amount, ${documentTailSelect}`,
  branch: sql`d.branch_id`,
  currency: sql`d.currency_id`,
  dates: { input_date: sql`d.input_date` },
  fields: {
    ...documentFields,
    direction: { sql: sql`d.direction`, type: "text" },
    partner: { sql: sql`d.partner_id`, type: "integer" },
    partner_name: { sql: sql`p.name`, type: "text" },
    cashbox: { sql: sql`d.cashbox_id`, type: "integer" },
    cashbox_name: { sql: sql`c.name`, type: "text" },
    currency_code: { sql: sql`cu.code`, type: "text" },
    amount: { sql: sql`d.amount`, type: "number" },
  },
  search: [sql`c.name`, sql`p.name`, sql`d.invoice_no::text`, sql`d.note`],
  // Put in counts up, drawn out down: the sum is the capital the list's rows leave in the business.
  sums: { amount: sql`case when d.direction = 'out' then -d.amount else d.amount end` },
};

export const capital: LedgerDocDef<CapitalInput, CapitalValues> = {
  table: "capital",
  path: "capital/",
  list,
  schema: capitalSchema,
  codes: { view: ["view_capital"], add: ["add_capital"], change: ["change_capital"], delete: ["delete_capital"] },
  columns: {
    branch_id: "int",
    direction: "text",
    partner_id: "int?",
    cashbox_id: "int",
    currency_id: "int",
    exchange_rate: "numeric",
    amount: "numeric",
    input_date: "text",
    note: "text",
  },
  cashboxes: (body, row) => [...(body ? [body.cashbox] : []), ...(row ? [row.cashbox_id] : [])],
  async prepare(tx, auth, body, boxes, existing) {
    if (!auth.branchIds.includes(body.branch)) throw invalidChoice("branch");
    const box = boxes.get(body.cashbox);
    if (!box || box.branchId !== body.branch) throw invalidChoice("cashbox");
    const partnerId = body.partner ?? null;
    if (partnerId !== null) {
      const found = await queryRows(tx, sql`select 1 from partner where id = ${partnerId} and deleted_at is null`);
      if (found.length === 0) throw invalidChoice("partner");
    }
    return {
      branch_id: body.branch,
      direction: body.direction as CapitalDirection,
      partner_id: partnerId,
      cashbox_id: box.id,
      currency_id: box.currencyId,
      exchange_rate: await cashboxRate(tx, box.currencyId),
      amount: toDecimalString(body.amount),
      input_date: body.input_date ?? existing?.input_date ?? toIsoDate(new Date()),
      note: body.note ?? "",
    };
  },
  posting: (v) =>
    postCapital({
      currency_id: v.currency_id,
      exchange_rate: v.exchange_rate,
      direction: v.direction,
      partner_id: v.partner_id,
      cashbox_id: v.cashbox_id,
      amount: v.amount,
    }),
};
