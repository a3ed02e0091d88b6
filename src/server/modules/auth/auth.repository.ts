import { and, eq, gt, inArray, sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { appUser, authToken, branch, cashbox, currency, inventory, loginFailure } from "../../db/tables";

export async function findUserByUsername(ex: Executor, username: string) {
  const [row] = await ex.select().from(appUser).where(eq(appUser.username, username)).limit(1);
  return row ?? null;
}

export async function findUserById(ex: Executor, id: number) {
  const [row] = await ex.select().from(appUser).where(eq(appUser.id, id)).limit(1);
  return row ?? null;
}

export async function insertToken(ex: Executor, userId: number, tokenHash: string, expiresAt: Date, userAgent: string) {
  await ex.insert(authToken).values({ userId, tokenHash, expiresAt, userAgent });
}

export async function deleteToken(ex: Executor, tokenId: number) {
  await ex.delete(authToken).where(eq(authToken.id, tokenId));
}

export async function deleteOtherTokens(ex: Executor, userId: number, keepTokenId: number) {
  await ex.delete(authToken).where(and(eq(authToken.userId, userId), sql`${authToken.id} <> ${keepTokenId}`));
}

export async function countRecentFailures(ex: Executor, username: string, ip: string, since: Date) {
  const [byUser] = await ex
    .select({ n: sql<number>`count(*)::int` })
    .from(loginFailure)
    .where(and(eq(loginFailure.username, username), gt(loginFailure.at, since)));
  const [byIp] = await ex
    .select({ n: sql<number>`count(*)::int` })
    .from(loginFailure)
    .where(and(eq(loginFailure.ip, ip), gt(loginFailure.at, since)));
  return { byUser: byUser?.n ?? 0, byIp: byIp?.n ?? 0 };
}

export async function recordFailure(ex: Executor, username: string, ip: string) {
  await ex.insert(loginFailure).values({ username, ip });
}

export async function clearFailures(ex: Executor, username: string) {
  await ex.delete(loginFailure).where(eq(loginFailure.username, username));
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
    inventories: inventories.filter((i) => i.branchId === b.id).map((i) => ({ id: i.id, name: i.name })),
  }));
}

export async function cashboxesOfBranches(ex: Executor, branchIds: number[]) {
  if (branchIds.length === 0) return [];
  const rows = await ex
    .select({ cashbox, currency })
    .from(cashbox)
    .innerJoin(currency, eq(currency.id, cashbox.currencyId))
    .where(and(inArray(cashbox.branchId, branchIds), sql`${cashbox.deletedAt} is null`))
    .orderBy(cashbox.id);
  return rows.map((r) => ({
    id: r.cashbox.id,
    name: r.cashbox.name,
    branch_id: r.cashbox.branchId,
    currency: { id: r.currency.id, code: r.currency.code, symbol: r.currency.symbol },
  }));
}
