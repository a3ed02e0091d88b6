import { bigserial, customType, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";

const xid8 = customType<{ data: string; driverData: string }>({ dataType: () => "xid8" });

/**
 * The audit trail: one row per change of a record (create, edit, delete, approve) or per event
 * (sign-in, lockout), written in the same transaction as the change. Never updated or deleted by
 * the app (only the trigger merging a transaction's own writes of one record). See modules/audit.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    userId: integer("user_id"),
    branchId: integer("branch_id"),
    /** Table name of the record ("sale", "item") or the event's subject ("user" for a sign-in). */
    recordType: text("record_type").notNull(),
    recordId: integer("record_id"),
    action: text("action").notNull(),
    /** { field: { old, new } }; for an event, its details (username, address). */
    changes: jsonb("changes").notNull().default({}),
    /** The writing transaction: several writes of one record in one transaction make one row. */
    xactId: xid8("xact_id")
      .notNull()
      .default(sql`pg_current_xact_id()`),
  },
  (t) => [
    index("audit_log_record_idx").on(t.recordType, t.recordId, t.id),
    index("audit_log_user_idx").on(t.userId, t.id),
    index("audit_log_at_idx").on(t.at),
  ],
);
