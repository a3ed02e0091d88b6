import { sql } from "drizzle-orm";
import { queryRows, type Executor, type Tx } from "../../db/client";
import type { SalaryStructure } from "../../../core/payroll";

export interface EmployeeRow {
  id: number;
  branch_id: number;
  name: string;
  is_active: boolean;
}

/** The live employee, locked (`for update`): contract and pay writes of one employee queue on it. */
export async function lockEmployee(tx: Tx, id: number): Promise<EmployeeRow | null> {
  const [row] = await queryRows<EmployeeRow>(
    tx,
    sql`select id, branch_id, name, is_active from employee where id = ${id} and deleted_at is null for update`,
  );
  return row ?? null;
}

/** Live employees by id, locked in id order (the one lock order of pay runs). */
export async function lockEmployees(tx: Tx, ids: readonly number[]): Promise<Map<number, EmployeeRow>> {
  const found = new Map<number, EmployeeRow>();
  for (const id of [...new Set(ids)].sort((a, b) => a - b)) {
    const row = await lockEmployee(tx, id);
    if (row) found.set(id, row);
  }
  return found;
}

export interface ContractRow {
  id: number;
  employee_id: number;
  start_date: string;
  end_date: string | null;
  salary_amount: string;
  allowances: string;
  currency_id: number;
  salary_structure: SalaryStructure;
}

/** The employees' contracts that share a day with the period (at most one each: they never overlap). */
export async function contractsForPeriod(
  ex: Executor,
  employeeIds: readonly number[],
  period: { start: string; end: string },
): Promise<Map<number, ContractRow>> {
  if (employeeIds.length === 0) return new Map();
  const rows = await queryRows<ContractRow>(
    ex,
    sql`select id, employee_id, start_date::text as start_date, end_date::text as end_date, salary_amount::text as salary_amount,
          allowances::text as allowances, currency_id, salary_structure
        from employee_contract
        where deleted_at is null and employee_id in (${sql.join(
          employeeIds.map((id) => sql`${id}`),
          sql`, `,
        )})
          and start_date <= ${period.end}::date and (end_date is null or end_date >= ${period.start}::date)
        order by start_date desc`,
  );
  const out = new Map<number, ContractRow>();
  for (const row of rows) if (!out.has(row.employee_id)) out.set(row.employee_id, row);
  return out;
}

/** What the employee owes from advances not yet recovered, in a currency: the ledger's debit - credit. */
export async function outstandingAdvance(ex: Executor, employeeId: number, currencyId: number): Promise<string> {
  const [row] = await queryRows<{ balance: string }>(
    ex,
    sql`select coalesce(sum(debit - credit), 0)::text as balance from ledger_entry
        where account_type = 'employee' and account_id = ${employeeId} and currency_id = ${currencyId}`,
  );
  return row.balance;
}

/** Names of the employees already paid by another pay run for a period sharing a day with this one. */
export async function alreadyPaid(
  ex: Executor,
  employeeIds: readonly number[],
  period: { start: string; end: string },
  exceptPayrollId: number | null,
): Promise<string[]> {
  if (employeeIds.length === 0) return [];
  const rows = await queryRows<{ name: string }>(
    ex,
    sql`select distinct e.name from payroll_line l join payroll p on p.id = l.payroll_id join employee e on e.id = l.employee_id
        where l.employee_id in (${sql.join(
          employeeIds.map((id) => sql`${id}`),
          sql`, `,
        )})
          and p.id <> ${exceptPayrollId ?? 0}
          and p.period_start <= ${period.end}::date and p.period_end >= ${period.start}::date
        order by e.name`,
  );
  return rows.map((r) => r.name);
}
