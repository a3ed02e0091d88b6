import { eq, sql } from "drizzle-orm";
import { MESSAGES } from "../../../core/messages";
import { employeeContractSchema, type EmployeeContractInput } from "../../../core/validation/hr-schemas";
import { queryRows, type Tx } from "../../db/client";
import { employeeContract } from "../../db/tables";
import type { AuthContext } from "../../http/access";
import { badRequest } from "../../http/errors";
import { isoTimestamp } from "../../http/list-engine";
import { invalidChoice, touched, type ResourceDef } from "../../http/resource";
import { lockEmployee } from "./employee.repository";
import { stampFields } from "../../http/stamp-fields";

function columns(body: EmployeeContractInput, branchId: number) {
  return {
    branchId,
    employeeId: body.employee,
    startDate: body.start_date,
    endDate: body.end_date ?? null,
    salaryAmount: body.salary_amount,
    currencyId: body.currency,
    salaryStructure: body.salary_structure,
    allowances: body.allowances ?? "0",
    notes: body.notes ?? "",
  };
}

/** The employee (of the caller's branches), locked so two contract writes for one employee queue. */
async function contractEmployee(tx: Tx, body: EmployeeContractInput, auth: AuthContext) {
  const row = await lockEmployee(tx, body.employee);
  if (!row || !auth.branchIds.includes(row.branch_id)) throw invalidChoice("employee");
  return row;
}

/**
 * One contract at a time per employee: a contract whose dates share a day with another of theirs is
 * refused (an open end runs on). Checked with the employee row locked.
 */
async function assertNoOverlap(tx: Tx, body: EmployeeContractInput, id: number | undefined) {
  const end = body.end_date ?? null;
  const rows = await queryRows(
    tx,
    sql`select 1 from employee_contract
        where employee_id = ${body.employee} and deleted_at is null and id <> ${id ?? 0}
          and (end_date is null or end_date >= ${body.start_date}::date)
          and (${end}::date is null or start_date <= ${end}::date)
        limit 1`,
  );
  if (rows.length > 0) throw badRequest(MESSAGES.contractOverlaps);
}

export const employeeContractResource: ResourceDef<EmployeeContractInput> = {
  path: "hr/employee-contract/",
  model: "employeecontract",
  table: "employee_contract",
  idSql: sql`c.id`,
  list: {
    source: sql`employee_contract c
      join employee e on e.id = c.employee_id
      join branch b on b.id = c.branch_id
      join currency cu on cu.id = c.currency_id
      left join position p on p.id = e.position_id`,
    select: sql`c.id, c.employee_id as employee, e.name as employee_name, p.name as position_name,
      c.branch_id as branch, b.name as branch_name,
      c.start_date::text as start_date, c.end_date::text as end_date,
      c.salary_amount::text as salary_amount, c.currency_id as currency, cu.code as currency_code, cu.symbol as currency_symbol,
      c.salary_structure, c.allowances::text as allowances, c.notes,
      (c.start_date <= current_date and (c.end_date is null or c.end_date >= current_date)) as is_current,
      ${isoTimestamp(sql`c.created_at`)} as created_at, ${isoTimestamp(sql`c.updated_at`)} as updated_at`,
    baseWhere: sql`c.deleted_at is null`,
    branch: sql`c.branch_id`,
    currency: sql`c.currency_id`,
    dates: { start_date: sql`c.start_date`, end_date: sql`c.end_date` },
    fields: {
      id: { sql: sql`c.id`, type: "integer" },
      employee: { sql: sql`c.employee_id`, type: "integer" },
      employee_name: { sql: sql`e.name`, type: "text" },
      position_name: { sql: sql`p.name`, type: "text" },
      start_date: { sql: sql`c.start_date`, type: "date" },
      end_date: { sql: sql`c.end_date`, type: "date" },
      salary_amount: { sql: sql`c.salary_amount`, type: "number" },
      currency_code: { sql: sql`cu.code`, type: "text" },
      salary_structure: { sql: sql`c.salary_structure`, type: "text" },
      allowances: { sql: sql`c.allowances`, type: "number" },
      notes: { sql: sql`c.notes`, type: "text" },
      branch_name: { sql: sql`b.name`, type: "text", filterable: false },
      ...stampFields("c"),
    },
    search: [sql`e.name`, sql`c.notes`],
    sums: { salary_amount: sql`c.salary_amount`, allowances: sql`c.allowances` },
  },
  schema: employeeContractSchema,
  async check(tx, body, auth, id) {
    await contractEmployee(tx, body, auth);
    const [currency] = await queryRows(tx, sql`select 1 from currency where id = ${body.currency}`);
    if (!currency) throw invalidChoice("currency");
    await assertNoOverlap(tx, body, id);
  },
  async insert(tx, body, auth) {
    const owner = await contractEmployee(tx, body, auth);
    const [row] = await tx
      .insert(employeeContract)
      .values({ ...columns(body, owner.branch_id), createdBy: auth.userId })
      .returning({ id: employeeContract.id });
    return row.id;
  },
  async update(tx, id, body, auth) {
    const owner = await contractEmployee(tx, body, auth);
    await tx
      .update(employeeContract)
      .set({ ...columns(body, owner.branch_id), ...touched() })
      .where(eq(employeeContract.id, id));
  },
  async blockDelete(tx, id) {
    const rows = await queryRows(tx, sql`select 1 from payroll_line where contract_id = ${id} limit 1`);
    return rows.length > 0 ? MESSAGES.recordInUse : null;
  },
};
