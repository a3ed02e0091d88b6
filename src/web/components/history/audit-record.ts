import { textOf } from "../../../core/text";

/**
 * The audit trail as the web app reads it (`GET audit/`), and the helpers its screens share.
 */

export interface FieldChange {
  old: unknown;
  new: unknown;
}

export interface AuditRow {
  id: number;
  at: string;
  user: number | null;
  user_name: string | null;
  branch: number | null;
  branch_name: string | null;
  record_type: string;
  record_id: number | null;
  action: string;
  /** `{ field: { old, new } }`, or an event's details as plain values. */
  changes: Record<string, unknown>;
}

/**
 * The record type (table name) of a view's route or endpoint: the path segment before the record's
 * id ("/sale/sale-return/12/view" gives sale_return), or the last one ("accounting/cashbox-transfer/").
 */
export function recordTypeOf(path: string): string | null {
  const parts = path.split("?")[0].split("/").filter(Boolean);
  const idAt = parts.findIndex((p) => /^\d+$/.test(p));
  const segment = idAt > 0 ? parts[idAt - 1] : parts[parts.length - 1];
  return segment ? segment.replace(/-/g, "_") : null;
}

/** A field change is `{ old, new }`; an event's details (a sign-in's address) are plain values. */
export function isFieldChange(value: unknown): value is FieldChange {
  return typeof value === "object" && value !== null && !Array.isArray(value) && "old" in value && "new" in value;
}

/** A column name as words: "paid_amount" gives "Paid amount". */
export function fieldTitle(name: string): string {
  const words = name.replace(/_id$/, "").replace(/_/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A stored value as text: empty for null, JSON for objects, as is otherwise. */
export function valueText(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "object") return JSON.stringify(value);
  return textOf(value);
}

/** The changes of a row, one entry a field: old and new values (or the event's detail as new). */
export function changeEntries(changes: AuditRow["changes"]): { field: string; old: unknown; new: unknown; isChange: boolean }[] {
  return Object.entries(changes ?? {}).map(([field, value]) =>
    isFieldChange(value) ? { field, old: value.old, new: value.new, isChange: true } : { field, old: null, new: value, isChange: false },
  );
}

/** The changes of a row as plain text lines: field, old and new (or the event's detail as new). */
export function changeLines(changes: AuditRow["changes"]): { field: string; old: string; new: string; isChange: boolean }[] {
  return changeEntries(changes).map((e) => ({ field: e.field, old: valueText(e.old), new: valueText(e.new), isChange: e.isChange }));
}
