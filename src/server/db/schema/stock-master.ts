import { boolean, integer, pgTable, serial, smallint, text, index, uniqueIndex } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { createdBy, money, quantity, refersTo, stamps, syncable } from "./columns";
import { media } from "./organisation";

export const measurement = pgTable("measurement", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  createdBy: createdBy(),
  ...stamps,
  ...syncable,
});

export const itemGroup = pgTable("item_group", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  createdBy: createdBy(),
  ...stamps,
  ...syncable,
});

export const itemSubgroup = pgTable(
  "item_subgroup",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    itemGroupId: refersTo("item_group_id", () => itemGroup.id),
    createdBy: createdBy(),
    ...stamps,
    ...syncable,
  },
  (t) => [index("item_subgroup_group_idx").on(t.itemGroupId)],
);

export const city = pgTable("city", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  createdBy: createdBy(),
  ...stamps,
  ...syncable,
});

export const item = pgTable(
  "item",
  {
    id: serial("id").primaryKey(),
    code: text("code").notNull().default(""),
    barcode: text("barcode").notNull(),
    name: text("name").notNull(),
    imageMediaId: integer("image_media_id").references(() => media.id),
    minQuantity: quantity("min_quantity").notNull().default("0"),
    perPacketQuantity: quantity("per_packet_quantity").notNull().default("1"),
    measurementId: integer("measurement_id").references(() => measurement.id),
    packetMeasurementId: integer("packet_measurement_id").references(() => measurement.id),
    // 1 Goods, 2 Service (carries no quantity), 3 Cost, 4 Material
    itemType: smallint("item_type").notNull().default(1),
    isActive: boolean("is_active").notNull().default(true),
    purchasePrice: money("purchase_price").notNull().default("0"),
    salePrice: money("sale_price").notNull().default("0"),
    profitPercentage: money("profit_percentage").notNull().default("0"),
    expireDate: text("expire_date"),
    batchNumber: text("batch_number").notNull().default(""),
    itemGroupId: integer("item_group_id").references(() => itemGroup.id),
    itemSubgroupId: integer("item_subgroup_id").references(() => itemSubgroup.id),
    createdBy: createdBy(),
    ...stamps,
    ...syncable,
  },
  (t) => [
    // A barcode is unique among live items; a deleted item frees its barcode.
    uniqueIndex("item_barcode_live_uq")
      .on(t.barcode)
      .where(sql`deleted_at is null`),
    index("item_name_idx").on(t.name),
    index("item_group_idx").on(t.itemGroupId),
    // The list's orderings with their id tie-break, read in either direction for a page of 50 instead of
    // a sort of every item: by name as people read it, and by either price.
    index("item_name_order_idx").on(sql`lower(${t.name})`, t.id),
    index("item_sale_price_order_idx").on(t.salePrice, t.id),
    index("item_purchase_price_order_idx").on(t.purchasePrice, t.id),
  ],
);
