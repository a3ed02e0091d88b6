/**
 * The one place sign-in throttling reports to: a lockout (with the time it ends) and the end of a
 * lockout when the owner signs in after it, both in the audit trail as events of the user.
 */
import type { Db } from "../../db/client";
import { recordAudit } from "../audit/audit.service";

export interface SignInEvent {
  kind: "lockout" | "lockout-end";
  userId: number | null;
  username: string;
  ip: string;
  until: Date;
}

export async function recordSignInEvent(db: Db, event: SignInEvent): Promise<void> {
  await recordAudit(db, {
    userId: null,
    recordType: "app_user",
    recordId: event.userId,
    action: event.kind,
    changes: { username: event.username, ip: event.ip, until: event.until.toISOString() },
  });
}
