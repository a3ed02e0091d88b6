import { eq, sql } from "drizzle-orm";
import { MESSAGES } from "../../../core/messages";
import { describePermission, type PermissionInfo } from "../../../core/permission-catalog";
import { changeRefusal, manageRefusal } from "../../../core/user-rights";
import {
  passwordIsUsername,
  resetPasswordSchema,
  userCreateSchema,
  userUpdateSchema,
  type UserUpdateInput,
} from "../../../core/validation/user-schemas";
import type { Db, Tx } from "../../db/client";
import { appUser } from "../../db/tables";
import type { AuthContext } from "../../http/access";
import { badRequest, fieldErrors, forbidden, notFound } from "../../http/errors";
import { idempotentCreate } from "../../http/idempotency";
import { isoTimestamp, listAll, listPage, type ListQuery, type ListSpec } from "../../http/list-engine";
import { hashPassword } from "../../http/passwords";
import { assertFresh, readOne, validateBody } from "../../http/resource";
import { ALL_CODES } from "../../seed/permission-sets";
import { auditLinks } from "./links-audit";
import * as repo from "./user.repository";
import { stampFields } from "../../http/stamp-fields";

export const USER_BASE = "/api/user/";
const idSql = sql`u.id`;

/** The users list (and the one record a read answers): the links as id lists, their names for the table. */
export const userListSpec: ListSpec = {
  source: sql`app_user u`,
  select: sql`u.id, u.username, u.first_name, u.last_name, u.email, u.phone, u.is_superuser, u.is_active,
    u.default_branch_id as default_branch, u.default_inventory_id as default_inventory,
    array(select branch_id from user_branch where user_id = u.id order by branch_id) as branches,
    array(select cashbox_id from user_cashbox where user_id = u.id order by cashbox_id) as cashboxes,
    array(select group_id from user_group where user_id = u.id order by group_id) as groups,
    array(select code from user_permission where user_id = u.id order by code) as permissions,
    coalesce((select string_agg(g.name, ', ' order by g.name) from auth_group g join user_group ug on ug.group_id = g.id where ug.user_id = u.id), '') as group_names,
    coalesce((select string_agg(b.name, ', ' order by b.id) from branch b join user_branch ub on ub.branch_id = b.id where ub.user_id = u.id), '') as branch_names,
    (select ${isoTimestamp(sql`max(last_seen_at)`)} from auth_token where user_id = u.id and expires_at > now()) as last_seen,
    ${isoTimestamp(sql`u.created_at`)} as created_at, ${isoTimestamp(sql`u.updated_at`)} as updated_at`,
  fields: {
    id: { sql: sql`u.id`, type: "integer" },
    username: { sql: sql`u.username`, type: "text" },
    first_name: { sql: sql`u.first_name`, type: "text" },
    last_name: { sql: sql`u.last_name`, type: "text" },
    email: { sql: sql`u.email`, type: "text" },
    is_superuser: { sql: sql`u.is_superuser`, type: "boolean" },
    is_active: { sql: sql`u.is_active`, type: "boolean" },
    ...stampFields("u"),
  },
  search: [sql`u.username`, sql`u.first_name`, sql`u.last_name`, sql`u.email`],
};

/**
 * Users are not branch records, but a non-superuser sees only themselves and the non-superusers who
 * share one of their branches; anyone else answers 404, as another branch's record does.
 */
export function visibleUsers(auth: AuthContext): ListSpec {
  if (auth.isSuperuser) return userListSpec;
  return {
    ...userListSpec,
    baseWhere: sql`(u.id = ${auth.userId} or (not u.is_superuser and exists (
      select 1 from user_branch ub where ub.user_id = u.id and ub.branch_id = any(${`{${auth.branchIds.join(",")}}`}::int[]))))`,
  };
}

export const listUsers = (db: Db, query: ListQuery, auth: AuthContext) => listPage(db, visibleUsers(auth), query, auth, USER_BASE);
export const allUsers = (db: Db, query: ListQuery, auth: AuthContext) => listAll(db, visibleUsers(auth), query, auth);
export const readUser = (ex: Db | Tx, id: number, auth: AuthContext) =>
  readOne<Record<string, unknown>>(ex, visibleUsers(auth), idSql, id, auth);

const KNOWN_CODES = new Set(ALL_CODES);

