import { eq, sql } from "drizzle-orm";
import { MESSAGES } from "../../../core/messages";
import { damagedStockTypeSchema, type DamagedStockTypeInput } from "../../../core/validation/stock-document-schemas";
import { damagedStock, damagedStockType } from "../../db/tables";
import { isoTimestamp } from "../../http/list-engine";
import { touched, type ResourceDef } from "../../http/resource";
import { stampFields } from "../../http/stamp-fields";

/** The reasons stock is written off (broken, expired ...): a named reference the tablets cache. */
export const damagedStockTypeResource: ResourceDef<DamagedStockTypeInput> = {
  path: "damaged-stock-type/",
  model: "damagedstocktype",
  table: "damaged_stock_type",
  idSql: sql`d.id`,
  list: {
    source: sql`damaged_stock_type d`,
    select: sql`d.id, d.name, ${isoTimestamp(sql`d.created_at`)} as created_at, ${isoTimestamp(sql`d.updated_at`)} as updated_at`,
    baseWhere: sql`d.deleted_at is null`,
    fields: {
      id: { sql: sql`d.id`, type: "integer" },
      name: { sql: sql`d.name`, type: "text" },
      ...stampFields("d"),
    },
    search: [sql`d.name`],
  },
  schema: damagedStockTypeSchema,
  // The damaged stock form picks a type, so whoever may record damage may list the types.
  allCodes: ["view_damagedstocktype", "add_damagedstock", "change_damagedstock"],
  async insert(tx, body, auth) {
    const [row] = await tx
      .insert(damagedStockType)
      .values({ name: body.name, createdBy: auth.userId })
      .returning({ id: damagedStockType.id });
    return row.id;
  },
  async update(tx, id, body) {
    await tx
      .update(damagedStockType)
      .set({ name: body.name, ...touched() })
      .where(eq(damagedStockType.id, id));
  },
  async blockDelete(tx, id) {
    // Damaged stock documents are deleted for real (no tombstone), so any row left still uses the type.
    const [used] = await tx.select({ id: damagedStock.id }).from(damagedStock).where(eq(damagedStock.damagedStockTypeId, id)).limit(1);
    return used ? MESSAGES.recordInUse : null;
  },
};
