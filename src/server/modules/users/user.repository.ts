import { and, eq, sql, type SQL } from "drizzle-orm";
import type { Rights } from "../../../core/user-rights";
import { intArray, queryRows, type Executor, type Tx } from "../../db/client";
import { appUser, authToken, userBranch, userCashbox, userGroup, userPermission } from "../../db/tables";

/**
 * The cashbox ids a user may use: those listed for them, or with none listed every cashbox of their
 * branches; a superuser every cashbox. One SQL expression so me/, the rights checks and the list agree.
 */
export const usableCashboxesSql = (userId: SQL | number) => sql`array(
  select c.id from cashbox c join app_user cu on cu.id = ${userId}
  where c.deleted_at is null
    and (cu.is_superuser
         or (c.branch_id in (select branch_id from user_branch where user_id = cu.id)
             and (not exists (select 1 from user_cashbox where user_id = cu.id)
                  or c.id in (select cashbox_id from user_cashbox where user_id = cu.id))))
  order by c.id)`;

const rightsRowsSql = (where: SQL) => sql`select u.id, u.is_superuser,
      array(select code from user_permission where user_id = u.id
            union select gp.code from group_permission gp join user_group ug on ug.group_id = gp.group_id where ug.user_id = u.id) as permissions,
      case when u.is_superuser then array(select id from branch order by id)
           else array(select branch_id from user_branch where user_id = u.id order by branch_id) end as branches,
      ${usableCashboxesSql(sql`u.id`)} as cashboxes
    from app_user u where ${where}`;

type RightsRow = { id: number; is_superuser: boolean; permissions: string[]; branches: number[]; cashboxes: number[] };

const rightsFromRow = (row: RightsRow): Rights => ({
  isSuperuser: row.is_superuser,
  permissions: row.permissions,
  branches: row.branches.map(Number),
  cashboxes: row.cashboxes.map(Number),
});

/** A user's rights as the checks of core/user-rights.ts read them: groups folded in, cashboxes resolved. */
export async function rightsOf(ex: Executor, userId: number): Promise<Rights | null> {
  const [row] = await queryRows<RightsRow>(ex, rightsRowsSql(sql`u.id = ${userId}`));
  return row ? rightsFromRow(row) : null;
}

/** The rights of every user who is not a superuser, by user id. */
export async function rightsOfNonSuperusers(ex: Executor): Promise<Map<number, Rights>> {
  const rows = await queryRows<RightsRow>(ex, rightsRowsSql(sql`not u.is_superuser`));
  return new Map(rows.map((row) => [Number(row.id), rightsFromRow(row)]));
}

/** The rights of every member of each group, by group id (a group without members maps to []). */
export async function memberRightsOf(ex: Executor, groupIds: number[]): Promise<Map<number, Rights[]>> {
  const byGroup = new Map<number, Rights[]>(groupIds.map((id) => [id, []]));
  if (groupIds.length === 0) return byGroup;
  const links = await queryRows<{ user_id: number; group_id: number }>(
    ex,
    sql`select user_id, group_id from user_group where group_id = any(${intArray(groupIds)})`,
  );
  const userIds = [...new Set(links.map((link) => Number(link.user_id)))];
  if (userIds.length === 0) return byGroup;
  const rows = await queryRows<RightsRow>(ex, rightsRowsSql(sql`u.id = any(${intArray(userIds)})`));
  const byUser = new Map(rows.map((row) => [Number(row.id), rightsFromRow(row)]));
  for (const link of links) {
    const rights = byUser.get(Number(link.user_id));
    if (rights) byGroup.get(Number(link.group_id))?.push(rights);
  }
  return byGroup;
}

/** The rights a user would have with these links: the body of a create or an edit, before it is written. */
export async function rightsOfBody(
  ex: Executor,
  body: { is_superuser: boolean; permissions: string[]; groups: number[]; branches: number[]; cashboxes: number[] },
): Promise<Rights> {
  const groupCodes =
    body.groups.length === 0
      ? []
      : (
          await queryRows<{ code: string }>(
            ex,
            sql`select distinct code from group_permission where group_id = any(${intArray(body.groups)})`,
          )
        ).map((r) => r.code);
  const branchCashboxes = async (branches: number[]) =>
    branches.length === 0
      ? []
      : (
          await queryRows<{ id: number }>(
            ex,
            sql`select id from cashbox where deleted_at is null and branch_id = any(${intArray(branches)}) order by id`,
          )
        ).map((r) => Number(r.id));
  if (body.is_superuser) {
    const [all] = await queryRows<{ branches: number[] }>(ex, sql`select array(select id from branch order by id) as branches`);
    const branches = all.branches.map(Number);
    return { isSuperuser: true, permissions: [], branches, cashboxes: await branchCashboxes(branches) };
  }
  return {
    isSuperuser: false,
    permissions: [...new Set([...body.permissions, ...groupCodes])],
    branches: body.branches,
    cashboxes: body.cashboxes.length > 0 ? body.cashboxes : await branchCashboxes(body.branches),
  };
}

