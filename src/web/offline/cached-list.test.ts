import { describe, expect, it } from "vitest";
import { cachedTableFor, lookupTablesOf, queryCachedRows, toListRow } from "./cached-list";

describe("cached lists", () => {
  it("maps resources to cached tables", () => {
    expect(cachedTableFor("item-group/")).toBe("item_group");
    expect(cachedTableFor("accounting/exchange-rate")).toBe("exchange_rate");
    expect(cachedTableFor("sale/")).toBeNull();
    expect(cachedTableFor(undefined)).toBeNull();
  });

  it("gives foreign keys the API's field and name", () => {
    const row = { id: 3, name: "Cola", item_group_id: 7, measurement_id: null };
    expect(lookupTablesOf([row])).toEqual(["item_group", "measurement"]);
    const listed = toListRow(row, { item_group: new Map([[7, "Drinks"]]) });
    expect(listed).toMatchObject({ item_group: 7, item_group_name: "Drinks", measurement: null });
  });

  it("searches, filters, sorts and pages in memory", () => {
    const rows = [
      { id: 1, name: "Apple" },
      { id: 2, name: "banana" },
      { id: 3, name: "Apricot", deleted_at: "2024-01-01" },
      { id: "local-x", name: "Avocado", _pending: true },
    ];
    const all = queryCachedRows(rows, { ordering: "-id" });
    expect(all.results.map((r) => r.id)).toEqual(["local-x", 2, 1]);
    expect(queryCachedRows(rows, { search: "AP" }).results.map((r) => r.id)).toEqual([1]);
    expect(queryCachedRows(rows, { name__istartswith: "a", ordering: "name" }).results.map((r) => r.name)).toEqual(["Apple", "Avocado"]);
    const paged = queryCachedRows(rows, { page: "2", page_size: "2", ordering: "id" });
    expect(paged).toMatchObject({ count: 3, previous: "1", next: null });
    expect(paged.results.map((r) => r.id)).toEqual(["local-x"]);
  });

  it("lists dated documents newest first by date, then by number, when nobody sorted", () => {
    const rows = [
      // Keyed late for an earlier day: by id it would come first.
      { id: 240, input_date: "2025-11-30" },
      { id: 239, input_date: "2025-12-10" },
      { id: 232, input_date: "2025-12-10" },
      { id: "local-y", input_date: "2025-12-11", _pending: true },
    ];
    expect(queryCachedRows(rows, {}).results.map((r) => r.id)).toEqual(["local-y", 239, 232, 240]);
    expect(queryCachedRows([{ id: 1 }, { id: 2 }], {}).results.map((r) => r.id)).toEqual([2, 1]);
  });
});
