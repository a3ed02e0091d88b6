/**
 * The month grid of the date picker and its keyboard moves. Weeks start on Sunday in every language
 * (SPEC section 9), whatever the browser's locale would say. Pure: dates in and out as yyyy-MM-dd.
 */
import { addDays, addMonths, addYears, eachDayOfInterval, endOfMonth, endOfWeek, format, startOfMonth, startOfWeek } from "date-fns";
import { ISO_DATE, toDate, WEEK_STARTS_ON } from "./dates";

/** A cell of the month grid: its date, and whether it belongs to the month shown (days of the weeks either side do not). */
export interface CalendarDay {
  iso: string;
  day: number;
  inMonth: boolean;
}

const weekOptions = { weekStartsOn: WEEK_STARTS_ON } as const;

/** The weeks (rows of seven, Sunday first) that cover the month of `monthOf` (any yyyy-MM-dd in it). */
export function calendarWeeks(monthOf: string): CalendarDay[][] {
  const month = toDate(monthOf);
  const days = eachDayOfInterval({
    start: startOfWeek(startOfMonth(month), weekOptions),
    end: endOfWeek(endOfMonth(month), weekOptions),
  });
  const weeks: CalendarDay[][] = [];
  for (let i = 0; i < days.length; i += 7) {
    weeks.push(
      days
        .slice(i, i + 7)
        .map((date) => ({ iso: format(date, ISO_DATE), day: date.getDate(), inMonth: date.getMonth() === month.getMonth() })),
    );
  }
  return weeks;
}

/** The seven days of one week, Sunday first (for the column headers' names). */
export function weekdayDates(): Date[] {
  // 4 January 2026 is a Sunday.
  return Array.from({ length: 7 }, (_, i) => new Date(2026, 0, 4 + i));
}

/**
 * Where a key moves the focused day: arrows by a day or a week (left and right swap in right-to-left
 * languages, where the week runs from the right), Home and End to the week's ends, Page Up and Page
 * Down by a month (with Shift, a year). Null for any other key.
 */
export function moveCalendarFocus(iso: string, key: string, options: { rtl?: boolean; shift?: boolean } = {}): string | null {
  const date = toDate(iso);
  const forward = options.rtl ? "ArrowLeft" : "ArrowRight";
  const back = options.rtl ? "ArrowRight" : "ArrowLeft";
  const step = (next: Date) => format(next, ISO_DATE);
  switch (key) {
    case forward:
      return step(addDays(date, 1));
    case back:
      return step(addDays(date, -1));
    case "ArrowDown":
      return step(addDays(date, 7));
    case "ArrowUp":
      return step(addDays(date, -7));
    case "Home":
      return step(startOfWeek(date, weekOptions));
    case "End":
      return step(endOfWeek(date, weekOptions));
    case "PageDown":
      return step(options.shift ? addYears(date, 1) : addMonths(date, 1));
    case "PageUp":
      return step(options.shift ? addYears(date, -1) : addMonths(date, -1));
    default:
      return null;
  }
}

/** The first day of the month before or after the one of `monthOf`. */
export const shiftMonth = (monthOf: string, months: number): string => format(startOfMonth(addMonths(toDate(monthOf), months)), ISO_DATE);
