import { sql } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { toIsoDate } from "../../../core/dates";
import { isZero, sub, toDecimalString } from "../../../core/money";
import { buildZReport, type ZReportSourceRow } from "../../../core/z-report";
import { cashboxCountSchema, type CashboxCountInput } from "../../../core/validation/accounting-document-schemas";
import { queryRows, type Db, type Executor, type Tx } from "../../db/client";
import { authOf, type AuthContext } from "../../http/access";
import { notFound } from "../../http/errors";
import { idempotentCreate, readFormToken } from "../../http/idempotency";
import { isoTimestamp, type ListSpec } from "../../http/list-engine";
import { registerListRoutes } from "../../http/list-routes";
import { invalidChoice, parseId, readOne, validateBody } from "../../http/resource";
import { assignDocumentNumber } from "../documents/document-number";
import { requiredId, type RawQuery } from "../report/report-params";
import { REVERSAL_MEMO } from "../ledger/ledger.repository";
import { cashboxBalance, lockCashboxes } from "./cashbox.repository";
import { cashboxAdjustment, COUNT_REASON } from "./cashbox-adjustment";
import { createLedgerDocumentTx, deleteLockedDocument, lockVisible } from "./ledger-document";
import { routeConfig } from "./route-config";

/**
 * Cashbox counts (as point-of-sale systems close a day or shift): who closed the cashbox and
 * when, the balance the ledger expected (read with the cashbox locked), the counted cash and the
 * difference, which the count books as a cashbox adjustment in the same transaction. A count is not
 * edited; deleting it reverses its adjustment.
 */
const list: ListSpec = {
  source: sql`cashbox_count d
    join branch b on b.id = d.branch_id
    join cashbox c on c.id = d.cashbox_id
    join currency cu on cu.id = d.currency_id
    left join app_user u on u.id = d.closed_by
    left join cashbox_adjustment a on a.id = d.adjustment_id`,
  select: sql`d.id, d.branch_id as branch, b.name as branch_name, d.invoice_no, d.cashbox_id as cashbox, c.name as cashbox_name,
    d.currency_id as currency, cu.code as currency_code, d.shift, d.expected_balance::text as expected_balance,
    d.counted_balance::text as counted_balance, d.difference::text as difference, d.closed_by, u.username as closed_by_name,
    ${isoTimestamp(sql`d.closed_at`)} as closed_at, d.adjustment_id as adjustment, a.invoice_no as adjustment_no, d.input_date, d.note,
    ${isoTimestamp(sql`d.created_at`)} as created_at, ${isoTimestamp(sql`d.updated_at`)} as updated_at`,
  branch: sql`d.branch_id`,
  currency: sql`d.currency_id`,
  dates: { input_date: sql`d.input_date` },
  fields: {
    id: { sql: sql`d.id`, type: "integer" },
    invoice_no: { sql: sql`d.invoice_no`, type: "integer" },
    cashbox: { sql: sql`d.cashbox_id`, type: "integer" },
    cashbox_name: { sql: sql`c.name`, type: "text" },
    currency_code: { sql: sql`cu.code`, type: "text" },
    shift: { sql: sql`d.shift`, type: "text" },
    expected_balance: { sql: sql`d.expected_balance`, type: "number" },
    counted_balance: { sql: sql`d.counted_balance`, type: "number" },
    difference: { sql: sql`d.difference`, type: "number" },
    closed_by_name: { sql: sql`u.username`, type: "text" },
    closed_at: { sql: sql`d.closed_at::date`, type: "date" },
    input_date: { sql: sql`d.input_date`, type: "date" },
    note: { sql: sql`d.note`, type: "text" },
    updated_at: { sql: sql`d.updated_at`, type: "date", filterable: false },
  },
  search: [sql`c.name`, sql`d.shift`, sql`d.invoice_no::text`, sql`d.note`],
  sums: { difference: sql`d.difference` },
};

const readCount = (ex: Executor, id: number, auth: AuthContext) => readOne<Record<string, unknown>>(ex, list, sql`d.id`, id, auth);

const cashboxRows = (cashboxId: number, currencyId: number) =>
  sql`account_type = 'cashbox' and account_id = ${cashboxId} and currency_id = ${currencyId}`;

