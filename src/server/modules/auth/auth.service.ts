import { MESSAGES } from "../../../core/messages";
import { eq } from "drizzle-orm";
import type { AuthUser } from "../../../core/api-types";
import type { Db } from "../../db/client";
import { appUser } from "../../db/tables";
import type { AuthContext } from "../../http/access";
import { badRequest, fieldErrors, tooManyAttempts, unauthorized } from "../../http/errors";
import { hashPassword, hashToken, newToken, verifyPassword } from "../../http/passwords";
import { recordAudit } from "../audit/audit.service";
import { TOKEN_LIFETIME_DAYS } from "../../http/session-policy";
import * as repo from "./auth.repository";
import * as throttle from "./login-throttle";
import type { Attempt } from "./login-throttle";

// A fixed hash to verify against when the user does not exist, so timing does not reveal usernames.
let dummyHash: Promise<string> | null = null;

export interface LoginResult {
  token: string;
  /** A device cookie to set: this device signed in for the first time (login-throttle.ts). */
  deviceCookie: string | null;
}

export async function login(db: Db, attempt: Attempt, password: string, userAgent: string): Promise<LoginResult> {
  const user = await repo.findUserByUsername(db, attempt.username);
  const verdict = await throttle.judge(db, attempt, user?.id ?? null);
  if (verdict.retryAt) throw tooManyAttempts(verdict.retryAt);

  dummyHash ??= hashPassword("not-a-password");
  const valid = await verifyPassword(password, user?.passwordHash ?? (await dummyHash));
  if (!user || !valid || !user.isActive) {
    await throttle.recordFailure(db, attempt, verdict, user?.id ?? null);
    throw badRequest("Invalid username or password");
  }
  const deviceCookie = await throttle.recordSuccess(db, attempt, verdict, user.id);
  const token = newToken();
  const expiresAt = new Date(Date.now() + TOKEN_LIFETIME_DAYS * 24 * 3600 * 1000);
  await repo.insertToken(db, user.id, hashToken(token), expiresAt, userAgent.slice(0, 300), attempt.ip);
  await recordAudit(db, { userId: user.id, recordType: "app_user", recordId: user.id, action: "sign-in", changes: { ip: attempt.ip } });
  return { token, deviceCookie };
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
    default_inventory_id: user.defaultInventoryId,
    permissions: auth.permissions,
    branches: await repo.branchesWithInventories(db, auth.branchIds),
    cashboxes: await repo.usableCashboxes(db, auth.userId),
  };
}

export async function updateProfile(
  db: Db,
  auth: AuthContext,
  body: { first_name?: string | null; last_name?: string | null; email?: string | null; phone?: string | null },
) {
  // In a transaction: only a transaction names the user for the audit trigger (a bare update is not audited).
  await db.transaction((tx) =>
    tx
      .update(appUser)
      .set({
        firstName: body.first_name ?? "",
        lastName: body.last_name ?? "",
        email: body.email ?? "",
        phone: body.phone ?? "",
        updatedAt: new Date(),
      })
      .where(eq(appUser.id, auth.userId)),
  );
  return me(db, auth);
}

/** Changing the password signs out every other device of the user; wrong current passwords are throttled (429). */
export async function changePassword(db: Db, auth: AuthContext, oldPassword: string, newPassword: string) {
  const retryAt = await throttle.judgePasswordCheck(db, auth.userId);
  if (retryAt) throw tooManyAttempts(retryAt);
  const user = await repo.findUserById(db, auth.userId);
  if (!user || !(await verifyPassword(oldPassword, user.passwordHash))) {
    await throttle.recordPasswordCheckFailure(db, auth.userId);
    throw fieldErrors({ old_password: [MESSAGES.wrongOldPassword] });
  }
  await throttle.clearPasswordCheck(db, auth.userId);
  await db.transaction(async (tx) => {
    await tx
      .update(appUser)
      .set({ passwordHash: await hashPassword(newPassword), updatedAt: new Date() })
      .where(eq(appUser.id, user.id));
    await repo.deleteOtherTokens(tx, user.id, auth.tokenId);
  });
  return { message: "Updated successfully" };
}
