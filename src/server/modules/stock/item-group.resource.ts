import { and, eq, isNull, sql } from "drizzle-orm";
import { itemGroupSchema, type ItemGroupInput } from "../../../core/validation/stock-schemas";
import { item, itemGroup, itemSubgroup } from "../../db/tables";
import { isoTimestamp } from "../../http/list-engine";
import { touched, type ResourceDef } from "../../http/resource";
import { stampFields } from "../../http/stamp-fields";

export const itemGroupResource: ResourceDef<ItemGroupInput> = {
  path: "item-group/",
  model: "itemgroup",
  table: "item_group",
  addCodes: ["add_itemgroup"],
  idSql: sql`g.id`,
  list: {
    source: sql`item_group g`,
    select: sql`g.id, g.name, ${isoTimestamp(sql`g.created_at`)} as created_at, ${isoTimestamp(sql`g.updated_at`)} as updated_at`,
    baseWhere: sql`g.deleted_at is null`,
    fields: {
      id: { sql: sql`g.id`, type: "integer" },
      name: { sql: sql`g.name`, type: "text" },
      ...stampFields("g"),
    },
    search: [sql`g.name`],
  },
  schema: itemGroupSchema,
  async insert(tx, body, auth) {
    const [row] = await tx.insert(itemGroup).values({ name: body.name, createdBy: auth.userId }).returning({ id: itemGroup.id });
    return row.id;
  },
  async update(tx, id, body) {
    await tx
      .update(itemGroup)
      .set({ name: body.name, ...touched() })
      .where(eq(itemGroup.id, id));
  },
  async blockDelete(tx, id) {
    const [used] = await tx
      .select({ id: item.id })
      .from(item)
      .where(and(eq(item.itemGroupId, id), isNull(item.deletedAt)))
      .limit(1);
    const [sub] = await tx
      .select({ id: itemSubgroup.id })
      .from(itemSubgroup)
      .where(and(eq(itemSubgroup.itemGroupId, id), isNull(itemSubgroup.deletedAt)))
      .limit(1);
    return used || sub ? "Record is in use and cannot be deleted" : null;
  },
};
