import { describe, expect, it } from "vitest";
import {
  columnFilter,
  initialListQuery,
  listQueryReducer,
  toQueryParams,
  type ListQueryAction,
  type ListQueryState,
} from "./list-query-state";

const run = (actions: ListQueryAction[], start: ListQueryState = initialListQuery()) => actions.reduce(listQueryReducer, start);

describe("list query reducer", () => {
  it("starts on page 1 with 50 rows in the list's own order (documents by date on the server, not by id)", () => {
    expect(toQueryParams(initialListQuery())).toEqual({ page: "1", page_size: "50" });
  });

  it("forgets the id order every list saved before lists had their own, and keeps a column the user chose", () => {
    const fromBefore = listQueryReducer(initialListQuery(), { type: "restore", saved: { ordering: "-id" } });
    expect(toQueryParams(fromBefore).ordering).toBeUndefined();
    const chosen = listQueryReducer(initialListQuery(), { type: "restore", saved: { ordering: "-input_date" } });
    expect(toQueryParams(chosen).ordering).toBe("-input_date");
  });

  it("cycles sorting asc, desc, removed and returns to page 1", () => {
    const onPage3 = run([{ type: "page", page: 3 }]);
    const asc = listQueryReducer(onPage3, { type: "sort", key: "name" });
    expect(asc.ordering).toBe("name");
    expect(asc.page).toBe(1);
    const desc = listQueryReducer(asc, { type: "sort", key: "name" });
    expect(desc.ordering).toBe("-name");
    expect(listQueryReducer(desc, { type: "sort", key: "name" }).ordering).toBe("");
    expect(listQueryReducer(desc, { type: "sort", key: "code" }).ordering).toBe("code");
  });

  it("resets to page 1 on any filter or page size change", () => {
    const actions: ListQueryAction[] = [
      { type: "pageSize", pageSize: 100 },
      { type: "search", search: "x" },
      { type: "branches", branches: [1] },
      { type: "currencies", currencies: [2] },
      { type: "dateRange", range: { start: "2025-01-01", end: "2025-01-31" } },
      { type: "textFilter", column: "name", operator: "icontains", value: "a" },
      { type: "numberFilter", column: "price", operator: "gt", value: "5" },
      { type: "listFilter", column: "city", values: [1] },
      { type: "clearFilter", column: "name" },
      { type: "extra", key: "status", value: "1" },
    ];
    for (const action of actions) expect(listQueryReducer(run([{ type: "page", page: 4 }]), action).page).toBe(1);
  });

  it("keeps one text condition per column", () => {
    const state = run([
      { type: "textFilter", column: "name", operator: "istartswith", value: "ab" },
      { type: "textFilter", column: "name", operator: "iendswith", value: "yz" },
    ]);
    expect(state.filters).toEqual({ name__iendswith: "yz" });
    expect(columnFilter(state, "name")).toEqual({ key: "name__iendswith", operator: "iendswith", value: "yz" });
    expect(columnFilter(state, "code")).toBeNull();
  });

  it("sanitises number filters and encodes operators", () => {
    const state = run([
      { type: "numberFilter", column: "price", operator: "gte", value: "1a2.5" },
      { type: "numberFilter", column: "qty", operator: "equal", value: "3" },
    ]);
    expect(state.filters).toEqual({ price__gte: "12.5", qty: "3" });
    expect(run([{ type: "numberFilter", column: "price", operator: "gt", value: "abc" }]).filters).toEqual({});
  });

  it("comma-joins list filters and clears a column", () => {
    const state = run([{ type: "listFilter", column: "city", values: [1, 2] }]);
    expect(toQueryParams(state).city).toBe("1,2");
    expect(listQueryReducer(state, { type: "clearFilter", column: "city" }).filters).toEqual({});
  });

  it("encodes branches, currencies, search and the date range", () => {
    const state = run([
      { type: "branches", branches: [1, 2] },
      { type: "currencies", currencies: [3] },
      { type: "search", search: "  rice " },
      { type: "dateRange", range: { start: "2025-01-01", end: "2025-01-31" } },
    ]);
    expect(toQueryParams(state)).toMatchObject({
      branch: "1,2",
      currency: "3",
      search: "rice",
      input_date_after: "2025-01-01",
      input_date_before: "2025-01-31",
    });
    expect(toQueryParams(state, { dateField: "date" })).toMatchObject({ date_after: "2025-01-01" });
    const virtual = toQueryParams(state, { unpaged: true, dateKeys: { start: "start_date", end: "end_date" } });
    expect(virtual).toMatchObject({ start_date: "2025-01-01", end_date: "2025-01-31" });
    expect(virtual.page).toBeUndefined();
  });

  it("resets everything with page size 25 and restores only well-typed saved fields", () => {
    const initial = initialListQuery();
    const changed = run([
      { type: "textFilter", column: "name", operator: "istartswith", value: "a" },
      { type: "page", page: 2 },
    ]);
    const reset = listQueryReducer(changed, { type: "reset", initial });
    expect(reset.filters).toEqual({});
    expect(reset.pageSize).toBe(25);
    const restored = listQueryReducer(initial, {
      type: "restore",
      saved: { page: 2, ordering: "name", filters: { name__istartswith: "a" }, branches: ["x" as unknown as number, 4] },
    });
    expect(restored).toMatchObject({ page: 2, ordering: "name", filters: { name__istartswith: "a" }, branches: [4] });
  });
});