/** Ids among `ids` that exist in `table` (not deleted where the table has tombstones). */
export async function existingIds(ex: Executor, table: "branch" | "auth_group" | "cashbox", ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const tombstone = table === "auth_group" ? sql`true` : sql`deleted_at is null`;
  const rows = await queryRows<{ id: number }>(
    ex,
    sql`select id from ${sql.identifier(table)} where ${tombstone} and id = any(${intArray(ids)})`,
  );
  return rows.map((r) => Number(r.id));
}

/** Cashboxes among `ids` whose branch is not one of `branches`. */
export async function cashboxesOutside(ex: Executor, ids: number[], branches: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await queryRows<{ id: number }>(
    ex,
    sql`select id from cashbox where id = any(${intArray(ids)}) and not (branch_id = any(${intArray(branches)}))`,
  );
  return rows.map((r) => Number(r.id));
}

/** Whether the inventory exists (not deleted) and belongs to one of `branches` (null: a superuser's, every branch). */
export async function inventoryInBranches(ex: Executor, id: number, branches: number[] | null): Promise<boolean> {
  if (branches?.length === 0) return false;
  const inBranches = branches === null ? sql`true` : sql`branch_id = any(${intArray(branches)})`;
  const rows = await queryRows<{ id: number }>(ex, sql`select id from inventory where id = ${id} and deleted_at is null and ${inBranches}`);
  return rows.length > 0;
}

/** The next user id, taken before the insert (links-audit.ts). */
export async function nextUserId(tx: Tx): Promise<number> {
  const [row] = await queryRows<{ id: number }>(tx, sql`select nextval(pg_get_serial_sequence('app_user', 'id'))::int as id`);
  return Number(row.id);
}

export async function usernameTaken(ex: Executor, username: string, exceptId?: number): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    ex,
    sql`select id from app_user where lower(username) = lower(${username}) ${exceptId ? sql`and id <> ${exceptId}` : sql``} limit 1`,
  );
  return rows.length > 0;
}

/** Locks the user's row for the rest of the transaction (an edit, a reset) and answers it. */
export async function lockUser(tx: Tx, id: number) {
  const [row] = await tx.select().from(appUser).where(eq(appUser.id, id)).for("update");
  return row ?? null;
}

export async function otherActiveSuperusers(ex: Executor, exceptId: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    ex,
    sql`select count(*)::int as n from app_user where is_superuser and is_active and id <> ${exceptId}`,
  );
  return row.n;
}

export type UserLinks = {
  branches: number[];
  cashboxes: number[];
  groups: number[];
  permissions: string[];
};

/** Replaces the user's branches, cashboxes, groups and direct permissions with the given ones. */
export async function replaceLinks(tx: Tx, userId: number, links: UserLinks) {
  await tx.delete(userBranch).where(eq(userBranch.userId, userId));
  await tx.delete(userCashbox).where(eq(userCashbox.userId, userId));
  await tx.delete(userGroup).where(eq(userGroup.userId, userId));
  await tx.delete(userPermission).where(eq(userPermission.userId, userId));
  if (links.branches.length) await tx.insert(userBranch).values(links.branches.map((branchId) => ({ userId, branchId })));
  if (links.cashboxes.length) await tx.insert(userCashbox).values(links.cashboxes.map((cashboxId) => ({ userId, cashboxId })));
  if (links.groups.length) await tx.insert(userGroup).values(links.groups.map((groupId) => ({ userId, groupId })));
  if (links.permissions.length) await tx.insert(userPermission).values(links.permissions.map((code) => ({ userId, code })));
}

/** Signs the user out everywhere (a reset password, a deactivation), or everywhere but one token. */
export async function revokeTokens(ex: Executor, userId: number, keepTokenId?: number) {
  await ex
    .delete(authToken)
    .where(keepTokenId ? and(eq(authToken.userId, userId), sql`${authToken.id} <> ${keepTokenId}`) : eq(authToken.userId, userId));
}

/** The user's tokens still alive: not expired, and used within the last `idleDays`. */
export async function tokensOf(ex: Executor, userId: number, idleDays: number) {
  return ex
    .select({
      id: authToken.id,
      userAgent: authToken.userAgent,
      ip: authToken.ip,
      createdAt: authToken.createdAt,
      lastSeenAt: authToken.lastSeenAt,
      expiresAt: authToken.expiresAt,
    })
    .from(authToken)
    .where(
      and(
        eq(authToken.userId, userId),
        sql`${authToken.expiresAt} > now()`,
        sql`${authToken.lastSeenAt} > now() - make_interval(secs => ${idleDays * 86400})`,
      ),
    )
    .orderBy(sql`${authToken.lastSeenAt} desc`);
}

export async function deleteOwnToken(ex: Executor, userId: number, tokenId: number): Promise<boolean> {
  const rows = await ex
    .delete(authToken)
    .where(and(eq(authToken.userId, userId), eq(authToken.id, tokenId)))
    .returning({ id: authToken.id });
  return rows.length > 0;
}
