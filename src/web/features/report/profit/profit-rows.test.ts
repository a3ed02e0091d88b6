import { describe, expect, it } from "vitest";
import { profitChartData, profitLabel, type ProfitRow } from "./profit-rows";

const row = (key: string, profit: string, label: string | null = key): ProfitRow => ({
  key,
  label,
  revenue: "100.00",
  cost: "0.00",
  returns: "0.00",
  discount: "0.00",
  profit,
});

describe("profit rows", () => {
  it("names days, months and named groups", () => {
    expect(profitLabel("day", row("2026-11-03", "0"), "-")).toBe("03/11/2026");
    expect(profitLabel("month", row("2026-11", "0"), "-")).toBe("11/2026");
    expect(profitLabel("item_group", row("", "0", null), "No group")).toBe("No group");
  });
  it("charts time in order and named groups as the ten most profitable", () => {
    const days = profitChartData("day", [row("2026-11-01", "5"), row("2026-11-02", "1")], "-");
    expect(days.map((d) => d.name)).toEqual(["01/11/2026", "02/11/2026"]);
    const items = profitChartData(
      "item",
      Array.from({ length: 12 }, (_, i) => row(String(i), String(i), `Item ${i}`)),
      "-",
    );
    expect(items).toHaveLength(10);
    expect(items[0]).toEqual({ name: "Item 11", revenue: 100, profit: 11 });
  });
});