/** References that do not exist (or a cashbox outside the user's branches) are field errors, as elsewhere. */
async function checkReferences(tx: Tx, body: UserUpdateInput, exceptId?: number) {
  const errors: Record<string, string[]> = {};
  const missing = async (field: "branches" | "groups" | "cashboxes", table: "branch" | "auth_group" | "cashbox") => {
    const ids = body[field];
    const found = await repo.existingIds(tx, table, ids);
    if (found.length !== new Set(ids).size) errors[field] = [MESSAGES.invalidChoice];
  };
  await missing("branches", "branch");
  await missing("groups", "auth_group");
  await missing("cashboxes", "cashbox");
  if (!errors.cashboxes && !body.is_superuser && (await repo.cashboxesOutside(tx, body.cashboxes, body.branches)).length > 0) {
    errors.cashboxes = [MESSAGES.invalidChoice];
  }
  if (
    body.default_inventory != null &&
    !(await repo.inventoryInBranches(tx, body.default_inventory, body.is_superuser ? null : body.branches))
  ) {
    errors.default_inventory = [MESSAGES.defaultInventoryNotInBranches];
  }
  if (body.permissions.some((code) => !KNOWN_CODES.has(code))) errors.permissions = [MESSAGES.invalidChoice];
  if (await repo.usernameTaken(tx, body.username, exceptId)) errors.username = [MESSAGES.usernameExists];
  if (Object.keys(errors).length > 0) throw fieldErrors(errors);
}

const unique = <T>(items: T[]) => [...new Set(items)];

function links(body: UserUpdateInput): repo.UserLinks {
  return {
    branches: unique(body.branches),
    cashboxes: unique(body.cashboxes),
    groups: unique(body.groups),
    permissions: unique(body.permissions),
  };
}

/** The links of a user as read back (readUser's row). */
const linksOf = (row: Record<string, unknown>): repo.UserLinks => ({
  branches: row.branches as number[],
  cashboxes: row.cashboxes as number[],
  groups: row.groups as number[],
  permissions: row.permissions as string[],
});

function columns(body: UserUpdateInput) {
  return {
    username: body.username,
    firstName: body.first_name ?? "",
    lastName: body.last_name ?? "",
    email: body.email ?? "",
    phone: body.phone ?? "",
    isSuperuser: body.is_superuser,
    isActive: body.is_active,
    defaultBranchId: body.default_branch ?? null,
    defaultInventoryId: body.default_inventory ?? null,
  };
}

async function actorRights(tx: Tx, auth: AuthContext) {
  const rights = await repo.rightsOf(tx, auth.userId);
  if (!rights) throw forbidden();
  return rights;
}

export async function createUser(db: Db, auth: AuthContext, payload: Record<string, unknown>) {
  return idempotentCreate(db, auth, payload, async (tx) => {
    const body = await validateBody(userCreateSchema, payload);
    await checkReferences(tx, body);
    if (changeRefusal(await actorRights(tx, auth), null, await repo.rightsOfBody(tx, body), false)) throw forbidden();
    // The id is taken first so the links' audit row exists before the user's row joins it (links-audit.ts).
    const id = await repo.nextUserId(tx);
    await auditLinks(tx, "app_user", id, "create", null, links(body));
    await tx.insert(appUser).values({ id, ...columns(body), passwordHash: await hashPassword(body.password) });
    await repo.replaceLinks(tx, id, links(body));
    return { status: 201, body: await readUser(tx, id, auth) };
  });
}

/** PUT (whole record) or PATCH (the fields sent, over the stored ones); 403 and nothing written when a rule of user-rights.ts refuses. */
export async function updateUser(db: Db, auth: AuthContext, id: number, payload: Record<string, unknown>, partial: boolean) {
  return db.transaction(async (tx) => {
    const current = await readUser(tx, id, auth);
    const stored = await repo.lockUser(tx, id);
    if (!stored) throw notFound();
    await assertFresh(tx, "app_user", id, payload.updated_at);
    const body = await validateBody(userUpdateSchema, partial ? { ...current, ...payload } : payload);
    await checkReferences(tx, body, id);
    const self = id === auth.userId;
    const before = await repo.rightsOf(tx, id);
    if (changeRefusal(await actorRights(tx, auth), before, await repo.rightsOfBody(tx, body), self)) throw forbidden();
    if (self && !body.is_active) throw badRequest(MESSAGES.cannotDeactivateSelf);
    const losesSuperuser = stored.isSuperuser && stored.isActive && !(body.is_superuser && body.is_active);
    if (losesSuperuser && (await repo.otherActiveSuperusers(tx, id)) === 0) throw badRequest(MESSAGES.lastSuperuser);
    await auditLinks(tx, "app_user", id, "edit", linksOf(current), links(body));
    await tx
      .update(appUser)
      .set({ ...columns(body), updatedAt: new Date() })
      .where(eq(appUser.id, id));
    await repo.replaceLinks(tx, id, links(body));
    // A deactivated user is signed out at once (access.ts refuses inactive users too; this also empties their sessions).
    if (!body.is_active) await repo.revokeTokens(tx, id);
    return readUser(tx, id, auth);
  });
}

