import { bigint, customType, integer, numeric, pgSequence, timestamp, type AnyPgColumn } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";

/**
 * Every change to a row the tablets cache takes a fresh value of this sequence, so a device can pull
 * "everything changed since cursor N" (DESIGN section 4) without clocks.
 */
export const syncVersionSeq = pgSequence("sync_version_seq");

export const nextSyncVersion = sql`nextval('sync_version_seq')`;

/**
 * The id of the transaction that last wrote the row. Devices pull by (xact_id, sync_version) and
 * only below the oldest transaction still running, so a row committed late is never skipped.
 */
const xid8 = customType<{ data: string; driverData: string }>({ dataType: () => "xid8" });
export const currentXact = sql`pg_current_xact_id()`;

/** created/updated stamps every business row carries. */
export const stamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
};

/** Columns of a reference table that devices cache: tombstone and change version. */
export const syncable = {
  deletedAt: timestamp("deleted_at", { withTimezone: true }),
  syncVersion: bigint("sync_version", { mode: "number" }).notNull().default(nextSyncVersion),
  xactId: xid8("xact_id").notNull().default(currentXact),
};

/**
 * Columns of a document table whose deletes devices must hear of, though they never cache its rows
 * (sales): a tombstone and its change version, set only when the row is deleted (the pull sends the
 * deleted ids, see sync-tables.ts), so a live row costs nothing more to write.
 */
export const tombstone = {
  deletedAt: timestamp("deleted_at", { withTimezone: true }),
  syncVersion: bigint("sync_version", { mode: "number" }),
  xactId: xid8("xact_id"),
};

export const createdBy = () => integer("created_by");

/** A row another row cannot do without: `customerId: refersTo("customer_id", () => customer.id)`. */
export const refersTo = (name: string, target: () => AnyPgColumn) => integer(name).notNull().references(target);

/** A line's document (a sale's items, a pay run's rows): the lines go with it when it is deleted. */
export const lineOf = (name: string, target: () => AnyPgColumn) => integer(name).notNull().references(target, { onDelete: "cascade" });

/** Money and quantities are numeric, read as decimal strings (DESIGN section 3). */
export const money = (name: string) => numeric(name, { precision: 18, scale: 2 });
export const quantity = (name: string) => numeric(name, { precision: 18, scale: 3 });
/** Exchange rates: base-currency units per unit of another currency, to six places. */
export const rate = (name: string) => numeric(name, { precision: 18, scale: 6 });

/** Raw bytes (uploaded files), read and written as Buffers. */
export const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => "bytea" });
