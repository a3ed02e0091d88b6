import { sql } from "drizzle-orm";
import { queryRows, type Executor } from "../../db/client";
import type { SalaryStructure } from "../../../core/payroll";

/** Reads behind the pay run form (who is to be paid) and the payroll list (who was paid what). */
export interface PeriodQuery {
  start: string;
  end: string;
  branchIds: number[];
}

const inList = (ids: readonly number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

export interface ContractOfPeriod {
  employee_id: number;
  employee_name: string;
  position_name: string | null;
  branch_id: number;
  branch_name: string;
  is_active: boolean;
  contract_id: number;
  start_date: string;
  end_date: string | null;
  salary_amount: string;
  allowances: string;
  salary_structure: SalaryStructure;
  currency_id: number;
  currency_code: string;
}

/** Each contract that shares a day with the period, of the employees of these branches, with its employee. */
export async function contractsOfPeriod(ex: Executor, q: PeriodQuery): Promise<ContractOfPeriod[]> {
  if (q.branchIds.length === 0) return [];
  return queryRows<ContractOfPeriod>(
    ex,
    sql`select e.id as employee_id, e.name as employee_name, p.name as position_name, e.branch_id, b.name as branch_name, e.is_active,
          c.id as contract_id, c.start_date::text as start_date, c.end_date::text as end_date, c.salary_amount::text as salary_amount,
          c.allowances::text as allowances, c.salary_structure, c.currency_id, cu.code as currency_code
        from employee_contract c
        join employee e on e.id = c.employee_id
        join branch b on b.id = e.branch_id
        join currency cu on cu.id = c.currency_id
        left join position p on p.id = e.position_id
        where c.deleted_at is null and e.deleted_at is null and e.branch_id in (${inList(q.branchIds)})
          and c.start_date <= ${q.end}::date and (c.end_date is null or c.end_date >= ${q.start}::date)
        order by e.name, e.id, c.start_date`,
  );
}

export interface PaidOfPeriod {
  employee_id: number;
  currency_id: number;
  base: string;
  additions: string;
  absence: string;
  advance: string;
  net: string;
}

/** What pay runs of periods sharing a day with this one paid each employee, per currency. */
export async function paidOfPeriod(ex: Executor, q: PeriodQuery): Promise<PaidOfPeriod[]> {
  if (q.branchIds.length === 0) return [];
  return queryRows<PaidOfPeriod>(
    ex,
    sql`select l.employee_id, p.currency_id, sum(l.base)::text as base, sum(l.bonus + l.overtime)::text as additions,
          sum(l.absence)::text as absence, sum(l.advance)::text as advance, sum(l.net)::text as net
        from payroll_line l join payroll p on p.id = l.payroll_id
        where p.branch_id in (${inList(q.branchIds)}) and p.period_start <= ${q.end}::date and p.period_end >= ${q.start}::date
        group by 1, 2`,
  );
}
