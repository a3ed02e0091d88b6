import { describe, expect, it } from "vitest";
import { changePercent, salesChartRows } from "./dashboard-data";

describe("dashboard data", () => {
  it("changePercent compares with last month, null when last month had nothing", () => {
    expect(changePercent("150", "100")).toBe("50.0");
    expect(changePercent("50", "200")).toBe("-75.0");
    expect(changePercent("10", "0")).toBeNull();
  });

  it("salesChartRows gives one row a day with every branch, 0 where a branch sold nothing", () => {
    const by = [
      { date: "2026-11-01", branch: 1, branch_name: "Erbil", total: "100.00" },
      { date: "2026-11-02", branch: 2, branch_name: "Suli", total: "50.50" },
    ];
    const { rows, branches } = salesChartRows(by, "2026-11-01", "2026-11-02");
    expect(branches).toEqual([
      [1, "Erbil"],
      [2, "Suli"],
    ]);
    expect(rows).toEqual([
      { date: "2026-11-01", b1: 100, b2: 0 },
      { date: "2026-11-02", b1: 0, b2: 50.5 },
    ]);
  });
});
