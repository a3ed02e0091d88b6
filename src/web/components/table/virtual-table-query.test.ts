import { describe, expect, it } from "vitest";
import type { ColumnDef } from "./column-def";
import { initialListQuery } from "./list-query-state";
import { virtualTableParams, virtualTableTotals } from "./virtual-table-query";

describe("virtualTableParams", () => {
  it("sends the range as start_date and end_date, with the branch and currency filters, and no paging", () => {
    const state = initialListQuery({
      dateRange: { start: "2026-11-01", end: "2026-11-30" },
      currencies: [1, 2],
      branches: [3],
      page: 4,
    });
    expect(virtualTableParams(state)).toEqual({ start_date: "2026-11-01", end_date: "2026-11-30", currency: "1,2", branch: "3" });
  });

  it("leaves out column filters, search and ordering a paged table of the same screen saved: nothing on screen shows them", () => {
    const state = initialListQuery({ filters: { name__istartswith: "Sal" }, search: "x", ordering: "name" });
    expect(virtualTableParams(state)).toEqual({});
  });
});

describe("virtualTableTotals", () => {
  const columns: ColumnDef<{ net: string | null; note: string }>[] = [
    { key: "note", title: "Note" },
    { key: "net", title: "Net", kind: "money", sum: true },
  ];
  it("adds up every row of the sum columns, exactly", () => {
    const rows = [
      { net: "0.10", note: "a" },
      { net: "0.20", note: "b" },
      { net: "1000000.00", note: "c" },
      { net: null, note: "d" },
    ];
    expect(virtualTableTotals(columns, rows)).toEqual({ net: "1,000,000.30" });
  });
  it("gives zero over no rows", () => {
    expect(virtualTableTotals(columns, [])).toEqual({ net: "0.00" });
  });
});
