import { eq, or, and, isNull, sql } from "drizzle-orm";
import { MESSAGES } from "../../../core/messages";
import { measurementSchema, type MeasurementInput } from "../../../core/validation/stock-schemas";
import { item, measurement } from "../../db/tables";
import { isoTimestamp } from "../../http/list-engine";
import { touched, type ResourceDef } from "../../http/resource";
import { stampFields } from "../../http/stamp-fields";

export const measurementResource: ResourceDef<MeasurementInput> = {
  path: "measurement/",
  model: "measurement",
  table: "measurement",
  idSql: sql`m.id`,
  list: {
    source: sql`measurement m`,
    select: sql`m.id, m.name, ${isoTimestamp(sql`m.created_at`)} as created_at, ${isoTimestamp(sql`m.updated_at`)} as updated_at`,
    baseWhere: sql`m.deleted_at is null`,
    fields: {
      id: { sql: sql`m.id`, type: "integer" },
      name: { sql: sql`m.name`, type: "text" },
      ...stampFields("m"),
    },
    search: [sql`m.name`],
  },
  schema: measurementSchema,
  async insert(tx, body, auth) {
    const [row] = await tx.insert(measurement).values({ name: body.name, createdBy: auth.userId }).returning({ id: measurement.id });
    return row.id;
  },
  async update(tx, id, body) {
    await tx
      .update(measurement)
      .set({ name: body.name, ...touched() })
      .where(eq(measurement.id, id));
  },
  // An item counts whether it uses the measurement for single pieces or for packets.
  async blockDelete(tx, id) {
    const [used] = await tx
      .select({ id: item.id })
      .from(item)
      .where(and(or(eq(item.measurementId, id), eq(item.packetMeasurementId, id)), isNull(item.deletedAt)))
      .limit(1);
    return used ? MESSAGES.recordInUse : null;
  },
};
