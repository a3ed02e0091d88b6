import { isIsoDate } from "../../../core/dates";
import { MESSAGES, interpolate } from "../../../core/messages";
import { MAX_ID } from "../../../core/validation/common";
import { fieldErrors } from "../../http/errors";

/**
 * The one set of readers of report parameters outside the list engine (dates, id lists, a choice, a whole
 * number); each wrong value is a field error, never a 5xx.
 */
export type RawQuery = Record<string, string | string[] | undefined>;

export const single = (v: string | string[] | undefined): string | undefined => (Array.isArray(v) ? v[v.length - 1] : v);

export function optionalDate(q: RawQuery, key: string): string | null {
  const raw = single(q[key]);
  if (raw === undefined || raw === "") return null;
  if (!isIsoDate(raw)) throw fieldErrors({ [key]: [MESSAGES.date] });
  return raw;
}

/** A comma list of ids (branch=1,2); empty when absent. A wrong one reads as the list engine's filters do. */
export function idList(q: RawQuery, key: string): number[] {
  const raw = single(q[key]);
  if (raw === undefined || raw.trim() === "") return [];
  const ids = raw.split(",").map((p) => Number(p.trim()));
  if (ids.length > 100 || ids.some((id) => !Number.isInteger(id) || id <= 0 || id > MAX_ID))
    throw fieldErrors({ [key]: [MESSAGES.number] });
  return ids;
}

/** One id (cashbox=3), required: absent is "required"; a list, a repeat or anything but a whole id is a number error. */
export function requiredId(q: RawQuery, key: string): number {
  const raw = q[key];
  if (raw === undefined || raw === "") throw fieldErrors({ [key]: [MESSAGES.required] });
  const ids = Array.isArray(raw) ? [] : idList(q, key);
  if (ids.length !== 1) throw fieldErrors({ [key]: [MESSAGES.number] });
  return ids[0];
}

/** A start date not after the end date (SPEC section 5). */
export function dateRange(q: RawQuery): { startDate: string | null; endDate: string | null } {
  const startDate = optionalDate(q, "start_date");
  const endDate = optionalDate(q, "end_date");
  if (startDate && endDate && startDate > endDate) throw fieldErrors({ start_date: [MESSAGES.selectStartAndEndDate] });
  return { startDate, endDate };
}

/** One of `values`; `fallback` when absent or empty. */
export function oneOf<T extends string>(q: RawQuery, key: string, values: readonly T[], fallback: T): T {
  const raw = single(q[key]) || fallback;
  const choice = values.find((value) => value === raw);
  if (choice === undefined) throw fieldErrors({ [key]: [interpolate(MESSAGES.oneOf, { values: values.join(", ") })] });
  return choice;
}

/** A whole number from 0 to `max`; `fallback` when absent or empty. */
export function wholeNumber(q: RawQuery, key: string, fallback: number, max: number): number {
  const raw = single(q[key]);
  if (raw === undefined || raw === "") return fallback;
  if (!/^\d+$/.test(raw)) throw fieldErrors({ [key]: [MESSAGES.integer] });
  const value = Number(raw);
  if (value > max) throw fieldErrors({ [key]: [interpolate(MESSAGES.lessThanOrEqual, { max })] });
  return value;
}
