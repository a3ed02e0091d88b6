import { and, eq, inArray, sql } from "drizzle-orm";
import { queryRows, type Executor } from "../../db/client";
import { usableCashboxesSql } from "../users/user.repository";
import { appUser, authToken, branch, inventory } from "../../db/tables";

export async function findUserByUsername(ex: Executor, username: string) {
  const [row] = await ex.select().from(appUser).where(eq(appUser.username, username)).limit(1);
  return row ?? null;
}

export async function findUserById(ex: Executor, id: number) {
  const [row] = await ex.select().from(appUser).where(eq(appUser.id, id)).limit(1);
  return row ?? null;
}

export async function insertToken(ex: Executor, userId: number, tokenHash: string, expiresAt: Date, userAgent: string, ip: string) {
  await ex.insert(authToken).values({ userId, tokenHash, expiresAt, userAgent, ip });
}

export async function deleteToken(ex: Executor, tokenId: number) {
  await ex.delete(authToken).where(eq(authToken.id, tokenId));
}

export async function deleteOtherTokens(ex: Executor, userId: number, keepTokenId: number) {
  await ex.delete(authToken).where(and(eq(authToken.userId, userId), sql`${authToken.id} <> ${keepTokenId}`));
}

export async function branchesWithInventories(ex: Executor, branchIds: number[]) {
  if (branchIds.length === 0) return [];
  const branches = await ex.select().from(branch).where(inArray(branch.id, branchIds)).orderBy(branch.id);
  const inventories = await ex
    .select()
    .from(inventory)
    .where(and(inArray(inventory.branchId, branchIds), sql`${inventory.deletedAt} is null`))
    .orderBy(inventory.id);
  return branches.map((b) => ({
    id: b.id,
    name: b.name,
    color: b.color,
    short_code: b.shortCode,
    inventories: inventories.filter((i) => i.branchId === b.id).map((i) => ({ id: i.id, name: i.name })),
  }));
}

/** The cashboxes the user may use (user.repository.ts says which), with their currency. */
export async function usableCashboxes(ex: Executor, userId: number) {
  const rows = await queryRows<{ id: number; name: string; branch_id: number; currency_id: number; code: string; symbol: string }>(
    ex,
    sql`select c.id, c.name, c.branch_id, cu.id as currency_id, cu.code, cu.symbol
        from cashbox c join currency cu on cu.id = c.currency_id
        where c.id = any(${usableCashboxesSql(userId)}) order by c.id`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    name: r.name,
    branch_id: Number(r.branch_id),
    currency: { id: Number(r.currency_id), code: r.code, symbol: r.symbol },
  }));
}