interface PreviousCount {
  id: number;
  invoice_no: number;
  closed_at: string;
  /** The cashbox's last ledger row when it closed: where the next shift starts. */
  ledger_entry_id: number;
}

/** The count a Z report closes with (null: the open shift's preview), and the count before it. */
interface ZPeriod {
  cashbox: number;
  currency: number;
  previous: PreviousCount | null;
  /** The shift's ledger rows go up to this one (null: up to now). */
  throughId: number | null;
  /** The count's own adjustment, which is not a movement of the shift but the count's answer to it. */
  adjustmentId: number | null;
  counted: string | null;
}

async function previousCount(ex: Executor, cashboxId: number, beforeId: number | null): Promise<PreviousCount | null> {
  const [row] = await queryRows<PreviousCount>(
    ex,
    sql`select id, invoice_no, ${isoTimestamp(sql`closed_at`)} as closed_at, ledger_entry_id from cashbox_count
        where cashbox_id = ${cashboxId} ${beforeId === null ? sql`` : sql`and id < ${beforeId}`}
        order by id desc limit 1`,
  );
  return row ?? null;
}

/**
 * The Z report's figures, from the cashbox's ledger rows alone: the opening is what the rows up to the
 * previous count hold (its counted balance), the movements the rows after it, per document type (see
 * core/z-report.ts for the kinds), up to the count (before its own adjustment) or now.
 */
async function zReportOf(ex: Executor, period: ZPeriod) {
  const rows = cashboxRows(period.cashbox, period.currency);
  const afterId = period.previous?.ledger_entry_id ?? 0;
  const [opening] = await queryRows<{ balance: string }>(
    ex,
    sql`select coalesce(sum(debit - credit), 0)::text as balance from ledger_entry where ${rows} and id <= ${afterId}`,
  );
  const movements = await queryRows<ZReportSourceRow>(
    ex,
    sql`select document_type, count(*) filter (where money_in <> 0 or money_out <> 0)::int as documents,
          count(*) filter (where money_in <> 0)::int as documents_in, sum(money_in)::text as money_in,
          count(*) filter (where money_out <> 0)::int as documents_out, sum(money_out)::text as money_out
        from (select document_type, document_id,
                sum(case when memo = ${REVERSAL_MEMO} then -credit else debit end) as money_in,
                sum(case when memo = ${REVERSAL_MEMO} then -debit else credit end) as money_out
              from ledger_entry
              where ${rows} and id > ${afterId} ${period.throughId === null ? sql`` : sql`and id <= ${period.throughId}`}
                ${period.adjustmentId === null ? sql`` : sql`and not (document_type = 'cashbox_adjustment' and document_id = ${period.adjustmentId})`}
              group by document_type, document_id) d
        group by document_type order by document_type`,
  );
  const previous = period.previous && {
    id: period.previous.id,
    invoice_no: period.previous.invoice_no,
    closed_at: period.previous.closed_at,
  };
  return { previous_count: previous, ...buildZReport(opening.balance, movements, period.counted) };
}

/** The Z report of a closed count. */
async function countZReport(db: Db, auth: AuthContext, id: number) {
  const count = await readCount(db, id, auth);
  const [stored] = await queryRows<{ ledger_entry_id: number }>(db, sql`select ledger_entry_id from cashbox_count where id = ${id}`);
  const report = await zReportOf(db, {
    cashbox: Number(count.cashbox),
    currency: Number(count.currency),
    previous: await previousCount(db, Number(count.cashbox), id),
    throughId: stored.ledger_entry_id,
    adjustmentId: count.adjustment === null ? null : Number(count.adjustment),
    counted: String(count.counted_balance),
  });
  return { count, ...report };
}

/** The open shift's Z report before counting: from the cashbox's last count (or its start) to now. */
async function openShiftZReport(db: Db, auth: AuthContext, query: RawQuery) {
  const cashboxId = requiredId(query, "cashbox");
  const [box] = await queryRows<{ id: number; branch_id: number; currency_id: number }>(
    db,
    sql`select id, branch_id, currency_id from cashbox where id = ${cashboxId} and deleted_at is null`,
  );
  if (!box || !auth.branchIds.includes(box.branch_id)) throw notFound();
  const report = await zReportOf(db, {
    cashbox: box.id,
    currency: box.currency_id,
    previous: await previousCount(db, box.id, null),
    throughId: null,
    adjustmentId: null,
    counted: null,
  });
  return { count: null, ...report };
}

