import { and, eq, isNull, sql } from "drizzle-orm";
import { MESSAGES } from "../../../core/messages";
import { citySchema, type CityInput } from "../../../core/validation/stock-schemas";
import { city, customer } from "../../db/tables";
import { isoTimestamp } from "../../http/list-engine";
import { touched, type ResourceDef } from "../../http/resource";
import { stampFields } from "../../http/stamp-fields";

export const cityResource: ResourceDef<CityInput> = {
  path: "city/",
  model: "city",
  table: "city",
  addCodes: ["add_city"],
  idSql: sql`ct.id`,
  list: {
    source: sql`city ct`,
    select: sql`ct.id, ct.name, ${isoTimestamp(sql`ct.created_at`)} as created_at, ${isoTimestamp(sql`ct.updated_at`)} as updated_at`,
    baseWhere: sql`ct.deleted_at is null`,
    fields: {
      id: { sql: sql`ct.id`, type: "integer" },
      name: { sql: sql`ct.name`, type: "text" },
      ...stampFields("ct"),
    },
    search: [sql`ct.name`],
  },
  schema: citySchema,
  async insert(tx, body, auth) {
    const [row] = await tx.insert(city).values({ name: body.name, createdBy: auth.userId }).returning({ id: city.id });
    return row.id;
  },
  async update(tx, id, body) {
    await tx
      .update(city)
      .set({ name: body.name, ...touched() })
      .where(eq(city.id, id));
  },
  async blockDelete(tx, id) {
    const [used] = await tx
      .select({ id: customer.id })
      .from(customer)
      .where(and(eq(customer.cityId, id), isNull(customer.deletedAt)))
      .limit(1);
    return used ? MESSAGES.recordInUse : null;
  },
};
