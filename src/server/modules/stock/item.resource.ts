import { and, eq, isNull, ne, sql } from "drizzle-orm";
import type { InferType } from "yup";
import { MESSAGES } from "../../../core/messages";
import { div, isPositive, mul, round, sub, toDecimalString } from "../../../core/money";
import { itemSchema } from "../../../core/validation/stock-schemas";
import { queryRows, type Tx } from "../../db/client";
import { item, itemSubgroup, measurement } from "../../db/tables";
import { fieldErrors } from "../../http/errors";
import { isoTimestamp } from "../../http/list-engine";
import { invalidChoice, touched, type ResourceDef } from "../../http/resource";
import { assertMediaKey, imageField, mediaIdOfKey, mediaUrlSql } from "../reference/media-keys";
import { assertLiveItemGroup } from "./item-subgroup.resource";
import { stampFields } from "../../http/stamp-fields";

export const itemBodySchema = itemSchema.shape({ image: imageField() });
export type ItemBody = InferType<typeof itemBodySchema>;

export const BARCODE_UNIQUE_INDEX = "item_barcode_live_uq";
export const barcodeExists = () => fieldErrors({ barcode: [MESSAGES.barcodeExists] });

/** Drizzle wraps driver errors; the unique-index violation is a 23505 naming the index. */
export function isBarcodeConflict(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && typeof e === "object" && depth < 4; depth += 1) {
    const { code, constraint, message } = e as { code?: unknown; constraint?: unknown; message?: unknown; cause?: unknown };
    if (
      code === "23505" &&
      (constraint === BARCODE_UNIQUE_INDEX || (typeof message === "string" && message.includes(BARCODE_UNIQUE_INDEX)))
    ) {
      return true;
    }
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * An item saved without a barcode gets an internal EAN-13 (prefix 2, for in-store use) built from
 * its id, so every live item keeps a unique, scannable barcode.
 */
export function internalBarcode(id: number): string {
  const body = `2${String(id).padStart(11, "0")}`;
  const total = [...body].reduce((acc, digit, i) => acc + Number(digit) * (i % 2 === 0 ? 1 : 3), 0);
  return `${body}${(10 - (total % 10)) % 10}`;
}

/** Profit over the purchase price in percent, when the form left it empty. */
function profitPercentage(body: ItemBody): string {
  if (body.profit_percentage) return body.profit_percentage;
  if (!isPositive(body.purchase_price)) return "0";
  return toDecimalString(round(mul(div(sub(body.sale_price, body.purchase_price), body.purchase_price), 100)));
}

function columns(body: ItemBody) {
  return {
    name: body.name,
    code: body.code ?? "",
    itemType: body.item_type,
    isActive: body.is_active ?? true,
    imageMediaId: mediaIdOfKey(body.image),
    minQuantity: body.min_quantity ?? "0",
    perPacketQuantity: body.per_packet_quantity ?? "1",
    measurementId: body.measurement ?? null,
    packetMeasurementId: body.packet_measurement ?? null,
    itemGroupId: body.item_group ?? null,
    itemSubgroupId: body.item_subgroup ?? null,
    purchasePrice: body.purchase_price,
    salePrice: body.sale_price,
    profitPercentage: profitPercentage(body),
    expireDate: body.expire_date ?? null,
    batchNumber: body.batch_number ?? "",
  };
}

async function assertLiveMeasurement(tx: Tx, id: number | null | undefined, field: string) {
  if (id == null) return;
  const [row] = await tx
    .select({ id: measurement.id })
    .from(measurement)
    .where(and(eq(measurement.id, id), isNull(measurement.deletedAt)));
  if (!row) throw invalidChoice(field);
}

/** Runs an item write and answers a barcode taken meanwhile (the unique index) as the field error. */
async function guardBarcode<T>(tx: Tx, write: () => Promise<T>): Promise<T> {
  // A savepoint keeps the error from aborting the caller's transaction before it is mapped.
  try {
    return await tx.transaction(async () => write());
  } catch (error) {
    if (isBarcodeConflict(error)) throw barcodeExists();
    throw error;
  }
}

export const itemResource: ResourceDef<ItemBody> = {
  path: "item/",
  model: "item",
  table: "item",
  addCodes: ["item_create"],
  idSql: sql`i.id`,
  list: {
    source: sql`item i
      left join measurement m on m.id = i.measurement_id
      left join measurement pm on pm.id = i.packet_measurement_id
      left join item_group g on g.id = i.item_group_id
      left join item_subgroup s on s.id = i.item_subgroup_id`,
    select: sql`i.id, i.code, i.barcode, i.name,
      ${mediaUrlSql(sql`i.image_media_id`)} as image,
      i.min_quantity::text as min_quantity, i.per_packet_quantity::text as per_packet_quantity,
      i.measurement_id as measurement, m.name as measurement_name,
      i.packet_measurement_id as packet_measurement, pm.name as packet_measurement_name,
      i.item_type, i.is_active, i.purchase_price::text as purchase_price, i.sale_price::text as sale_price,
      i.profit_percentage::text as profit_percentage, i.expire_date, i.batch_number,
      i.item_group_id as item_group, g.name as item_group_name, i.item_subgroup_id as item_subgroup, s.name as item_subgroup_name,
      ${isoTimestamp(sql`i.created_at`)} as created_at, ${isoTimestamp(sql`i.updated_at`)} as updated_at`,
    // Counting and picking a page's ids need none of the joins (left joins, one row each): the names are
    // joined for the page's rows only.
    mainSource: sql`item i`,
    baseWhere: sql`i.deleted_at is null`,
    fields: {
      id: { sql: sql`i.id`, type: "integer", notNull: true },
      code: { sql: sql`i.code`, type: "text", notNull: true },
      barcode: { sql: sql`i.barcode`, type: "text", notNull: true },
      name: { sql: sql`i.name`, type: "text", notNull: true },
      item_type: { sql: sql`i.item_type`, type: "integer" },
      is_active: { sql: sql`i.is_active`, type: "boolean" },
      purchase_price: { sql: sql`i.purchase_price`, type: "number", notNull: true },
      sale_price: { sql: sql`i.sale_price`, type: "number", notNull: true },
      profit_percentage: { sql: sql`i.profit_percentage`, type: "number" },
      min_quantity: { sql: sql`i.min_quantity`, type: "number" },
      per_packet_quantity: { sql: sql`i.per_packet_quantity`, type: "number" },
      measurement: { sql: sql`i.measurement_id`, type: "integer" },
      measurement_name: { sql: sql`m.name`, type: "text", joined: true },
      packet_measurement: { sql: sql`i.packet_measurement_id`, type: "integer" },
      item_group: { sql: sql`i.item_group_id`, type: "integer" },
      item_group_name: { sql: sql`g.name`, type: "text", joined: true },
      item_subgroup: { sql: sql`i.item_subgroup_id`, type: "integer" },
      item_subgroup_name: { sql: sql`s.name`, type: "text", joined: true },
      expire_date: { sql: sql`i.expire_date::date`, type: "date" },
      batch_number: { sql: sql`i.batch_number`, type: "text" },
      ...stampFields("i"),
    },
    search: [sql`i.name`, sql`i.code`, sql`i.barcode`],
    dates: { expire_date: sql`i.expire_date::date`, created_at: sql`i.created_at::date` },
    sums: { purchase_price: sql`i.purchase_price`, sale_price: sql`i.sale_price` },
    sumsOnMain: true,
  },
  schema: itemBodySchema,
  async check(tx, body, _auth, id) {
    const barcode = body.barcode?.trim();
    if (barcode) {
      const taken = await tx
        .select({ id: item.id })
        .from(item)
        .where(and(eq(item.barcode, barcode), isNull(item.deletedAt), id === undefined ? undefined : ne(item.id, id)))
        .limit(1);
      if (taken.length > 0) throw barcodeExists();
    }
    await assertLiveMeasurement(tx, body.measurement, "measurement");
    await assertLiveMeasurement(tx, body.packet_measurement, "packet_measurement");
    if (body.item_group != null) await assertLiveItemGroup(tx, body.item_group);
    if (body.item_subgroup != null) {
      const [subgroup] = await tx
        .select({ groupId: itemSubgroup.itemGroupId })
        .from(itemSubgroup)
        .where(and(eq(itemSubgroup.id, body.item_subgroup), isNull(itemSubgroup.deletedAt)));
      if (!subgroup) throw invalidChoice("item_subgroup");
      if (body.item_group != null && subgroup.groupId !== body.item_group) {
        throw fieldErrors({ item_subgroup: [MESSAGES.subgroupNotInGroup] });
      }
      // A subgroup alone names its group too.
      body.item_group = subgroup.groupId;
    }
    if (body.image != null) await assertMediaKey(tx, body.image, "image");
  },
  async insert(tx, body, auth) {
    return guardBarcode(tx, async () => {
      const [{ id }] = await queryRows<{ id: number }>(tx, sql`select nextval(pg_get_serial_sequence('item', 'id'))::int as id`);
      const barcode = body.barcode?.trim() || internalBarcode(id);
      await tx.insert(item).values({ id, barcode, ...columns(body), createdBy: auth.userId });
      return id;
    });
  },
  async update(tx, id, body) {
    await guardBarcode(tx, async () => {
      const barcode = body.barcode?.trim() || internalBarcode(id);
      await tx
        .update(item)
        .set({ barcode, ...columns(body), ...touched() })
        .where(eq(item.id, id));
    });
  },
};