/** Closes a count in the caller's (idempotent) transaction: the adjustment first, then the count, numbered last. */
export async function createCountTx(tx: Tx, auth: AuthContext, body: CashboxCountInput, formToken: string | null) {
  const box = (await lockCashboxes(tx, auth, [body.cashbox])).get(body.cashbox);
  if (!box || !auth.branchIds.includes(box.branchId)) throw invalidChoice("cashbox");
  const expected = await cashboxBalance(tx, box.id, box.currencyId);
  const difference = sub(body.counted_balance, expected);
  const shift = body.shift ?? "";
  const today = toIsoDate(new Date());
  const adjustment = isZero(difference)
    ? null
    : await createLedgerDocumentTx(
        tx,
        cashboxAdjustment,
        auth,
        {
          cashbox: box.id,
          counted_balance: body.counted_balance,
          reason: shift ? `${COUNT_REASON}: ${shift}` : COUNT_REASON,
          input_date: today,
          note: body.note ?? "",
        },
        null,
      );
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`insert into cashbox_count (branch_id, invoice_no, cashbox_id, currency_id, shift, expected_balance, counted_balance, difference,
          closed_by, adjustment_id, ledger_entry_id, input_date, note, form_token, created_by)
        values (${box.branchId}, 0, ${box.id}, ${box.currencyId}, ${shift}, ${toDecimalString(expected)}, ${toDecimalString(body.counted_balance)},
          ${toDecimalString(difference)}, ${auth.userId}, ${adjustment?.id ?? null},
          (select coalesce(max(id), 0) from ledger_entry where ${cashboxRows(box.id, box.currencyId)}),
          ${today}, ${body.note ?? ""}, ${formToken}, ${auth.userId})
        returning id`,
  );
  const read = await readCount(tx, row.id, auth);
  return { ...read, invoice_no: await assignDocumentNumber(tx, "cashbox_count", row.id, box.branchId, "cashbox_count") };
}

async function deleteCount(db: Db, auth: AuthContext, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [count] = await queryRows<{ branch_id: number; adjustment_id: number | null }>(
      tx,
      sql`select branch_id, adjustment_id from cashbox_count where id = ${id} for update`,
    );
    if (!count || !auth.branchIds.includes(count.branch_id)) throw notFound();
    const adjustment = count.adjustment_id ? await lockVisible(tx, cashboxAdjustment, auth, count.adjustment_id) : null;
    await tx.execute(sql`delete from cashbox_count where id = ${id}`);
    if (adjustment) await deleteLockedDocument(tx, cashboxAdjustment, auth, adjustment);
  });
}

/** accounting/cashbox-count/: list, totals, all, read, Z report (of a count, or of the open shift), idempotent create, delete (the adjustment codes). */
export function registerCashboxCountRoutes(app: FastifyInstance, db: Db): void {
  const base = "/api/accounting/cashbox-count/";
  const view = { config: { access: { permissions: ["view_cashboxadjustment"] } } };
  const idOf = (request: FastifyRequest) => parseId((request.params as { id: string }).id);
  registerListRoutes(app, db, base, list, { view: view.config.access.permissions });
  app.get(`${base}:id/`, view, async (request) => readCount(db, idOf(request), authOf(request)));
  app.get(`${base}:id/z-report/`, view, async (request) => countZReport(db, authOf(request), idOf(request)));
  app.get(`${base}z-report/`, view, async (request) => openShiftZReport(db, authOf(request), request.query as RawQuery));
  app.post(base, { config: routeConfig(["add_cashboxadjustment"], cashboxCountSchema) }, async (request, reply) => {
    const auth = authOf(request);
    const payload = (request.body ?? {}) as Record<string, unknown>;
    const result = await idempotentCreate(db, auth, payload, async (tx) => ({
      status: 201,
      body: await createCountTx(tx, auth, await validateBody(cashboxCountSchema, payload), readFormToken(payload)),
    }));
    return reply.status(result.status).send(result.body);
  });
  app.delete(`${base}:id/`, { config: { access: { permissions: ["delete_cashboxadjustment"] } } }, async (request) => {
    await deleteCount(db, authOf(request), idOf(request));
    return { message: "Deleted successfully" };
  });
}
