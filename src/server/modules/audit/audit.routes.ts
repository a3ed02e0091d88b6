import type { FastifyInstance } from "fastify";
import { sql } from "drizzle-orm";
import { intArray, type Db } from "../../db/client";
import type { AuthContext } from "../../http/access";
import { isoTimestamp, type ListSpec } from "../../http/list-engine";
import { registerListRoutes } from "../../http/list-routes";
import { manageableUserIds } from "../users/user.service";

/** Who may read the audit trail (SPEC section 6 has no code for it; the settings area's model "auditlog"). */
export const VIEW_AUDIT = ["view_auditlog"];

/**
 * The audit list: `record_type`, `record_id`, `user`, `action`, `branch` and `start_date`/`end_date`
 * filters, newest first. Rows of another branch are hidden; rows about a user (their record, their
 * sign-ins and lockouts) show only to those who may manage that user (auditSpecFor); other rows with no
 * branch (items, roles) show to whoever may read the trail. There is no write route: the trail is only appended to.
 */
export const auditListSpec: ListSpec = {
  source: sql`audit_log a left join app_user u on u.id = a.user_id left join branch b on b.id = a.branch_id`,
  mainSource: sql`audit_log a`,
  select: sql`a.id, ${isoTimestamp(sql`a.at`)} as at, a.user_id as user,
    coalesce(nullif(trim(u.first_name || ' ' || u.last_name), ''), u.username) as user_name,
    a.branch_id as branch, b.name as branch_name, a.record_type, a.record_id, a.action, a.changes`,
  fields: {
    id: { sql: sql`a.id`, type: "integer", notNull: true },
    at: { sql: sql`a.at`, type: "date", filterable: false },
    user: { sql: sql`a.user_id`, type: "integer" },
    record_type: { sql: sql`a.record_type`, type: "text", notNull: true },
    record_id: { sql: sql`a.record_id`, type: "integer" },
    action: { sql: sql`a.action`, type: "text", notNull: true },
  },
  branchScope: (ids) =>
    sql`(a.branch_id is null or a.branch_id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )}))`,
  dates: { at: sql`(a.at at time zone 'UTC')::date` },
  defaultOrdering: "-id",
};

/** The trail one caller reads: rights never travel sideways, so a user's rows stay with those who may manage them. */
async function auditSpecFor(db: Db, auth: AuthContext): Promise<ListSpec> {
  const manageable = await manageableUserIds(db, auth);
  if (manageable === "all") return auditListSpec;
  return { ...auditListSpec, baseWhere: sql`(a.record_type <> 'app_user' or a.record_id = any(${intArray(manageable)}))` };
}

export function registerAuditRoutes(app: FastifyInstance, { db }: { db: Db }) {
  registerListRoutes(app, db, "/api/audit/", auditListSpec, { view: VIEW_AUDIT, specFor: (auth) => auditSpecFor(db, auth) });
}
