import { eq, sql } from "drizzle-orm";
import { MESSAGES } from "../../../core/messages";
import { positionSchema, type PositionInput } from "../../../core/validation/hr-schemas";
import { queryRows } from "../../db/client";
import { position } from "../../db/tables";
import { isoTimestamp } from "../../http/list-engine";
import { touched, type ResourceDef } from "../../http/resource";
import { stampFields } from "../../http/stamp-fields";

/** Positions (job titles) are shared by every branch: name and description. */
export const positionResource: ResourceDef<PositionInput> = {
  path: "hr/position/",
  model: "position",
  table: "position",
  idSql: sql`p.id`,
  list: {
    source: sql`position p`,
    select: sql`p.id, p.name, p.description,
      (select count(*)::int from employee e where e.position_id = p.id and e.deleted_at is null) as employee_count,
      ${isoTimestamp(sql`p.created_at`)} as created_at, ${isoTimestamp(sql`p.updated_at`)} as updated_at`,
    baseWhere: sql`p.deleted_at is null`,
    fields: {
      id: { sql: sql`p.id`, type: "integer" },
      name: { sql: sql`p.name`, type: "text" },
      description: { sql: sql`p.description`, type: "text" },
      ...stampFields("p"),
    },
    search: [sql`p.name`, sql`p.description`],
  },
  schema: positionSchema,
  async insert(tx, body, auth) {
    const [row] = await tx
      .insert(position)
      .values({ name: body.name, description: body.description ?? "", createdBy: auth.userId })
      .returning({ id: position.id });
    return row.id;
  },
  async update(tx, id, body) {
    await tx
      .update(position)
      .set({ name: body.name, description: body.description ?? "", ...touched() })
      .where(eq(position.id, id));
  },
  async blockDelete(tx, id) {
    const rows = await queryRows(tx, sql`select 1 from employee where position_id = ${id} and deleted_at is null limit 1`);
    return rows.length > 0 ? MESSAGES.recordInUse : null;
  },
};
