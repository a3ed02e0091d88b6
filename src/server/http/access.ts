import type { FastifyInstance, FastifyRequest } from "fastify";
import { and, eq, gt } from "drizzle-orm";
import { hasAnyPermission } from "../../core/permissions";
import type { Db } from "../db/client";
import { appUser, authToken, branch, groupPermission, userBranch, userGroup, userPermission } from "../db/tables";
import { hashToken } from "./passwords";
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

export async function loadPermissions(db: Db, userId: number): Promise<string[]> {
  const direct = await db.select({ code: userPermission.code }).from(userPermission).where(eq(userPermission.userId, userId));
  const viaGroups = await db
    .select({ code: groupPermission.code })
    .from(groupPermission)
    .innerJoin(userGroup, eq(userGroup.groupId, groupPermission.groupId))
    .where(eq(userGroup.userId, userId));
  return [...new Set([...direct, ...viaGroups].map((r) => r.code))].sort();
}

export async function loadBranchIds(db: Db, userId: number, isSuperuser: boolean): Promise<number[]> {
  const rows = isSuperuser
    ? await db.select({ id: branch.id }).from(branch)
    : await db.select({ id: userBranch.branchId }).from(userBranch).where(eq(userBranch.userId, userId));
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

async function resolveToken(db: Db, header: string | undefined): Promise<AuthContext | null> {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? "");
  if (!match) return null;
  const [row] = await db
    .select({ tokenId: authToken.id, userId: appUser.id, isSuperuser: appUser.isSuperuser })
    .from(authToken)
    .innerJoin(appUser, eq(appUser.id, authToken.userId))
    .where(and(eq(authToken.tokenHash, hashToken(match[1])), gt(authToken.expiresAt, new Date()), eq(appUser.isActive, true)))
    .limit(1);
  if (!row) return null;
  return {
    userId: row.userId,
    tokenId: row.tokenId,
    isSuperuser: row.isSuperuser,
    permissions: await loadPermissions(db, row.userId),
    branchIds: await loadBranchIds(db, row.userId, row.isSuperuser),
  };
}

/**
 * Every /api route must declare its access; a route without one fails at start-up rather than
 * being open by accident. 401 without a valid token, 403 without one of the route's codes.
 */
export function installAccessControl(app: FastifyInstance, db: Db) {
  app.decorateRequest("auth", null);
  app.addHook("onRoute", (route) => {
    if (!route.url.startsWith("/api/")) return;
    if (!route.config?.access) throw new Error(`Route ${route.method} ${route.url} declares no access`);
  });
  app.addHook("preHandler", async (request) => {
    const access = request.routeOptions.config?.access;
    if (!access || "public" in access) return;
    request.auth = await resolveToken(db, request.headers.authorization);
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

