/**
 * Date helpers of SPEC section 9 on date-fns. Storage forms: yyyy-MM-dd (date) and
 * yyyy-MM-dd HH:mm:ss (date-time), both in local time. Display default dd/MM/yyyy. Week starts Sunday.
 * All "today"-relative helpers take `today` as a parameter so they are pure and testable.
 */
import { addDays, endOfMonth, format, isValid, parseISO, startOfMonth, startOfYear, subMonths, subYears, endOfYear } from "date-fns";
import { MESSAGES } from "./messages";

export const DISPLAY_DATE = "dd/MM/yyyy";
export const DISPLAY_TIME = "hh:mm a";
export const DISPLAY_DATE_TIME = "dd/MM/yyyy hh:mm a";
export const ISO_DATE = "yyyy-MM-dd";
export const ISO_DATE_TIME = "yyyy-MM-dd HH:mm:ss";
/** Sunday, as date-fns' weekStartsOn option. */
export const WEEK_STARTS_ON = 0;

export type DateInput = Date | string | number;

const SPACE_DATE_TIME = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}(:\d{2}(\.\d+)?)?)$/;

/**
 * Strings are read as ISO 8601 in local time ("2024-03-05" is local midnight, not UTC, unlike
 * new Date()), also with a space before the time; numbers are epoch milliseconds.
 */
export function toDate(value: DateInput): Date {
  if (value instanceof Date) return new Date(value.getTime());
  if (typeof value === "number") return new Date(value);
  const text = value.trim();
  const spaced = SPACE_DATE_TIME.exec(text);
  return parseISO(spaced ? `${spaced[1]}T${spaced[2]}` : text);
}

/** True for a real calendar date: parseISO refuses "2024-02-30" rather than rolling it over. */
export function isValidDate(value: DateInput | null | undefined): boolean {
  if (value === null || value === undefined || value === "") return false;
  return isValid(toDate(value));
}

/**
 * The storage form yyyy-MM-dd of a real calendar date that PostgreSQL's date takes (year 1 to 9999):
 * the one check of dates that arrive from outside (list filters, request bodies).
 */
export function isIsoDate(value: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) && Number(value.slice(0, 4)) >= 1 && isValidDate(value);
}

/** Display form; empty value -> "", invalid date -> "Invalid time value" (SPEC section 5). */
export function formatDate(value: DateInput | null | undefined, pattern: string = DISPLAY_DATE): string {
  if (value === null || value === undefined || value === "") return "";
  const date = toDate(value);
  if (!isValid(date)) return MESSAGES.invalidTimeValue;
  return format(date, pattern);
}

function requireValid(value: DateInput): Date {
  const date = toDate(value);
  if (!isValid(date)) throw new RangeError(MESSAGES.invalidTimeValue);
  return date;
}

/** Storage form yyyy-MM-dd; throws RangeError("Invalid time value") on an invalid date. */
export const toIsoDate = (value: DateInput): string => format(requireValid(value), ISO_DATE);

/** Storage form yyyy-MM-dd HH:mm:ss; throws RangeError("Invalid time value") on an invalid date. */
export const toIsoDateTime = (value: DateInput): string => format(requireValid(value), ISO_DATE_TIME);

export interface DateRange {
  /** yyyy-MM-dd */
  start: string;
  /** yyyy-MM-dd */
  end: string;
}

/** First day of today's month, yyyy-MM-dd. */
export const firstDayOfMonth = (today: Date = new Date()): string => format(startOfMonth(today), ISO_DATE);

/** The lists' default range: first day of the month to today. */
export function defaultDateRange(today: Date = new Date()): DateRange {
  return { start: firstDayOfMonth(today), end: toIsoDate(today) };
}

/**
 * Date range presets (SPEC section 9), with their English labels.
 * "this_*" presets run to today; "last_*" presets cover whole finished periods and end on the last day
 * of the previous month (or year): last_month is the previous calendar month, last_N_months the N
 * calendar months before the current one (on 15 May, last_2_months is 1 March to 30 April), last_year
 * the previous calendar year.
 */
export const DATE_PRESETS = {
  today: "Today",
  yesterday: "Yesterday",
  this_month: "This month",
  last_month: "Last month",
  last_2_months: "Last 2 months",
  last_3_months: "Last 3 months",
  last_6_months: "Last 6 months",
  this_year: "This year",
  last_year: "Last year",
} as const;

export type DatePresetKey = keyof typeof DATE_PRESETS;
export const DATE_PRESET_KEYS = Object.keys(DATE_PRESETS) as DatePresetKey[];

function lastMonths(today: Date, count: number): DateRange {
  const previousMonth = subMonths(startOfMonth(today), 1);
  return {
    start: toIsoDate(subMonths(startOfMonth(today), count)),
    end: toIsoDate(endOfMonth(previousMonth)),
  };
}

export function presetRange(key: DatePresetKey, today: Date = new Date()): DateRange {
  switch (key) {
    case "today":
      return { start: toIsoDate(today), end: toIsoDate(today) };
    case "yesterday": {
      const yesterday = toIsoDate(addDays(today, -1));
      return { start: yesterday, end: yesterday };
    }
    case "this_month":
      return defaultDateRange(today);
    case "last_month":
      return lastMonths(today, 1);
    case "last_2_months":
      return lastMonths(today, 2);
    case "last_3_months":
      return lastMonths(today, 3);
    case "last_6_months":
      return lastMonths(today, 6);
    case "this_year":
      return { start: toIsoDate(startOfYear(today)), end: toIsoDate(today) };
    case "last_year": {
      const lastYear = subYears(today, 1);
      return { start: toIsoDate(startOfYear(lastYear)), end: toIsoDate(endOfYear(lastYear)) };
    }
  }
}

/** SPEC section 5: accepted only with two valid dates, start not after end (same day is fine). */
export function isValidDateRange(start: DateInput | null | undefined, end: DateInput | null | undefined): boolean {
  if (!isValidDate(start) || !isValidDate(end)) return false;
  return toDate(start as DateInput).getTime() <= toDate(end as DateInput).getTime();
}
