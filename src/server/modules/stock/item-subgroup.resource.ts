import { and, eq, isNull, ne, sql } from "drizzle-orm";
import { MESSAGES } from "../../../core/messages";
import { itemSubgroupSchema, type ItemSubgroupInput } from "../../../core/validation/stock-schemas";
import type { Tx } from "../../db/client";
import { item, itemGroup, itemSubgroup } from "../../db/tables";
import { isoTimestamp } from "../../http/list-engine";
import { invalidChoice, touched, type ResourceDef } from "../../http/resource";
import { stampFields } from "../../http/stamp-fields";

/** A live (not deleted) item group, or a field error on `field`. */
export async function assertLiveItemGroup(tx: Tx, id: number, field = "item_group") {
  const [group] = await tx
    .select({ id: itemGroup.id })
    .from(itemGroup)
    .where(and(eq(itemGroup.id, id), isNull(itemGroup.deletedAt)))
    .limit(1);
  if (!group) throw invalidChoice(field);
}

export const itemSubgroupResource: ResourceDef<ItemSubgroupInput> = {
  path: "item-subgroup/",
  model: "itemsubgroup",
  table: "item_subgroup",
  addCodes: ["add_itemsubgroup"],
  idSql: sql`s.id`,
  list: {
    source: sql`item_subgroup s join item_group g on g.id = s.item_group_id`,
    select: sql`s.id, s.name, s.item_group_id as item_group, g.name as item_group_name,
      ${isoTimestamp(sql`s.created_at`)} as created_at, ${isoTimestamp(sql`s.updated_at`)} as updated_at`,
    baseWhere: sql`s.deleted_at is null`,
    fields: {
      id: { sql: sql`s.id`, type: "integer" },
      name: { sql: sql`s.name`, type: "text" },
      item_group: { sql: sql`s.item_group_id`, type: "integer" },
      item_group_name: { sql: sql`g.name`, type: "text" },
      ...stampFields("s"),
    },
    search: [sql`s.name`, sql`g.name`],
  },
  schema: itemSubgroupSchema,
  async check(tx, body) {
    await assertLiveItemGroup(tx, body.item_group);
  },
  async insert(tx, body, auth) {
    const [row] = await tx
      .insert(itemSubgroup)
      .values({ name: body.name, itemGroupId: body.item_group, createdBy: auth.userId })
      .returning({ id: itemSubgroup.id });
    return row.id;
  },
  async update(tx, id, body) {
    await tx
      .update(itemSubgroup)
      .set({ name: body.name, itemGroupId: body.item_group, ...touched() })
      .where(eq(itemSubgroup.id, id));
    // Items follow their subgroup to its new group, so an item's subgroup always belongs to its group.
    await tx
      .update(item)
      .set({ itemGroupId: body.item_group, ...touched() })
      .where(and(eq(item.itemSubgroupId, id), isNull(item.deletedAt), ne(item.itemGroupId, body.item_group)));
  },
  async blockDelete(tx, id) {
    const [used] = await tx
      .select({ id: item.id })
      .from(item)
      .where(and(eq(item.itemSubgroupId, id), isNull(item.deletedAt)))
      .limit(1);
    return used ? MESSAGES.recordInUse : null;
  },
};
