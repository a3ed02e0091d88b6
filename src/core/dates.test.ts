import { describe, expect, it } from "vitest";
import {
  DATE_PRESETS,
  DATE_PRESET_KEYS,
  defaultDateRange,
  firstDayOfMonth,
  formatDate,
  isIsoDate,
  isValidDate,
  isValidDateRange,
  presetRange,
  toDate,
  toIsoDate,
  toIsoDateTime,
} from "./dates";

// Local-time constructors: the helpers work in local time whatever the machine's zone.
const may15 = new Date(2024, 4, 15, 13, 45, 10);

describe("formatDate", () => {
  it("formats with dd/MM/yyyy by default", () => {
    expect(formatDate(may15)).toBe("15/05/2024");
    expect(formatDate("2024-03-05")).toBe("05/03/2024");
  });
  it("honours a pattern", () => {
    expect(formatDate(may15, "dd/MM/yyyy hh:mm a")).toBe("15/05/2024 01:45 PM");
    expect(formatDate("2024-03-05 08:05:00", "yyyy-MM-dd hh:mm a")).toBe("2024-03-05 08:05 AM");
  });
  it("gives an empty string for empty values", () => {
    expect(formatDate("")).toBe("");
    expect(formatDate(null)).toBe("");
    expect(formatDate(undefined)).toBe("");
  });
  it("gives 'Invalid time value' for invalid dates", () => {
    expect(formatDate("not a date")).toBe("Invalid time value");
    expect(formatDate("2024-02-30")).toBe("Invalid time value");
    expect(formatDate(new Date(Number.NaN))).toBe("Invalid time value");
  });
});

describe("toDate", () => {
  it("reads date-only strings as local midnight, not UTC", () => {
    const date = toDate("2024-03-05");
    expect([date.getFullYear(), date.getMonth(), date.getDate(), date.getHours()]).toEqual([2024, 2, 5, 0]);
  });
  it("reads epoch milliseconds and copies dates", () => {
    expect(toDate(may15.getTime()).getTime()).toBe(may15.getTime());
    const copy = toDate(may15);
    expect(copy).not.toBe(may15);
    expect(copy.getTime()).toBe(may15.getTime());
  });
});

describe("storage forms", () => {
  it("toIsoDate and toIsoDateTime", () => {
    expect(toIsoDate(may15)).toBe("2024-05-15");
    expect(toIsoDateTime(may15)).toBe("2024-05-15 13:45:10");
    expect(toIsoDateTime("2024-05-15T07:08:09")).toBe("2024-05-15 07:08:09");
  });
  it("throw on invalid dates", () => {
    expect(() => toIsoDate("garbage")).toThrow("Invalid time value");
    expect(() => toIsoDateTime(new Date(Number.NaN))).toThrow(RangeError);
  });
});

describe("default range", () => {
  it("runs from the first day of the month to today", () => {
    expect(firstDayOfMonth(may15)).toBe("2024-05-01");
    expect(defaultDateRange(may15)).toEqual({ start: "2024-05-01", end: "2024-05-15" });
  });
});

describe("presetRange", () => {
  it("has the nine presets of SPEC section 9 with English labels", () => {
    expect(DATE_PRESET_KEYS).toEqual([
      "today",
      "yesterday",
      "this_month",
      "last_month",
      "last_2_months",
      "last_3_months",
      "last_6_months",
      "this_year",
      "last_year",
    ]);
    expect(DATE_PRESETS.last_2_months).toBe("Last 2 months");
  });

  it.each([
    ["today", "2024-05-15", "2024-05-15"],
    ["yesterday", "2024-05-14", "2024-05-14"],
    ["this_month", "2024-05-01", "2024-05-15"],
    ["last_month", "2024-04-01", "2024-04-30"],
    ["last_2_months", "2024-03-01", "2024-04-30"],
    ["last_3_months", "2024-02-01", "2024-04-30"],
    ["last_6_months", "2023-11-01", "2024-04-30"],
    ["this_year", "2024-01-01", "2024-05-15"],
    ["last_year", "2023-01-01", "2023-12-31"],
  ] as const)("%s on 15 May 2024", (key, start, end) => {
    expect(presetRange(key, may15)).toEqual({ start, end });
  });

  it("crosses year and month boundaries", () => {
    const jan1 = new Date(2024, 0, 1);
    expect(presetRange("yesterday", jan1)).toEqual({ start: "2023-12-31", end: "2023-12-31" });
    expect(presetRange("last_month", jan1)).toEqual({ start: "2023-12-01", end: "2023-12-31" });
    const mar31 = new Date(2024, 2, 31);
    expect(presetRange("last_month", mar31)).toEqual({ start: "2024-02-01", end: "2024-02-29" });
  });
});

describe("isValidDateRange", () => {
  it("accepts two valid dates with start not after end", () => {
    expect(isValidDateRange("2024-01-01", "2024-01-31")).toBe(true);
    expect(isValidDateRange("2024-01-01", "2024-01-01")).toBe(true);
    expect(isValidDateRange(new Date(2024, 0, 1), "2024-02-01")).toBe(true);
  });
  it("rejects a reversed range, missing or invalid dates", () => {
    expect(isValidDateRange("2024-02-01", "2024-01-31")).toBe(false);
    expect(isValidDateRange("2024-01-01", null)).toBe(false);
    expect(isValidDateRange("", "2024-01-01")).toBe(false);
    expect(isValidDateRange("2024-02-30", "2024-03-01")).toBe(false);
    expect(isValidDateRange("2024-01-01", "garbage")).toBe(false);
  });
  it("isValidDate checks single values", () => {
    expect(isValidDate("2024-02-29")).toBe(true);
    expect(isValidDate("2023-02-29")).toBe(false);
    expect(isValidDate(undefined)).toBe(false);
  });
});

describe("isIsoDate", () => {
  it("takes a real calendar date in storage form", () => {
    expect(isIsoDate("2024-02-29")).toBe(true);
    expect(isIsoDate("0001-01-01")).toBe(true);
  });
  it("refuses what PostgreSQL's date would refuse", () => {
    for (const bad of ["2020-13-45", "2023-02-29", "0000-01-01", "2024-1-05", "05/01/2024", "2024-01-05T00:00", "", "2024-01-05\u0000"]) {
      expect(isIsoDate(bad), bad).toBe(false);
    }
  });
});