/**
 * The users the caller may manage (manageRefusal, the rule of a direct edit), or "all" for a superuser:
 * what reads about other users (their audit rows, their sign-ins) are limited to.
 */
export async function manageableUserIds(ex: Db | Tx, auth: AuthContext): Promise<number[] | "all"> {
  if (auth.isSuperuser) return "all";
  const actor = await repo.rightsOf(ex, auth.userId);
  if (!actor) return [];
  const users = await repo.rightsOfNonSuperusers(ex);
  return [...users].filter(([, target]) => manageRefusal(actor, target) === null).map(([id]) => id);
}

/** The admin's Reset password: a new password, and every token of that user revoked (the caller's own kept when it is theirs). */
export async function resetPassword(db: Db, auth: AuthContext, id: number, payload: unknown) {
  const body = await validateBody(resetPasswordSchema, payload);
  await db.transaction(async (tx) => {
    await readUser(tx, id, auth);
    const stored = await repo.lockUser(tx, id);
    const target = await repo.rightsOf(tx, id);
    if (!stored || !target) throw notFound();
    if (manageRefusal(await actorRights(tx, auth), target)) throw forbidden();
    if (passwordIsUsername(body.password, stored.username)) throw fieldErrors({ password: [MESSAGES.passwordIsUsername] });
    // Hashed only once the reset is allowed: the hash is the costly part of the request.
    const passwordHash = await hashPassword(body.password);
    await tx.update(appUser).set({ passwordHash, updatedAt: new Date() }).where(eq(appUser.id, id));
    await repo.revokeTokens(tx, id, id === auth.userId ? auth.tokenId : undefined);
  });
  return { message: MESSAGES.updated };
}

/** Every code the product checks, with where it sits in the matrix and its English name (the web app translates it). */
export function permissionCatalog(): (PermissionInfo & { name: string })[] {
  return ALL_CODES.map((code) => {
    const info = describePermission(code);
    const name = info.action === "extra" ? code.replace(/_/g, " ") : `${info.action} ${info.model.replace(/_/g, " ")}`;
    return { ...info, name: name.charAt(0).toUpperCase() + name.slice(1) };
  });
}

/**
 * The signed-in user's own live sessions (profile): device, address, when it signed in and was last
 * seen, when it expires at the latest, and until when it lives unused (session-policy.ts).
 */
export async function sessions(db: Db, auth: AuthContext, idleDays: number) {
  const rows = await repo.tokensOf(db, auth.userId, idleDays);
  return rows.map((row) => {
    const idleUntil = new Date(Math.min(row.lastSeenAt.getTime() + idleDays * 86_400_000, row.expiresAt.getTime()));
    return {
      id: row.id,
      device: row.userAgent,
      ip: row.ip,
      created_at: row.createdAt.toISOString(),
      last_seen: row.lastSeenAt.toISOString(),
      expires_at: row.expiresAt.toISOString(),
      idle_until: idleUntil.toISOString(),
      current: row.id === auth.tokenId,
    };
  });
}

export async function signOutOthers(db: Db, auth: AuthContext) {
  await repo.revokeTokens(db, auth.userId, auth.tokenId);
  return { message: MESSAGES.updated };
}

/** Signs out one other device of the user's; this device signs out through logout/. */
export async function signOutSession(db: Db, auth: AuthContext, tokenId: number) {
  if (tokenId === auth.tokenId || !(await repo.deleteOwnToken(db, auth.userId, tokenId))) throw notFound();
  return { message: MESSAGES.deleted };
}
