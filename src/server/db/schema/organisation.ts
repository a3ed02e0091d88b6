import { boolean, integer, pgTable, serial, text, uniqueIndex, customType, index } from "drizzle-orm/pg-core";
import { createdBy, money, refersTo, stamps, syncable } from "./columns";

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => "bytea" });

export const branch = pgTable("branch", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  color: text("color").notNull().default("#4A6486"),
  description: text("description").notNull().default(""),
  /** Set before its document numbers (ERB-241, core/document-number.ts); unique, uppercase, null while unset. */
  shortCode: text("short_code").unique(),
  ...stamps,
  ...syncable,
});

export const inventory = pgTable(
  "inventory",
  {
    id: serial("id").primaryKey(),
    branchId: refersTo("branch_id", () => branch.id),
    name: text("name").notNull(),
    ...stamps,
    ...syncable,
  },
  (t) => [index("inventory_branch_idx").on(t.branchId)],
);

export const currency = pgTable("currency", {
  id: serial("id").primaryKey(),
  code: text("code").notNull().unique(),
  name: text("name").notNull(),
  symbol: text("symbol").notNull(),
  isBase: boolean("is_base").notNull().default(false),
  ...stamps,
  ...syncable,
});

export const exchangeRate = pgTable(
  "exchange_rate",
  {
    id: serial("id").primaryKey(),
    currencyId: refersTo("currency_id", () => currency.id),
    // Units of the base currency for one unit of this currency (1 USD = 1310 IQD).
    rate: money("rate").notNull(),
    inputDate: text("input_date").notNull(),
    createdBy: createdBy(),
    ...stamps,
    ...syncable,
  },
  (t) => [index("exchange_rate_currency_idx").on(t.currencyId, t.inputDate)],
);

export const cashbox = pgTable(
  "cashbox",
  {
    id: serial("id").primaryKey(),
    branchId: refersTo("branch_id", () => branch.id),
    currencyId: refersTo("currency_id", () => currency.id),
    name: text("name").notNull(),
    createdBy: createdBy(),
    ...stamps,
    ...syncable,
  },
  (t) => [index("cashbox_branch_idx").on(t.branchId)],
);

export const setting = pgTable("setting", {
  id: serial("id").primaryKey(),
  key: text("key").notNull().unique(),
  value: text("value").notNull(),
  ...stamps,
  ...syncable,
});

/** Uploaded images live in the database so every server process sees them (DESIGN section 3). */
export const media = pgTable("media", {
  id: serial("id").primaryKey(),
  /** What the url names (media-keys.ts): 128 random bits, base64url; the id is never served. */
  key: text("key").notNull().unique("media_key_uq"),
  contentType: text("content_type").notNull(),
  size: integer("size").notNull(),
  data: bytea("data").notNull(),
  createdBy: createdBy(),
  ...stamps,
});

export const printInfo = pgTable(
  "print_info",
  {
    id: serial("id").primaryKey(),
    branchId: refersTo("branch_id", () => branch.id),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    logoMediaId: integer("logo_media_id").references(() => media.id),
    phone: text("phone").notNull().default(""),
    address: text("address").notNull().default(""),
    ...stamps,
    ...syncable,
  },
  (t) => [uniqueIndex("print_info_branch_uq").on(t.branchId)],
);
