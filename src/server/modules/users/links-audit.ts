/**
 * A user's branches, cashboxes, groups and codes (and a group's codes) live in link tables the audit
 * trigger does not watch. Their change is written as an audit row of the user (or group) before the
 * row itself is written, so the trigger merges its column changes into that same row: one change,
 * one audit row.
 */
import { recordAudit, type AuditAction, type FieldChanges } from "../audit/audit.service";
import type { Tx } from "../../db/client";

type Links = Record<string, readonly (string | number)[]>;

const sorted = (values: readonly (string | number)[]) => [...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

export async function auditLinks(
  tx: Tx,
  recordType: "app_user" | "auth_group",
  recordId: number,
  action: AuditAction,
  before: Links | null,
  after: Links | null,
) {
  const changes: FieldChanges = {};
  for (const key of Object.keys({ ...before, ...after })) {
    const oldValue = before?.[key] ? sorted(before[key]) : null;
    const newValue = after?.[key] ? sorted(after[key]) : null;
    if (JSON.stringify(oldValue) !== JSON.stringify(newValue)) changes[key] = { old: oldValue, new: newValue };
  }
  if (Object.keys(changes).length > 0) await recordAudit(tx, { recordType, recordId, action, changes });
}
