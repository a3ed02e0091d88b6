import { MESSAGES } from "../../../core/messages";
import { eq } from "drizzle-orm";
import type { AuthUser } from "../../../core/api-types";
import type { Db } from "../../db/client";
import { appUser } from "../../db/tables";
import type { AuthContext } from "../../http/access";
import { badRequest, fieldErrors, tooManyAttempts, unauthorized } from "../../http/errors";
import { hashPassword, hashToken, newToken, verifyPassword } from "../../http/passwords";
import { recordAudit } from "../audit/audit.service";
import * as repo from "./auth.repository";

export const TOKEN_LIFETIME_DAYS = 30;
/** Failures allowed in the window before sign-in is refused, per username and per address. */
const MAX_FAILURES_PER_USER = 5;
const MAX_FAILURES_PER_IP = 30;
const FAILURE_WINDOW_MS = 15 * 60 * 1000;

// A fixed hash to verify against when the user does not exist, so timing does not reveal usernames.
let dummyHash: Promise<string> | null = null;

export async function login(db: Db, username: string, password: string, ip: string, userAgent: string): Promise<{ token: string }> {
  const since = new Date(Date.now() - FAILURE_WINDOW_MS);
  const failures = await repo.countRecentFailures(db, username, ip, since);
  if (failures.byUser >= MAX_FAILURES_PER_USER || failures.byIp >= MAX_FAILURES_PER_IP) throw tooManyAttempts();

  const user = await repo.findUserByUsername(db, username);
  dummyHash ??= hashPassword("not-a-password");
  const valid = await verifyPassword(password, user?.passwordHash ?? (await dummyHash));
  if (!user || !valid || !user.isActive) {
    await repo.recordFailure(db, username, ip);
    throw badRequest("Invalid username or password");
  }
  await repo.clearFailures(db, username);
  const token = newToken();
  const expiresAt = new Date(Date.now() + TOKEN_LIFETIME_DAYS * 24 * 3600 * 1000);
  await repo.insertToken(db, user.id, hashToken(token), expiresAt, userAgent.slice(0, 300));
  await recordAudit(db, { userId: user.id, recordType: "app_user", recordId: user.id, action: "sign-in", changes: { ip } });
  return { token };
}

export async function logout(db: Db, auth: AuthContext) {
  await repo.deleteToken(db, auth.tokenId);
}

export async function me(db: Db, auth: AuthContext): Promise<AuthUser> {
  const user = await repo.findUserById(db, auth.userId);
  if (!user) throw unauthorized();
  return {
    id: user.id,
    username: user.username,
    first_name: user.firstName,
    last_name: user.lastName,
    email: user.email,
    phone: user.phone,
    is_superuser: user.isSuperuser,
    default_branch_id: user.defaultBranchId,
    permissions: auth.permissions,
    branches: await repo.branchesWithInventories(db, auth.branchIds),
    cashboxes: await repo.cashboxesOfBranches(db, auth.branchIds),
  };
}

export async function updateProfile(
  db: Db,
  auth: AuthContext,
  body: { first_name?: string | null; last_name?: string | null; email?: string | null; phone?: string | null },
) {
  await db
    .update(appUser)
    .set({
      firstName: body.first_name ?? "",
      lastName: body.last_name ?? "",
      email: body.email ?? "",
      phone: body.phone ?? "",
      updatedAt: new Date(),
    })
    .where(eq(appUser.id, auth.userId));
  return me(db, auth);
}

/** Changing the password signs out every other device of the user. */
export async function changePassword(db: Db, auth: AuthContext, oldPassword: string, newPassword: string) {
  const user = await repo.findUserById(db, auth.userId);
  if (!user || !(await verifyPassword(oldPassword, user.passwordHash))) {
    throw fieldErrors({ old_password: [MESSAGES.wrongOldPassword] });
  }
  await db.transaction(async (tx) => {
    await tx
      .update(appUser)
      .set({ passwordHash: await hashPassword(newPassword), updatedAt: new Date() })
      .where(eq(appUser.id, user.id));
    await repo.deleteOtherTokens(tx, user.id, auth.tokenId);
  });
  return { message: "Updated successfully" };
}
