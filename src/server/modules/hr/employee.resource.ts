import { and, eq, isNull, sql } from "drizzle-orm";
import type { InferType } from "yup";
import { MESSAGES } from "../../../core/messages";
import { employeeSchema } from "../../../core/validation/hr-schemas";
import { queryRows } from "../../db/client";
import { employee, position } from "../../db/tables";
import { isoTimestamp } from "../../http/list-engine";
import { invalidChoice, touched, type ResourceDef } from "../../http/resource";
import { assertMediaKey, imageField, mediaIdOfKey, mediaUrlSql } from "../reference/media-keys";
import { stampFields } from "../../http/stamp-fields";

/** The profile picture is a media key from `POST media/` (images only, checked by content there). */
export const employeeBodySchema = employeeSchema.shape({ image: imageField() });
export type EmployeeBody = InferType<typeof employeeBodySchema>;

function columns(body: EmployeeBody) {
  const isActive = body.is_active ?? true;
  return {
    branchId: body.branch,
    name: body.name,
    phone: body.phone ?? "",
    gender: body.gender,
    address: body.address ?? "",
    imageMediaId: mediaIdOfKey(body.image),
    dateOfBirth: body.date_of_birth ?? null,
    positionId: body.position ?? null,
    salaryStructure: body.salary_structure,
    hireDate: body.hire_date ?? null,
    isActive,
    leftDate: isActive ? null : (body.left_date ?? null),
  };
}

/** Employees of one branch each (another branch's is 404); the selector is `hr/employee/all/`. */
export const employeeResource: ResourceDef<EmployeeBody> = {
  path: "hr/employee/",
  model: "employee",
  table: "employee",
  allCodes: ["view_employee", "view_employeecontract", "view_payroll"],
  idSql: sql`e.id`,
  list: {
    source: sql`employee e join branch b on b.id = e.branch_id left join position p on p.id = e.position_id`,
    select: sql`e.id, e.name, e.phone, e.gender, e.address,
      ${mediaUrlSql(sql`e.image_media_id`)} as image,
      e.date_of_birth::text as date_of_birth, e.position_id as position, p.name as position_name,
      e.salary_structure, e.hire_date::text as hire_date, e.is_active, e.left_date::text as left_date,
      e.branch_id as branch, b.name as branch_name,
      ${isoTimestamp(sql`e.created_at`)} as created_at, ${isoTimestamp(sql`e.updated_at`)} as updated_at`,
    baseWhere: sql`e.deleted_at is null`,
    branch: sql`e.branch_id`,
    fields: {
      id: { sql: sql`e.id`, type: "integer" },
      name: { sql: sql`e.name`, type: "text" },
      phone: { sql: sql`e.phone`, type: "text" },
      gender: { sql: sql`e.gender`, type: "text" },
      address: { sql: sql`e.address`, type: "text" },
      position: { sql: sql`e.position_id`, type: "integer" },
      position_name: { sql: sql`p.name`, type: "text" },
      salary_structure: { sql: sql`e.salary_structure`, type: "text" },
      date_of_birth: { sql: sql`e.date_of_birth`, type: "date" },
      hire_date: { sql: sql`e.hire_date`, type: "date" },
      is_active: { sql: sql`e.is_active`, type: "boolean" },
      branch_name: { sql: sql`b.name`, type: "text", filterable: false },
      ...stampFields("e"),
    },
    dates: { hire_date: sql`e.hire_date` },
    search: [sql`e.name`, sql`e.phone`, sql`p.name`],
    defaultOrdering: "name",
  },
  schema: employeeBodySchema,
  async check(tx, body, auth) {
    // Another branch's id is refused like an absent one, never revealed.
    if (!auth.branchIds.includes(body.branch)) throw invalidChoice("branch");
    if (body.position != null) {
      const [row] = await tx
        .select({ id: position.id })
        .from(position)
        .where(and(eq(position.id, body.position), isNull(position.deletedAt)));
      if (!row) throw invalidChoice("position");
    }
    if (body.image != null) await assertMediaKey(tx, body.image, "image");
  },
  async insert(tx, body, auth) {
    const [row] = await tx
      .insert(employee)
      .values({ ...columns(body), createdBy: auth.userId })
      .returning({ id: employee.id });
    return row.id;
  },
  async update(tx, id, body) {
    await tx
      .update(employee)
      .set({ ...columns(body), ...touched() })
      .where(eq(employee.id, id));
  },
  async blockDelete(tx, id) {
    const rows = await queryRows(
      tx,
      sql`select 1 from employee_contract where employee_id = ${id} and deleted_at is null
          union all select 1 from payroll_line where employee_id = ${id}
          union all select 1 from salary_advance where employee_id = ${id} limit 1`,
    );
    return rows.length > 0 ? MESSAGES.recordInUse : null;
  },
};
