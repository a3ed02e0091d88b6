/**
 * The audit trail: who changed which record, when, in which branch, and each field's
 * old and new value, written in the same transaction as the change.
 *
 * HOW TO AUDIT YOUR WRITES
 * 1. Table writes need nothing from you. A trigger (`audit_row`, migrations `audit_triggers` and `audit_skip_empty_values`) on every
 *    audited table writes one `audit_log` row per record and transaction: `create` on insert,
 *    `delete` on a tombstone (deleted_at set) or a DELETE, `approve` when `approved` turns true,
 *    `edit` otherwise, with `{ field: { old, new } }` of the columns that changed. Several writes of
 *    one record in one transaction (insert, then its number) merge into one row; a rolled back
 *    change leaves none. The user is the one of the request: `installAuditContext` makes every
 *    `db.transaction` opened while serving a signed-in request start with
 *    `set_config('app.user_id', <user>, true)`. Writes outside a transaction or outside a request
 *    (seeding, imports) are not audited.
 * 2. A new table of yours: add `SELECT audit_attach('my_table');` to a custom migration
 *    (`npx drizzle-kit generate --custom --name <area>_audit`). Name the columns other documents
 *    update as a side effect (`SELECT audit_attach('sale', 'paid_amount');`): an update touching
 *    only those is not an edit. Never attach it to lines, ledger rows, stock movements, tokens,
 *    idempotency records or outbox tables: their document's row is the record audited.
 * 3. Anything else (an event, or a change the trigger cannot see, such as a user's groups):
 *    `recordAudit(tx, { recordType, recordId, action, changes, userId?, branchId? })`, with
 *    `diffRows(before, after)` to build the changes of two snapshots of a row.
 * 4. An update that is more than an edit (a cancel, a reopen): `withAuditAction(tx, "cancel", () => ...)`.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { sql } from "drizzle-orm";
import { queryRowsPrepared, type Db, type Executor, type Tx } from "../../db/client";
import { auditLog } from "../../db/tables";

export type AuditAction = "create" | "edit" | "delete" | "approve" | "sign-in" | "sign-out" | "lockout" | "lockout-end" | (string & {});

export type FieldChanges = Record<string, { old: unknown; new: unknown }>;

export interface AuditEntry {
  /** Table name of the record ("sale") or the subject of an event ("app_user" for a sign-in). */
  recordType: string;
  recordId?: number | null;
  action: AuditAction;
  changes?: FieldChanges | Record<string, unknown>;
  /** Defaults to the signed-in user of the request being served. */
  userId?: number | null;
  branchId?: number | null;
}

/** Bookkeeping columns that are never a person's change (the trigger skips the same ones). */
const BOOKKEEPING = new Set(["id", "created_at", "updated_at", "sync_version", "xact_id", "deleted_at", "password_hash", "form_token"]);

/** `{ field: { old, new } }` of the fields that differ between two snapshots of a row (either may be null). */
export function diffRows(before: Record<string, unknown> | null, after: Record<string, unknown> | null): FieldChanges {
  const changes: FieldChanges = {};
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  for (const key of keys) {
    if (BOOKKEEPING.has(key)) continue;
    const oldValue = before?.[key] ?? null;
    const newValue = after?.[key] ?? null;
    if (JSON.stringify(oldValue) !== JSON.stringify(newValue)) changes[key] = { old: oldValue, new: newValue };
  }
  return changes;
}

/** Writes one audit row in the caller's transaction (or alone, for an event outside any). */
export async function recordAudit(ex: Executor, entry: AuditEntry): Promise<void> {
  await ex.insert(auditLog).values({
    userId: entry.userId === undefined ? currentAuditUser() : entry.userId,
    branchId: entry.branchId ?? null,
    recordType: entry.recordType,
    recordId: entry.recordId ?? null,
    action: entry.action,
    changes: entry.changes ?? {},
  });
}

/** Runs `write` with the trigger's action for updates set to `action` (instead of "edit"). */
export async function withAuditAction<T>(tx: Tx, action: AuditAction, write: () => Promise<T>): Promise<T> {
  await tx.execute(sql`select set_config('app.audit_action', ${action}, true)`);
  const result = await write();
  await tx.execute(sql`select set_config('app.audit_action', '', true)`);
  return result;
}

const requestContext = new AsyncLocalStorage<FastifyRequest>();

/** The signed-in user of the request being served, if any. */
export function currentAuditUser(): number | null {
  return requestContext.getStore()?.auth?.userId ?? null;
}

const patched = new WeakSet<object>();

/**
 * Serves every /api handler inside a context holding its request, and makes each transaction opened
 * meanwhile name the signed-in user for the audit trigger. Install before the routes are registered.
 */
export function installAuditContext(app: FastifyInstance, db: Db) {
  app.addHook("onRoute", (route) => {
    if (!route.url.startsWith("/api/")) return;
    const handler = route.handler;
    route.handler = function (this: unknown, request, reply) {
      return requestContext.run(request, () => handler.call(this as never, request, reply));
    };
  });
  if (patched.has(db)) return;
  patched.add(db);
  const transaction = db.transaction.bind(db);
  db.transaction = ((write: (tx: Tx) => Promise<unknown>, config?: Parameters<Db["transaction"]>[1]) =>
    transaction(async (tx) => {
      const userId = currentAuditUser();
      if (userId !== null) await queryRowsPrepared(tx, sql`select set_config('app.user_id', ${String(userId)}, true)`);
      return write(tx);
    }, config)) as Db["transaction"];
}
