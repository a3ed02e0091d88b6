import { boolean, integer, pgTable, primaryKey, serial, text, timestamp, jsonb, index, uniqueIndex } from "drizzle-orm/pg-core";
import { branch, cashbox, inventory } from "./organisation";
import { lineOf, refersTo, stamps } from "./columns";

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
  // Where the user's sales take stock from by default (the sale form, the counter); in one of their branches.
  defaultInventoryId: integer("default_inventory_id").references(() => inventory.id),
  ...stamps,
});

export const userBranch = pgTable(
  "user_branch",
  {
    userId: lineOf("user_id", () => appUser.id),
    branchId: refersTo("branch_id", () => branch.id),
  },
  (t) => [primaryKey({ columns: [t.userId, t.branchId] })],
);

export const authGroup = pgTable("auth_group", {
  id: serial("id").primaryKey(),
  name: text("name").notNull().unique(),
  // updated_at: a role edited meanwhile by someone else is a 423 (the stale-edit check).
  ...stamps,
});

export const groupPermission = pgTable(
  "group_permission",
  {
    groupId: lineOf("group_id", () => authGroup.id),
    code: text("code").notNull(),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.code] })],
);

export const userGroup = pgTable(
  "user_group",
  {
    userId: lineOf("user_id", () => appUser.id),
    groupId: lineOf("group_id", () => authGroup.id),
  },
  (t) => [primaryKey({ columns: [t.userId, t.groupId] })],
);

export const userPermission = pgTable(
  "user_permission",
  {
    userId: lineOf("user_id", () => appUser.id),
    code: text("code").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.code] })],
);

/** One row per device sign-in; only the SHA-256 of the token is stored. */
export const authToken = pgTable(
  "auth_token",
  {
    id: serial("id").primaryKey(),
    userId: lineOf("user_id", () => appUser.id),
    tokenHash: text("token_hash").notNull(),
    userAgent: text("user_agent").notNull().default(""),
    /** Address of the sign-in, shown in the user's list of sessions. */
    ip: text("ip").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** Refreshed at most every few minutes by access.ts, so a request rarely pays a write for it. */
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex("auth_token_hash_uq").on(t.tokenHash), index("auth_token_user_idx").on(t.userId)],
);

/**
 * Devices that signed in successfully before (OWASP's device cookie for brute-force protection):
 * the cookie holds a random value, only its SHA-256 is stored. Such a device keeps signing in while
 * other addresses are slowed down for the same username.
 */
export const loginDevice = pgTable(
  "login_device",
  {
    id: serial("id").primaryKey(),
    userId: lineOf("user_id", () => appUser.id),
    tokenHash: text("token_hash").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("login_device_hash_uq").on(t.tokenHash), index("login_device_user_idx").on(t.userId)],
);

/** Cashboxes a user may use; none listed means every cashbox of the user's branches. */
export const userCashbox = pgTable(
  "user_cashbox",
  {
    userId: lineOf("user_id", () => appUser.id),
    cashboxId: refersTo("cashbox_id", () => cashbox.id),
  },
  (t) => [primaryKey({ columns: [t.userId, t.cashboxId] })],
);

/** Failed sign-ins, counted per username and address for rate limiting across processes. */
export const loginFailure = pgTable(
  "login_failure",
  {
    id: serial("id").primaryKey(),
    username: text("username").notNull(),
    ip: text("ip").notNull(),
    /** Set when the failing request carried a known device cookie: those are counted per device. */
    deviceId: integer("device_id"),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("login_failure_lookup_idx").on(t.username, t.at),
    index("login_failure_ip_idx").on(t.ip, t.at),
    index("login_failure_device_idx").on(t.deviceId, t.at),
  ],
);

/** Wrong current passwords given to change-password, counted per user (login-throttle.ts slows them down as sign-ins). */
export const passwordCheckFailure = pgTable(
  "password_check_failure",
  {
    id: serial("id").primaryKey(),
    userId: lineOf("user_id", () => appUser.id),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("password_check_failure_user_idx").on(t.userId, t.at)],
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
