import { boolean, integer, pgTable, primaryKey, serial, text, timestamp, jsonb, index, uniqueIndex } from "drizzle-orm/pg-core";
import { branch } from "./organisation";
import { stamps } from "./columns";

export const appUser = pgTable("app_user", {
  id: serial("id").primaryKey(),
  username: text("username").notNull().unique(),
  passwordHash: text("password_hash").notNull(),
  firstName: text("first_name").notNull().default(""),
  lastName: text("last_name").notNull().default(""),
  email: text("email").notNull().default(""),
  phone: text("phone").notNull().default(""),
  isSuperuser: boolean("is_superuser").notNull().default(false),
  isActive: boolean("is_active").notNull().default(true),
  defaultBranchId: integer("default_branch_id").references(() => branch.id),
  ...stamps,
});

export const userBranch = pgTable(
  "user_branch",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => appUser.id, { onDelete: "cascade" }),
    branchId: integer("branch_id")
      .notNull()
      .references(() => branch.id),
  },
  (t) => [primaryKey({ columns: [t.userId, t.branchId] })],
);

export const authGroup = pgTable("auth_group", {
  id: serial("id").primaryKey(),
  name: text("name").notNull().unique(),
});

export const groupPermission = pgTable(
  "group_permission",
  {
    groupId: integer("group_id")
      .notNull()
      .references(() => authGroup.id, { onDelete: "cascade" }),
    code: text("code").notNull(),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.code] })],
);

export const userGroup = pgTable(
  "user_group",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => appUser.id, { onDelete: "cascade" }),
    groupId: integer("group_id")
      .notNull()
      .references(() => authGroup.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.groupId] })],
);

export const userPermission = pgTable(
  "user_permission",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => appUser.id, { onDelete: "cascade" }),
    code: text("code").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.code] })],
);

/** One row per device sign-in; only the SHA-256 of the token is stored. */
export const authToken = pgTable(
  "auth_token",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => appUser.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    userAgent: text("user_agent").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex("auth_token_hash_uq").on(t.tokenHash)],
);

/** Failed sign-ins, counted per username and address for rate limiting across processes. */
export const loginFailure = pgTable(
  "login_failure",
  {
    id: serial("id").primaryKey(),
    username: text("username").notNull(),
    ip: text("ip").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("login_failure_lookup_idx").on(t.username, t.at), index("login_failure_ip_idx").on(t.ip, t.at)],
);

/**
 * Idempotent creates (DESIGN section 4): the form_token is stored with the request hash and the
 * response in the same transaction as the write, so a replay answers the first response.
 */
export const idempotencyRecord = pgTable(
  "idempotency_record",
  {
    userId: integer("user_id").notNull(),
    formToken: text("form_token").notNull(),
    requestHash: text("request_hash").notNull(),
    responseStatus: integer("response_status").notNull(),
    responseBody: jsonb("response_body").notNull(),
    ...stamps,
  },
  (t) => [primaryKey({ columns: [t.userId, t.formToken] })],
);
