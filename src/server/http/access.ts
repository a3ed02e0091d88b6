import type { FastifyInstance, FastifyRequest } from "fastify";
import { sql } from "drizzle-orm";
import { hasAnyPermission } from "../../core/permissions";
import { queryRowsPrepared, type Db } from "../db/client";
import { hashToken } from "./passwords";
import { DEFAULT_TOKEN_IDLE_DAYS } from "./session-policy";
import { forbidden, notFound, unauthorized } from "./errors";

/** Who is calling, resolved once per request from the bearer token. */
export interface AuthContext {
  userId: number;
  tokenId: number;
  isSuperuser: boolean;
  permissions: string[];
  /** Branches whose records this user may see; every branch query is scoped to these. */
  branchIds: number[];
}

/** What a route requires. `permissions: []` means any signed-in user (profile, dashboard). */
export type Access = { public: true } | { permissions: readonly string[] };

declare module "fastify" {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

/**
 * Token, user, permissions and visible branches in one round trip: this runs on every request, so
 * it is one query rather than four. Nothing is cached between requests, so a change of a user's
 * permissions, groups, branches or password takes effect on their next request, in every process.
 */
async function resolveToken(db: Db, header: string | undefined, idleDays: number): Promise<AuthContext | null> {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? "");
  if (!match) return null;
  const [row] = await queryRowsPrepared<{
    token_id: number;
    user_id: number;
    is_superuser: boolean;
    permissions: string[];
    branch_ids: number[];
    seen_stale: boolean;
  }>(
    db,
    sql`select t.id as token_id, u.id as user_id, u.is_superuser,
          array(select code from user_permission where user_id = u.id
                union select gp.code from group_permission gp join user_group ug on ug.group_id = gp.group_id where ug.user_id = u.id
                order by 1) as permissions,
          case when u.is_superuser then array(select id from branch where deleted_at is null order by id)
               else array(select ub.branch_id from user_branch ub join branch b on b.id = ub.branch_id and b.deleted_at is null
                          where ub.user_id = u.id order by ub.branch_id) end as branch_ids,
          t.last_seen_at < now() - interval '5 minutes' as seen_stale
        from auth_token t join app_user u on u.id = t.user_id
        where t.token_hash = ${hashToken(match[1])} and t.expires_at > now() and u.is_active
          and t.last_seen_at > now() - make_interval(secs => ${idleDays * 86400})`,
  );
  if (!row) return null;
  // The profile's sessions list shows when each device was last seen; a write every few minutes at most.
  if (row.seen_stale) await queryRowsPrepared(db, sql`update auth_token set last_seen_at = now() where id = ${row.token_id}`);
  return {
    userId: row.user_id,
    tokenId: row.token_id,
    isSuperuser: row.is_superuser,
    permissions: row.permissions,
    branchIds: row.branch_ids.map(Number),
  };
}

/**
 * Every /api route must declare its access; a route without one fails at start-up rather than
 * being open by accident. 401 without a valid token (unknown, expired, or unused for `idleDays`), 403
 * without one of the route's codes.
 */
export function installAccessControl(app: FastifyInstance, db: Db, idleDays = DEFAULT_TOKEN_IDLE_DAYS) {
  app.decorateRequest("auth", null);
  app.addHook("onRoute", (route) => {
    if (!route.url.startsWith("/api/")) return;
    if (!route.config?.access) throw new Error(`Route ${[route.method].flat().join(",")} ${route.url} declares no access`);
  });
  app.addHook("preHandler", async (request) => {
    const access = request.routeOptions.config?.access;
    if (!access || "public" in access) return;
    request.auth = await resolveToken(db, request.headers.authorization, idleDays);
    if (!request.auth) throw unauthorized();
    if (!hasAnyPermission({ is_superuser: request.auth.isSuperuser, permissions: request.auth.permissions }, access.permissions)) {
      throw forbidden();
    }
  });
}

/** The caller of a route that declared permissions; the preHandler guarantees it is set. */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized();
  return request.auth;
}

/** A branch the caller may not see is answered as absent, never as forbidden (DESIGN section 7). */
export function assertBranchVisible(auth: AuthContext, branchId: number | null | undefined) {
  if (branchId == null || !auth.branchIds.includes(branchId)) throw notFound();
}

/** Narrows requested branch ids to the visible ones; an empty request means all visible ones. */
export function visibleBranches(auth: AuthContext, requested?: number[]): number[] {
  if (!requested || requested.length === 0) return auth.branchIds;
  return requested.filter((id) => auth.branchIds.includes(id));
}
