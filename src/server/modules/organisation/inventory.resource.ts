import { eq, sql } from "drizzle-orm";
import { MESSAGES } from "../../../core/messages";
import { inventorySchema, type InventoryInput } from "../../../core/validation/organisation-schemas";
import { inventory } from "../../db/tables";
import { isoTimestamp } from "../../http/list-engine";
import { invalidChoice, touched, type ResourceDef } from "../../http/resource";
import { inventoryInUse } from "./usage";
import { stampFields } from "../../http/stamp-fields";

/** Inventories of a branch: one holding stock or named by a document cannot be deleted. */
export const inventoryResource: ResourceDef<InventoryInput> = {
  path: "inventory/",
  model: "inventory",
  table: "inventory",
  idSql: sql`i.id`,
  list: {
    source: sql`inventory i join branch b on b.id = i.branch_id`,
    mainSource: sql`inventory i`,
    select: sql`i.id, i.name, i.branch_id as branch, b.name as branch_name,
      ${isoTimestamp(sql`i.created_at`)} as created_at, ${isoTimestamp(sql`i.updated_at`)} as updated_at`,
    baseWhere: sql`i.deleted_at is null`,
    branch: sql`i.branch_id`,
    fields: {
      id: { sql: sql`i.id`, type: "integer", notNull: true },
      name: { sql: sql`i.name`, type: "text", notNull: true },
      branch_name: { sql: sql`b.name`, type: "text", joined: true },
      ...stampFields("i"),
    },
    search: [sql`i.name`],
    defaultOrdering: "id",
  },
  schema: inventorySchema,
  async check(tx, body, auth, id) {
    if (!auth.branchIds.includes(body.branch)) throw invalidChoice("branch");
    // An inventory in use keeps its branch: its stock and documents belong there.
    if (id !== undefined) {
      const [current] = await tx.select({ branchId: inventory.branchId }).from(inventory).where(eq(inventory.id, id));
      if (current && current.branchId !== body.branch && (await inventoryInUse(tx, id))) throw invalidChoice("branch");
    }
  },
  async insert(tx, body) {
    const [row] = await tx.insert(inventory).values({ name: body.name, branchId: body.branch }).returning({ id: inventory.id });
    return row.id;
  },
  async update(tx, id, body) {
    await tx
      .update(inventory)
      .set({ name: body.name, branchId: body.branch, ...touched() })
      .where(eq(inventory.id, id));
  },
  async blockDelete(tx, id) {
    return (await inventoryInUse(tx, id)) ? MESSAGES.inventoryInUse : null;
  },
};
