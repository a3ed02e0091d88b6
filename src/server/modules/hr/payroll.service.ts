import { sql } from "drizzle-orm";
import { toIsoDate } from "../../../core/dates";
import { interpolate, MESSAGES } from "../../../core/messages";
import { lessThan } from "../../../core/money";
import { contractBasePay, payLine, payrollTotals, type PayLineProblem } from "../../../core/payroll";
import { postPayroll } from "../../../core/payroll-posting";
import type { PayrollInput, PayrollLineInput } from "../../../core/validation/hr-schemas";
import type { Db, Executor, Tx } from "../../db/client";
import type { AuthContext } from "../../http/access";
import { badRequest, fieldErrors } from "../../http/errors";
import { readOne } from "../../http/resource";
import { assertNotOverdrawn, balances } from "../accounting/cashbox-guard";
import { lockCashboxes } from "../accounting/cashbox.repository";
import { assignDocumentNumber } from "../documents/document-number";
import { unpost, writePosting } from "../ledger/ledger.repository";
import { alreadyPaid, contractsForPeriod, lockEmployees, outstandingAdvance } from "./employee.repository";
import { editDocument, lockPayingCashbox, visibleRow } from "./hr-money";
import { payrollLinesJson, payrollList } from "./payroll.list";
import * as repo from "./payroll.repository";

/**
 * Pay runs (DESIGN "Money documents"). One transaction: the cashbox locked, then the
 * employees (id order); every employee of the payroll's branch, listed once, with a contract for the
 * period in the cashbox's currency, and not paid by another run for a period sharing a day; each
 * line's pay worked out in src/core/payroll.ts (the advance recovered from the employee's ledger
 * balance), the posting in src/core/payroll-posting.ts, the cashbox never left short. Edits and
 * deletes append the reversal of the old posting (the ledger is append-only).
 */
export const DOCUMENT_TYPE = "payroll";

/** Amounts of a pay run stay below this (money columns are numeric(18, 2)). */
const MONEY_LIMIT = "1000000000000000";

export const readPayroll = (ex: Executor, id: number, auth: AuthContext) =>
  readOne<Record<string, unknown>>(ex, payrollList, sql`d.id`, id, auth, payrollLinesJson);

const LINE_PROBLEMS: Record<PayLineProblem, string> = {
  absence_above_pay: MESSAGES.deductionsAbovePay,
  advance_above_pay: MESSAGES.deductionsAbovePay,
  advance_above_outstanding: MESSAGES.advanceAboveOutstanding,
};

/** `additions` alone is the bonus; `deductions` alone is the absence (see the schema). */
const lineParts = (l: PayrollLineInput) => ({
  bonus: l.bonus ?? (l.overtime == null ? l.additions : null) ?? null,
  overtime: l.overtime ?? null,
  absence: l.absence ?? l.deductions ?? null,
  advance: l.advance ?? null,
});

// Before an edit works out the new lines: the advances it recovered are outstanding again.
const reverse = (tx: Tx, auth: AuthContext, row: repo.PayrollRow) =>
  unpost(tx, { branchId: row.branch_id, documentType: DOCUMENT_TYPE, documentId: row.id, entryDate: row.input_date, userId: auth.userId });

