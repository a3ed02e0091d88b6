import { describe, expect, it } from "vitest";
import { salesCard, salesDates } from "./dashboard.service";

const day = (date: string, branch: number, total: string, count = 1) => ({ date, branch, branch_name: `B${branch}`, total, count });

describe("salesDates", () => {
  it("compares with the same day of last month, or its last day when last month is shorter", () => {
    expect(salesDates("2026-03-31")).toEqual({
      today: "2026-03-31",
      monthStart: "2026-03-01",
      lastMonthStart: "2026-02-01",
      lastMonthEnd: "2026-02-28",
      lastMonthSameDay: "2026-02-28",
    });
    expect(salesDates("2026-11-25").lastMonthSameDay).toBe("2026-10-25");
  });
});

describe("salesCard", () => {
  const d = salesDates("2026-03-01");
  // 1 March: the chart's 30 days start on 31 January, before last month.
  const days = [
    day("2026-01-31", 1, "10.004"),
    day("2026-02-01", 1, "0.333"),
    day("2026-02-01", 2, "0.333"),
    day("2026-02-02", 1, "5"),
    day("2026-03-01", 1, "1.005", 2),
    day("2026-03-01", 2, "2", 3),
  ];

  it("adds each figure up unrounded and rounds it once", () => {
    const card = salesCard(days, d, "2026-01-31");
    expect(card.today).toBe("3.01");
    expect(card.today_count).toBe(5);
    expect(card.this_month).toBe("3.01");
    // 0.333 + 0.333 + 5 = 5.666 -> 5.67; the days rounded first would give 0.33 + 0.33 + 5.00 = 5.66.
    expect(card.last_month).toBe("5.67");
    expect(card.last_month_to_date).toBe("0.67");
  });

  it("charts every day from the chart's first, each rounded, and nothing after today", () => {
    const card = salesCard([...days, day("2026-03-02", 1, "9")], d, "2026-01-31");
    expect(card.by_day.map((r) => [r.date, r.branch, r.total])).toEqual([
      ["2026-01-31", 1, "10.00"],
      ["2026-02-01", 1, "0.33"],
      ["2026-02-01", 2, "0.33"],
      ["2026-02-02", 1, "5.00"],
      ["2026-03-01", 1, "1.01"],
      ["2026-03-01", 2, "2.00"],
    ]);
    expect(card.chart_from).toBe("2026-01-31");
  });
});
