import { eq, sql } from "drizzle-orm";
import { MESSAGES } from "../../../core/messages";
import { branchSchema, type BranchInput } from "../../../core/validation/organisation-schemas";
import { branch, customer, printInfo, userBranch } from "../../db/tables";
import { isoTimestamp } from "../../http/list-engine";
import { touched, type ResourceDef } from "../../http/resource";
import { branchHasDocuments } from "./usage";

/**
 * Branches: name, colour and description, with their live inventories. A new branch starts
 * with what selling needs (its print header and its general customer); one with documents cannot be
 * deleted.
 */
export const branchResource: ResourceDef<BranchInput> = {
  path: "branch/",
  model: "branch",
  table: "branch",
  idSql: sql`b.id`,
  list: {
    source: sql`branch b`,
    mainSource: sql`branch b`,
    select: sql`b.id, b.name, b.color, b.description,
      (select coalesce(json_agg(json_build_object('id', i.id, 'name', i.name) order by i.id), '[]'::json)
         from inventory i where i.branch_id = b.id and i.deleted_at is null) as inventories,
      ${isoTimestamp(sql`b.created_at`)} as created_at, ${isoTimestamp(sql`b.updated_at`)} as updated_at`,
    baseWhere: sql`b.deleted_at is null`,
    branch: sql`b.id`,
    fields: {
      id: { sql: sql`b.id`, type: "integer", notNull: true },
      name: { sql: sql`b.name`, type: "text", notNull: true },
      color: { sql: sql`b.color`, type: "text", filterable: false },
      description: { sql: sql`b.description`, type: "text" },
      created_at: { sql: sql`b.created_at::date`, type: "date" },
      updated_at: { sql: sql`b.updated_at`, type: "date", filterable: false },
    },
    search: [sql`b.name`],
    defaultOrdering: "id",
  },
  schema: branchSchema,
  async insert(tx, body, auth) {
    const [row] = await tx
      .insert(branch)
      .values({ name: body.name, color: body.color, description: body.description ?? "" })
      .returning({ id: branch.id });
    await tx.insert(printInfo).values({ branchId: row.id, name: body.name, description: body.description ?? "" });
    await tx.insert(customer).values({ name: "General customer", branchId: row.id, isGeneral: true, createdBy: auth.userId });
    // Whoever adds a branch works in it, from this request on.
    if (!auth.isSuperuser) await tx.insert(userBranch).values({ userId: auth.userId, branchId: row.id });
    auth.branchIds = [...auth.branchIds, row.id];
    return row.id;
  },
  async update(tx, id, body) {
    await tx
      .update(branch)
      .set({ name: body.name, color: body.color, description: body.description ?? "", ...touched() })
      .where(eq(branch.id, id));
  },
  async blockDelete(tx, id) {
    return (await branchHasDocuments(tx, id)) ? MESSAGES.branchHasDocuments : null;
  },
};
