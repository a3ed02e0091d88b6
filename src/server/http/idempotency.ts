import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import { queryRowsPrepared } from "../db/client";
import type { AuthContext } from "./access";
import { parseFormToken } from "../../core/form-token";
import { bookedByAuthor, fieldErrors, reusedToken, stillRunning } from "./errors";

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
 *
 * A device's unsynced documents can be saved to a file and loaded by another user on another device
 * (the device's safety net, web/offline/outbox-file.ts), so one well-formed token may reach the server from two users:
 * the one it was issued for (its first number) and the one who loaded the file. Both lock the issuer's
 * key, so one books it: a booking by the loader is recorded for the issuer too (the issuer's later
 * replay gets that answer back: its own document), and the loader of a token the issuer booked
 * already is refused (422), never given the issuer's answer.
 */
export async function idempotentCreate(
  db: Db,
  auth: AuthContext,
  payload: Record<string, unknown>,
  write: (tx: Tx) => Promise<CreateResult>,
): Promise<CreateResult> {
  const formToken = readFormToken(payload);
  const hash = requestHash(payload);
  const issuer = parseFormToken(formToken)?.userId ?? auth.userId;
  return db.transaction(async (tx) => {
    const [lock] = await queryRowsPrepared<{ locked: boolean }>(
      tx,
      sql`select pg_try_advisory_xact_lock(hashtext('form_token'), hashtext(${`${issuer}:${formToken}`})) as locked`,
    );
    if (!lock?.locked) throw stillRunning();
    // Plain SQL: this runs on every create, where Drizzle's builders cost more than the round trip.
    const [existing] = await queryRowsPrepared<{ request_hash: string; response_status: number; response_body: unknown }>(
      tx,
      sql`select request_hash, response_status, response_body from idempotency_record where user_id = ${auth.userId} and form_token = ${formToken}`,
    );
    if (existing) {
      if (existing.request_hash !== hash) throw reusedToken();
      return { status: existing.response_status, body: existing.response_body };
    }
    if (issuer !== auth.userId) {
      const [booked] = await queryRowsPrepared<{ found: number }>(
        tx,
        sql`select 1 as found from idempotency_record where user_id = ${issuer} and form_token = ${formToken}`,
      );
      if (booked) throw bookedByAuthor();
    }
    const result = await write(tx);
    const answer = JSON.stringify(result.body ?? null);
    for (const userId of issuer === auth.userId ? [auth.userId] : [auth.userId, issuer]) {
      await queryRowsPrepared(
        tx,
        sql`insert into idempotency_record (user_id, form_token, request_hash, response_status, response_body)
            values (${userId}, ${formToken}, ${hash}, ${result.status}, ${answer}::jsonb)`,
      );
    }
    return result;
  });
}
