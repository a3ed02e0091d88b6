import { sql } from "drizzle-orm";
import { insertFromJson, queryRows, type Tx } from "../../db/client";
import { payrollLine } from "../../db/tables";
import type { PayLineTotals } from "../../../core/payroll";

/** Queries of pay runs and their lines. */
export interface PayrollRow {
  id: number;
  branch_id: number;
  period_start: string;
  period_end: string;
  cashbox_id: number;
  currency_id: number;
  exchange_rate: string;
  input_date: string;
  updated_at: Date | string;
}

export async function lockPayroll(tx: Tx, id: number): Promise<PayrollRow | null> {
  const [row] = await queryRows<PayrollRow>(
    tx,
    sql`select id, branch_id, period_start::text as period_start, period_end::text as period_end, cashbox_id, currency_id,
          exchange_rate::text as exchange_rate, input_date::text as input_date, updated_at
        from payroll where id = ${id} for update`,
  );
  return row ?? null;
}

export interface PayrollValues {
  branchId: number;
  periodStart: string;
  periodEnd: string;
  cashboxId: number;
  currencyId: number;
  exchangeRate: string;
  netTotal: string;
  inputDate: string;
  note: string;
}

export async function insertPayroll(tx: Tx, v: PayrollValues, formToken: string | null, userId: number): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`insert into payroll (branch_id, invoice_no, period_start, period_end, cashbox_id, currency_id, exchange_rate, net_total, input_date, note, form_token, created_by)
        values (${v.branchId}, 0, ${v.periodStart}, ${v.periodEnd}, ${v.cashboxId}, ${v.currencyId}, ${v.exchangeRate}, ${v.netTotal},
                ${v.inputDate}, ${v.note}, ${formToken}, ${userId})
        returning id`,
  );
  return row.id;
}

export async function updatePayroll(tx: Tx, id: number, v: PayrollValues): Promise<void> {
  await tx.execute(
    sql`update payroll set period_start = ${v.periodStart}, period_end = ${v.periodEnd}, cashbox_id = ${v.cashboxId},
          currency_id = ${v.currencyId}, exchange_rate = ${v.exchangeRate}, net_total = ${v.netTotal}, input_date = ${v.inputDate},
          note = ${v.note}, updated_at = now()
        where id = ${id}`,
  );
}

export interface LineValues {
  employeeId: number;
  contractId: number;
  units: string;
  totals: PayLineTotals;
}

/** Replaces a pay run's lines (one statement for the insert). */
export async function replaceLines(tx: Tx, payrollId: number, lines: readonly LineValues[]): Promise<void> {
  await tx.execute(sql`delete from payroll_line where payroll_id = ${payrollId}`);
  if (lines.length === 0) return;
  await tx.execute(
    insertFromJson(
      payrollLine,
      lines.map((l) => ({
        payrollId,
        employeeId: l.employeeId,
        contractId: l.contractId,
        units: l.units,
        base: l.totals.base,
        bonus: l.totals.bonus,
        overtime: l.totals.overtime,
        absence: l.totals.absence,
        advance: l.totals.advance,
        net: l.totals.net,
      })),
    ),
  );
}

export async function deletePayroll(tx: Tx, id: number): Promise<void> {
  await tx.execute(sql`delete from payroll where id = ${id}`);
}