async function writePayroll(tx: Tx, auth: AuthContext, body: PayrollInput, existing: repo.PayrollRow | null, formToken: string | null) {
  const period = { start: body.period_start, end: body.period_end };
  const { box, boxes, exchangeRate } = await lockPayingCashbox(tx, auth, body.branch, body.cashbox, existing?.cashbox_id ?? null);
  const ids = body.lines.map((l) => l.employee);
  if (new Set(ids).size !== ids.length) throw badRequest(MESSAGES.employeeListedTwice);
  const employees = await lockEmployees(tx, ids);
  // Another branch's employee is never in a pay run: refused like an absent one.
  const outside = body.lines.flatMap((l, i) => (employees.get(l.employee)?.branch_id === body.branch ? [] : [i]));
  if (outside.length > 0) throw fieldErrors(Object.fromEntries(outside.map((i) => [`lines[${i}].employee`, [MESSAGES.invalidChoice]])));
  const paid = await alreadyPaid(tx, ids, period, existing?.id ?? null);
  if (paid.length > 0) throw badRequest(interpolate(MESSAGES.alreadyPaidForPeriod, { name: paid.join(", ") }));
  const contracts = await contractsForPeriod(tx, ids, period);

  const before = await balances(tx, boxes.values());
  if (existing) await reverse(tx, auth, existing);
  const lines: repo.LineValues[] = [];
  for (const l of body.lines) {
    const name = employees.get(l.employee)!.name;
    const contract = contracts.get(l.employee);
    if (!contract) throw badRequest(interpolate(MESSAGES.noContractForPeriod, { name }));
    if (contract.currency_id !== box.currencyId) throw badRequest(MESSAGES.cashboxCurrencyMismatch);
    const due = contractBasePay(contract, period, l.hours);
    const result = payLine({ base: l.base ?? due.base, ...lineParts(l) }, await outstandingAdvance(tx, l.employee, box.currencyId));
    if ("problem" in result) throw badRequest(LINE_PROBLEMS[result.problem]);
    lines.push({ employeeId: l.employee, contractId: contract.id, units: due.units, totals: result.totals });
  }
  const totals = payrollTotals(lines.map((l) => l.totals));
  // What a numeric(18, 2) column holds: a contract's rate times many units (hours) could go beyond.
  if ([...lines.map((l) => l.totals.gross), totals.gross_total].some((v) => !lessThan(v, MONEY_LIMIT))) {
    throw fieldErrors({ lines: [interpolate(MESSAGES.lessThan, { max: MONEY_LIMIT })] });
  }
  const values: repo.PayrollValues = {
    branchId: body.branch,
    periodStart: period.start,
    periodEnd: period.end,
    cashboxId: box.id,
    currencyId: box.currencyId,
    exchangeRate,
    netTotal: totals.net_total,
    inputDate: body.input_date ?? existing?.input_date ?? toIsoDate(new Date()),
    note: body.note ?? "",
  };
  const id = existing ? existing.id : await repo.insertPayroll(tx, values, formToken, auth.userId);
  if (existing) await repo.updatePayroll(tx, id, values);
  await repo.replaceLines(tx, id, lines);
  await writePosting(
    tx,
    { branchId: values.branchId, documentType: DOCUMENT_TYPE, documentId: id, entryDate: values.inputDate, userId: auth.userId },
    postPayroll({
      currency_id: values.currencyId,
      exchange_rate: exchangeRate,
      cashbox_id: box.id,
      lines: lines.map((l) => ({ employee_id: l.employeeId, gross: l.totals.gross, net: l.totals.net })),
    }),
  );
  await assertNotOverdrawn(tx, boxes.values(), before);
  return { id, branchId: values.branchId };
}

/** A new pay run in the caller's (idempotent) transaction, numbered last. */
export async function createPayrollTx(tx: Tx, auth: AuthContext, body: PayrollInput, formToken: string | null) {
  const written = await writePayroll(tx, auth, body, null, formToken);
  const invoiceNo = await assignDocumentNumber(tx, "payroll", written.id, written.branchId, DOCUMENT_TYPE);
  return { ...(await readPayroll(tx, written.id, auth)), invoice_no: invoiceNo };
}

export const updatePayroll = (
  db: Db,
  auth: AuthContext,
  id: number,
  payload: Record<string, unknown>,
  validate: (payload: unknown) => Promise<PayrollInput>,
) =>
  editDocument(db, auth, payload, {
    lock: (tx) => repo.lockPayroll(tx, id),
    validate,
    write: (tx, body, row) => writePayroll(tx, auth, body, row, null),
    read: (tx) => readPayroll(tx, id, auth),
  });

export async function deletePayroll(db: Db, auth: AuthContext, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const row = visibleRow(await repo.lockPayroll(tx, id), auth);
    const boxes = await lockCashboxes(tx, auth, [row.cashbox_id]);
    const before = await balances(tx, boxes.values());
    await reverse(tx, auth, row);
    await assertNotOverdrawn(tx, boxes.values(), before);
    await repo.deletePayroll(tx, id);
  });
}
