import { and, eq, ne, sql } from "drizzle-orm";
import { MESSAGES } from "../../../core/messages";
import { branchSchema, type BranchInput } from "../../../core/validation/organisation-schemas";
import { branch, customer, printInfo, userBranch } from "../../db/tables";
import { fieldErrors } from "../../http/errors";
import { isoTimestamp } from "../../http/list-engine";
import type { Tx } from "../../db/client";
import { touched, type ResourceDef } from "../../http/resource";
import { branchHasDocuments } from "./usage";

/**
 * The short code a body asks for (null for none; undefined when it does not say, which keeps the branch's),
 * refused when another branch has it.
 */
async function freeShortCode(tx: Tx, body: BranchInput, exceptId: number | null): Promise<string | null | undefined> {
  if (body.short_code === undefined) return undefined;
  const code = body.short_code || null;
  if (!code) return null;
  const taken = await tx
    .select({ id: branch.id })
    .from(branch)
    .where(exceptId === null ? eq(branch.shortCode, code) : and(eq(branch.shortCode, code), ne(branch.id, exceptId)));
  if (taken.length > 0) throw fieldErrors({ short_code: [MESSAGES.codeExists] });
  return code;
}

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
    select: sql`b.id, b.name, b.short_code, b.color, b.description,
      (select coalesce(json_agg(json_build_object('id', i.id, 'name', i.name) order by i.id), '[]'::json)
         from inventory i where i.branch_id = b.id and i.deleted_at is null) as inventories,
      ${isoTimestamp(sql`b.created_at`)} as created_at, ${isoTimestamp(sql`b.updated_at`)} as updated_at`,
    baseWhere: sql`b.deleted_at is null`,
    branch: sql`b.id`,
    fields: {
      id: { sql: sql`b.id`, type: "integer", notNull: true },
      name: { sql: sql`b.name`, type: "text", notNull: true },
      short_code: { sql: sql`b.short_code`, type: "text" },
      color: { sql: sql`b.color`, type: "text", filterable: false },
      description: { sql: sql`b.description`, type: "text" },
      created_at: { sql: sql`b.created_at::date`, type: "date" },
      updated_at: { sql: sql`b.updated_at`, type: "date", filterable: false },
    },
    search: [sql`b.name`, sql`b.short_code`],
    defaultOrdering: "id",
  },
  schema: branchSchema,
  async insert(tx, body, auth) {
    const shortCode = await freeShortCode(tx, body, null);
    const [row] = await tx
      .insert(branch)
      .values({ name: body.name, shortCode: shortCode ?? null, color: body.color, description: body.description ?? "" })
      .returning({ id: branch.id });
    await tx.insert(printInfo).values({ branchId: row.id, name: body.name, description: body.description ?? "" });
    await tx.insert(customer).values({ name: "General customer", branchId: row.id, isGeneral: true, createdBy: auth.userId });
    // Whoever adds a branch works in it, from this request on.
    if (!auth.isSuperuser) await tx.insert(userBranch).values({ userId: auth.userId, branchId: row.id });
    auth.branchIds = [...auth.branchIds, row.id];
    return row.id;
  },
  async update(tx, id, body) {
    const shortCode = await freeShortCode(tx, body, id);
    await tx
      .update(branch)
      .set({ name: body.name, shortCode, color: body.color, description: body.description ?? "", ...touched() })
      .where(eq(branch.id, id));
  },
  async blockDelete(tx, id) {
    return (await branchHasDocuments(tx, id)) ? MESSAGES.branchHasDocuments : null;
  },
};
