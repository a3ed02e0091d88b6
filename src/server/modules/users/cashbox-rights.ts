import { sql, type SQL } from "drizzle-orm";
import { MESSAGES } from "../../../core/messages";
import { intArray, queryRows, type Executor } from "../../db/client";
import type { AuthContext } from "../../http/access";
import { forbidden } from "../../http/errors";
import { usableCashboxesSql } from "./user.repository";

/**
 * The cashboxes a user may use bind every write that moves money through one, not only the pickers:
 * a sale or purchase paid from it, every accounting and HR document booked on it, and the
 * edit or delete of one (which moves its money back). One rule, asked in the query that already reads
 * or locks the cashbox, so it costs no round trip; a superuser may use every cashbox.
 */
export function cashboxUsableSql(auth: AuthContext, cashboxId: SQL): SQL {
  return auth.isSuperuser ? sql`true` : sql`(${cashboxId} = any(${usableCashboxesSql(auth.userId)}))`;
}

/** 403 with its reason, so the form (or the outbox's "needs attention") says which rule refused. */
export const cashboxNotUsable = () => forbidden(MESSAGES.cashboxNotUsable);

/** Refuses a write that would move money back through a cashbox the caller may not use (the edit or delete of a paid document). */
export async function assertCashboxesUsable(ex: Executor, auth: AuthContext, ids: readonly (number | null)[]): Promise<void> {
  const wanted = ids.filter((id): id is number => id !== null);
  if (auth.isSuperuser || wanted.length === 0) return;
  const refused = await queryRows<{ id: number }>(
    ex,
    sql`select c.id from cashbox c where c.id = any(${intArray(wanted)}) and not ${cashboxUsableSql(auth, sql`c.id`)}`,
  );
  if (refused.length > 0) throw cashboxNotUsable();
}
