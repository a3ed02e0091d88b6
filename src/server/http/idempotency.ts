import { createHash } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import { queryRows } from "../db/client";
import { idempotencyRecord } from "../db/tables";
import type { AuthContext } from "./access";
import { fieldErrors, reusedToken, stillRunning } from "./errors";

export interface CreateResult {
  status: number;
  body: unknown;
}

/** JSON with sorted keys, so the same body always hashes the same whatever the key order. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

export function requestHash(payload: Record<string, unknown>): string {
  const { form_token: _ignored, ...rest } = payload;
  return createHash("sha256").update(canonicalJson(rest)).digest("hex");
}

export function readFormToken(payload: Record<string, unknown>): string {
  const token = payload.form_token;
  if (typeof token !== "string" || token.trim() === "") throw fieldErrors({ form_token: ["This field is required"] });
  if (token.length > 200) throw fieldErrors({ form_token: ["must contain at most 200 characters"] });
  return token;
}

/**
 * Exactly one effect per form_token (DESIGN section 4). The write and the record of its answer
 * commit together. A transaction-scoped advisory lock on (user, token) tells a concurrent retry
 * that the first is still running (409) instead of letting it wait or write twice; once the first
 * commits, a retry finds the record and gets the first answer back, or 422 if the body differs.
 * The token is scoped to its user, so a replay never returns another user's response.
 */
export async function idempotentCreate(
  db: Db,
  auth: AuthContext,
  payload: Record<string, unknown>,
  write: (tx: Tx) => Promise<CreateResult>,
): Promise<CreateResult> {
  const formToken = readFormToken(payload);
  const hash = requestHash(payload);
  return db.transaction(async (tx) => {
    const [lock] = await queryRows<{ locked: boolean }>(
      tx,
      sql`select pg_try_advisory_xact_lock(hashtext('form_token'), hashtext(${`${auth.userId}:${formToken}`})) as locked`,
    );
    if (!lock?.locked) throw stillRunning();
    const [existing] = await tx
      .select()
      .from(idempotencyRecord)
      .where(and(eq(idempotencyRecord.userId, auth.userId), eq(idempotencyRecord.formToken, formToken)));
    if (existing) {
      if (existing.requestHash !== hash) throw reusedToken();
      return { status: existing.responseStatus, body: existing.responseBody };
    }
    const result = await write(tx);
    await tx.insert(idempotencyRecord).values({
      userId: auth.userId,
      formToken,
      requestHash: hash,
      responseStatus: result.status,
      responseBody: result.body ?? null,
    });
    return result;
  });
}
