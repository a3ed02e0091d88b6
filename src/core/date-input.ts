/**
 * Typed date input (SPEC section 5: "Date input parses day/month/year in locale order; two-digit years
 * are expanded"). Pure: the date field of the web app shows DD/MM/YYYY and hands the form the storage
 * form yyyy-MM-dd that the yup schemas and the server expect.
 */

export type DateOrder = "dmy" | "mdy" | "ymd";

/** English, Arabic and Central Kurdish all write the day first (SPEC section 9: DD/MM/YYYY). */
export const INPUT_DATE_ORDER: DateOrder = "dmy";

/**
 * Two-digit years use a fixed window: 00-49 -> 2000-2049, 50-99 -> 1950-1999. Fixed rather than
 * relative to today, so the same text always gives the same date.
 */
export function expandTwoDigitYear(year: number): number {
  return year < 50 ? 2000 + year : 1900 + year;
}

/** Arabic-Indic (U+0660-0669) and Extended Arabic-Indic (U+06F0-06F9) digits to ASCII. */
export function toAsciiDigits(text: string): string {
  return text.replace(/[\u0660-\u0669\u06F0-\u06F9]/g, (digit) => String(digit.charCodeAt(0) & 0xf));
}

/** Why a typed text is not a date: not in a date shape at all, or a day that does not exist (31/02). */
export type DateInputProblem = "format" | "no_such_date";

export type DateInputResult =
  { kind: "empty" } | { kind: "date"; /** yyyy-MM-dd */ iso: string } | { kind: "invalid"; problem: DateInputProblem };

// "/", "-", ".", spaces, the Arabic date separator and comma; direction marks pasted from RTL text.
const SEPARATORS = /[/.\-\s\u060C\u060D]+/;
const DIRECTION_MARKS = /[\u200E\u200F\u061C]/g;

interface DateParts {
  day: string;
  month: string;
  year: string;
}

function byOrder([a, b, c]: readonly string[], order: DateOrder): DateParts {
  if (order === "dmy") return { day: a, month: b, year: c };
  if (order === "mdy") return { day: b, month: a, year: c };
  return { day: c, month: b, year: a };
}

/**
 * Day, month and year texts of a typed date: three separated parts ("21/11/2026", "21-11-26"), a
 * four-digit year first is always year-month-day ("2026-11-21", as pasted or stored), or the digits
 * run together as day+month then year ("2111 2026", "211126", "21112026"; year first in ymd order).
 */
function splitParts(text: string, order: DateOrder): DateParts | null {
  const parts = text.split(SEPARATORS).filter(Boolean);
  if (!parts.every((part) => /^\d+$/.test(part))) return null;
  if (parts.length === 3) return byOrder(parts, parts[0].length === 4 ? "ymd" : order);
  const digits = parts.join("");
  if (parts.length > 2 || (digits.length !== 6 && digits.length !== 8)) return null;
  const yearLength = digits.length - 4;
  if (order === "ymd") {
    if (parts.length === 2 && parts[0].length !== yearLength) return null;
    return byOrder([digits.slice(0, yearLength), digits.slice(yearLength, yearLength + 2), digits.slice(yearLength + 2)], order);
  }
  if (parts.length === 2 && parts[0].length !== 4) return null;
  return byOrder([digits.slice(0, 2), digits.slice(2, 4), digits.slice(4)], order);
}

const pad = (value: number, length: number) => String(value).padStart(length, "0");

/** Parses what the user typed; dates that do not exist (31/02/2026, 29/02/2023, 13/13/2026) are refused. */
export function parseDateInput(text: string, order: DateOrder = INPUT_DATE_ORDER): DateInputResult {
  const clean = toAsciiDigits(text).replace(DIRECTION_MARKS, "").trim();
  if (clean === "") return { kind: "empty" };
  const parts = splitParts(clean, order);
  if (!parts || parts.day.length > 2 || parts.month.length > 2) return { kind: "invalid", problem: "format" };
  const { day: dayText, month: monthText, year: yearText } = parts;
  if (yearText.length !== 2 && !(yearText.length === 4 && yearText[0] !== "0")) return { kind: "invalid", problem: "format" };
  const day = Number(dayText);
  const month = Number(monthText);
  const year = yearText.length === 2 ? expandTwoDigitYear(Number(yearText)) : Number(yearText);
  // Date rolls 31/02 over into March; a real date round-trips.
  const date = new Date(year, month - 1, day);
  if (date.getFullYear() !== year || date.getMonth() !== month - 1 || date.getDate() !== day) {
    return { kind: "invalid", problem: "no_such_date" };
  }
  return { kind: "date", iso: `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}` };
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * The text the field shows for a form value: yyyy-MM-dd -> DD/MM/YYYY; "" or null -> ""; anything
 * else (text the user typed that is not a date) is shown as it is.
 */
export function displayDateInput(value: string | null | undefined): string {
  if (!value) return "";
  const iso = ISO_DATE.exec(value);
  return iso ? `${iso[3]}/${iso[2]}/${iso[1]}` : value;
}

/** The form value for a typed text: the storage form when it is a date, "" when empty, else the text. */
export function dateInputValue(text: string, order: DateOrder = INPUT_DATE_ORDER): string {
  const result = parseDateInput(text, order);
  return result.kind === "date" ? result.iso : result.kind === "empty" ? "" : text;
}
