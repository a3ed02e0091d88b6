import { describe, expect, it } from "vitest";
import { calendarWeeks, moveCalendarFocus, shiftMonth, weekdayDates } from "./calendar";

describe("calendarWeeks", () => {
  it("starts every week on Sunday and covers the whole month (November 2026 starts on a Sunday)", () => {
    const weeks = calendarWeeks("2026-11-17");
    expect(weeks[0][0]).toEqual({ iso: "2026-11-01", day: 1, inMonth: true });
    expect(weeks.at(-1)?.at(-1)).toEqual({ iso: "2026-12-05", day: 5, inMonth: false });
    expect(weeks.every((week) => week.length === 7)).toBe(true);
    expect(weeks.map((week) => new Date(`${week[0].iso}T00:00`).getDay())).toEqual([0, 0, 0, 0, 0]);
  });

  it("fills the first week with the days before the 1st (December 2026 starts on a Tuesday)", () => {
    const [first] = calendarWeeks("2026-12-01");
    expect(first.map((d) => d.iso)).toEqual([
      "2026-11-29",
      "2026-11-30",
      "2026-12-01",
      "2026-12-02",
      "2026-12-03",
      "2026-12-04",
      "2026-12-05",
    ]);
    expect(first.map((d) => d.inMonth)).toEqual([false, false, true, true, true, true, true]);
  });

  it("names its columns from Sunday to Saturday", () => {
    expect(weekdayDates().map((d) => d.getDay())).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });
});

describe("moveCalendarFocus", () => {
  it("moves by a day, a week, to the week's ends (Sunday, Saturday) and by a month or a year", () => {
    expect(moveCalendarFocus("2026-11-30", "ArrowRight")).toBe("2026-12-01");
    expect(moveCalendarFocus("2026-11-01", "ArrowLeft")).toBe("2026-10-31");
    expect(moveCalendarFocus("2026-11-18", "ArrowDown")).toBe("2026-11-25");
    expect(moveCalendarFocus("2026-11-18", "ArrowUp")).toBe("2026-11-11");
    expect(moveCalendarFocus("2026-11-18", "Home")).toBe("2026-11-15");
    expect(moveCalendarFocus("2026-11-18", "End")).toBe("2026-11-21");
    expect(moveCalendarFocus("2026-01-31", "PageDown")).toBe("2026-02-28");
    expect(moveCalendarFocus("2028-02-29", "PageUp", { shift: true })).toBe("2027-02-28");
    expect(moveCalendarFocus("2026-11-18", "a")).toBeNull();
  });

  it("swaps left and right in right-to-left languages, where the week runs from the right", () => {
    expect(moveCalendarFocus("2026-11-18", "ArrowLeft", { rtl: true })).toBe("2026-11-19");
    expect(moveCalendarFocus("2026-11-18", "ArrowRight", { rtl: true })).toBe("2026-11-17");
  });
});

describe("shiftMonth", () => {
  it("gives the first day of the month before or after", () => {
    expect(shiftMonth("2026-01-31", 1)).toBe("2026-02-01");
    expect(shiftMonth("2026-01-15", -1)).toBe("2025-12-01");
  });
});
