import { sql } from "drizzle-orm";
import { toIsoDate } from "../../../core/dates";
import { MESSAGES } from "../../../core/messages";
import { isNegative, toDecimalString } from "../../../core/money";
import { postSalaryAdvance } from "../../../core/payroll-posting";
import type { SalaryAdvanceInput } from "../../../core/validation/hr-schemas";
import { queryRows, type Db, type Executor, type Tx } from "../../db/client";
import type { AuthContext } from "../../http/access";
import { badRequest } from "../../http/errors";
import { invalidChoice, readOne } from "../../http/resource";
import { assertNotOverdrawn, balances } from "../accounting/cashbox-guard";
import { lockCashboxes } from "../accounting/cashbox.repository";
import { assignDocumentNumber } from "../documents/document-number";
import { unpost, writePosting } from "../ledger/ledger.repository";
import { lockEmployee, outstandingAdvance } from "./employee.repository";
import { editDocument, lockPayingCashbox, visibleRow } from "./hr-money";
import { salaryAdvanceList } from "./payroll.list";

/**
 * Salary advances: money paid to an employee early from a cashbox of their branch. The
 * employee's ledger account holds it (debit) until a pay run recovers it. Same transaction shape as
 * the expenses: cashbox locked, then the employee; never leaves the cashbox short; an edit or delete
 * appends the reversal, and is refused once the advance was recovered (the account would go below 0).
 */
export const DOCUMENT_TYPE = "salary_advance";

interface AdvanceRow {
  id: number;
  branch_id: number;
  employee_id: number;
  cashbox_id: number;
  currency_id: number;
  exchange_rate: string;
  amount: string;
  input_date: string;
  updated_at: Date | string;
}

export const readSalaryAdvance = (ex: Executor, id: number, auth: AuthContext) =>
  readOne<Record<string, unknown>>(ex, salaryAdvanceList, sql`d.id`, id, auth);

const reverse = (tx: Tx, auth: AuthContext, row: AdvanceRow) =>
  unpost(tx, { branchId: row.branch_id, documentType: DOCUMENT_TYPE, documentId: row.id, entryDate: row.input_date, userId: auth.userId });

/** After an edit or delete the employee still owes zero or more: what a pay run recovered stays recovered. */
async function assertNotRecovered(tx: Tx, employeeId: number, currencyId: number) {
  if (isNegative(await outstandingAdvance(tx, employeeId, currencyId))) throw badRequest(MESSAGES.recordInUse);
}

async function writeAdvance(tx: Tx, auth: AuthContext, body: SalaryAdvanceInput, existing: AdvanceRow | null, formToken: string | null) {
  const { box, boxes, exchangeRate } = await lockPayingCashbox(tx, auth, body.branch, body.cashbox, existing?.cashbox_id ?? null);
  const worker = await lockEmployee(tx, body.employee);
  if (!worker || worker.branch_id !== body.branch) throw invalidChoice("employee");
  const before = await balances(tx, boxes.values());
  if (existing) await reverse(tx, auth, existing);
  const inputDate = body.input_date ?? existing?.input_date ?? toIsoDate(new Date());
  const amount = toDecimalString(body.amount);
  let id = existing?.id ?? 0;
  if (existing) {
    await tx.execute(
      sql`update salary_advance set employee_id = ${body.employee}, cashbox_id = ${box.id}, currency_id = ${box.currencyId},
            exchange_rate = ${exchangeRate}, amount = ${amount}, input_date = ${inputDate}, note = ${body.note ?? ""}, updated_at = now()
          where id = ${id}`,
    );
  } else {
    const [row] = await queryRows<{ id: number }>(
      tx,
      sql`insert into salary_advance (branch_id, invoice_no, employee_id, cashbox_id, currency_id, exchange_rate, amount, input_date, note, form_token, created_by)
          values (${body.branch}, 0, ${body.employee}, ${box.id}, ${box.currencyId}, ${exchangeRate}, ${amount}, ${inputDate}, ${body.note ?? ""},
                  ${formToken}, ${auth.userId})
          returning id`,
    );
    id = row.id;
  }
  await writePosting(
    tx,
    { branchId: body.branch, documentType: DOCUMENT_TYPE, documentId: id, entryDate: inputDate, userId: auth.userId },
    postSalaryAdvance({ currency_id: box.currencyId, exchange_rate: exchangeRate, employee_id: body.employee, cashbox_id: box.id, amount }),
  );
  await assertNotOverdrawn(tx, boxes.values(), before);
  if (existing) await assertNotRecovered(tx, existing.employee_id, existing.currency_id);
  return { id, branchId: body.branch };
}

export async function createSalaryAdvanceTx(tx: Tx, auth: AuthContext, body: SalaryAdvanceInput, formToken: string | null) {
  const written = await writeAdvance(tx, auth, body, null, formToken);
  const invoiceNo = await assignDocumentNumber(tx, "salary_advance", written.id, written.branchId, DOCUMENT_TYPE);
  return { ...(await readSalaryAdvance(tx, written.id, auth)), invoice_no: invoiceNo };
}

async function lockAdvance(tx: Tx, id: number): Promise<AdvanceRow | null> {
  const [row] = await queryRows<AdvanceRow>(
    tx,
    sql`select id, branch_id, employee_id, cashbox_id, currency_id, exchange_rate::text as exchange_rate, amount::text as amount,
          input_date::text as input_date, updated_at
        from salary_advance where id = ${id} for update`,
  );
  return row ?? null;
}

export const updateSalaryAdvance = (
  db: Db,
  auth: AuthContext,
  id: number,
  payload: Record<string, unknown>,
  validate: (payload: unknown) => Promise<SalaryAdvanceInput>,
) =>
  editDocument(db, auth, payload, {
    lock: (tx) => lockAdvance(tx, id),
    validate,
    write: (tx, body, row) => writeAdvance(tx, auth, body, row, null),
    read: (tx) => readSalaryAdvance(tx, id, auth),
  });

export async function deleteSalaryAdvance(db: Db, auth: AuthContext, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const row = visibleRow(await lockAdvance(tx, id), auth);
    await lockCashboxes(tx, auth, [row.cashbox_id]);
    await lockEmployee(tx, row.employee_id);
    await reverse(tx, auth, row);
    await assertNotRecovered(tx, row.employee_id, row.currency_id);
    await tx.execute(sql`delete from salary_advance where id = ${id}`);
  });
}
