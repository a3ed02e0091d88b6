import { describe, expect, it } from "vitest";
import {
  DEFAULT_PAGE_SIZE,
  ListQueryError,
  PAGE_SIZES,
  RESERVED_LIST_PARAMS,
  SIMPLE_TABLE_PAGE_SIZES,
  pageOfRows,
  applyDateRange,
  applyListFilter,
  applyNumberFilter,
  applyTextFilter,
  clearColumnFilters,
  dateRangeKeys,
  filterParam,
  nextOrdering,
  parseFilterKey,
  parseListQuery,
  parseOrdering,
  sanitizeNumberFilter,
  toQueryRecord,
  type ListSpec,
} from "./list-query";

describe("constants", () => {
  it("match SPEC section 9", () => {
    expect(PAGE_SIZES).toEqual([25, 50, 100, 150, 200]);
    expect(DEFAULT_PAGE_SIZE).toBe(50);
    expect(RESERVED_LIST_PARAMS).toEqual([
      "page",
      "page_size",
      "ordering",
      "search",
      "branch",
      "branches",
      "currency",
      "start_date",
      "end_date",
      "format",
    ]);
  });
});

describe("filter keys", () => {
  it("parses operator suffixes", () => {
    expect(parseFilterKey("price__gte")).toEqual({ field: "price", op: "gte" });
    expect(parseFilterKey("name__istartswith")).toEqual({ field: "name", op: "istartswith" });
    expect(parseFilterKey("name__not")).toEqual({ field: "name", op: "not" });
    expect(parseFilterKey("item__name__icontains")).toEqual({ field: "item__name", op: "icontains" });
  });
  it("treats a key without a known suffix as equality on the whole key", () => {
    expect(parseFilterKey("price")).toEqual({ field: "price", op: "equal" });
    expect(parseFilterKey("item__name")).toEqual({ field: "item__name", op: "equal" });
    expect(parseFilterKey("__gt")).toEqual({ field: "__gt", op: "equal" });
  });
  it("builds keys", () => {
    expect(filterParam("price", "lt")).toBe("price__lt");
    expect(filterParam("price", "equal")).toBe("price");
    expect(filterParam("price")).toBe("price");
  });
  it("round-trips every operator", () => {
    for (const op of ["equal", "gt", "gte", "lt", "lte", "not", "istartswith", "iendswith", "icontains", "iexact"] as const) {
      expect(parseFilterKey(filterParam("total", op))).toEqual({ field: "total", op });
    }
  });
});

describe("applyTextFilter", () => {
  it("clears earlier text operators of the same column only", () => {
    const params = { name__icontains: "ab", name__not: "x", code__iexact: "7", page: 3 };
    expect(applyTextFilter(params, "name", "istartswith", "Rice")).toEqual({
      name__istartswith: "Rice",
      code__iexact: "7",
      page: 3,
    });
  });
  it("clears without setting for a blank value, and does not mutate its input", () => {
    const params = { name__iexact: "ab" };
    expect(applyTextFilter(params, "name", "iexact", "  ")).toEqual({});
    expect(params).toEqual({ name__iexact: "ab" });
  });
});

describe("applyNumberFilter", () => {
  it("clears lt, lte, gt, gte, not and the bare value of the column", () => {
    const params = { price__lt: "5", price__gte: "1", price: "3", price__not: "2", qty__gt: "1" };
    expect(applyNumberFilter(params, "price", "lte", "10")).toEqual({ price__lte: "10", qty__gt: "1" });
    expect(applyNumberFilter(params, "price", "equal", "4")).toEqual({ price: "4", qty__gt: "1" });
  });
  it("sanitises the value and clears on nothing numeric", () => {
    expect(applyNumberFilter({}, "price", "gt", "1,250.5 IQD")).toEqual({ price__gt: "1250.5" });
    expect(applyNumberFilter({ price__gt: "1" }, "price", "gt", "abc")).toEqual({});
    expect(applyNumberFilter({}, "price", "gt", 12)).toEqual({ price__gt: "12" });
  });
});

describe("applyListFilter", () => {
  it("comma-joins chosen values and clears on none", () => {
    expect(applyListFilter({}, "status", ["paid", "unpaid"])).toEqual({ status: "paid,unpaid" });
    expect(applyListFilter({}, "branch_id", [1, 2])).toEqual({ branch_id: "1,2" });
    expect(applyListFilter({ status: "paid" }, "status", [])).toEqual({});
  });
});

describe("clearColumnFilters", () => {
  it("removes every operator of the column", () => {
    expect(clearColumnFilters({ price: "1", price__gt: "2", price__icontains: "3", name: "x" }, "price")).toEqual({ name: "x" });
  });
});

describe("sanitizeNumberFilter", () => {
  it("keeps only digits and decimal points", () => {
    expect(sanitizeNumberFilter("12a.5b")).toBe("12.5");
    expect(sanitizeNumberFilter("-3")).toBe("3");
    expect(sanitizeNumberFilter("abc")).toBeUndefined();
    expect(sanitizeNumberFilter("")).toBeUndefined();
  });
});

describe("ordering", () => {
  it("cycles key -> -key -> default", () => {
    expect(nextOrdering(undefined, "price")).toBe("price");
    expect(nextOrdering("price", "price")).toBe("-price");
    expect(nextOrdering("-price", "price")).toBeUndefined();
    expect(nextOrdering("-name", "price")).toBe("price");
    expect(nextOrdering("-id", "price")).toBe("price");
  });
  it("parses terms, defaulting to -id", () => {
    expect(parseOrdering()).toEqual([{ field: "id", descending: true }]);
    expect(parseOrdering("name,-price")).toEqual([
      { field: "name", descending: false },
      { field: "price", descending: true },
    ]);
  });
});

describe("date ranges", () => {
  it("uses input_date by default", () => {
    expect(dateRangeKeys()).toEqual({ after: "input_date_after", before: "input_date_before" });
    expect(dateRangeKeys("expire_date")).toEqual({ after: "expire_date_after", before: "expire_date_before" });
  });
  it("sets and clears a range", () => {
    const set = applyDateRange({ page: 1 }, { start: "2024-01-01", end: "2024-01-31" });
    expect(set).toEqual({ page: 1, input_date_after: "2024-01-01", input_date_before: "2024-01-31" });
    expect(applyDateRange(set, null)).toEqual({ page: 1 });
  });
});

describe("toQueryRecord", () => {
  it("drops blank values and stringifies the rest", () => {
    expect(toQueryRecord({ page: 2, search: "", name__istartswith: "a", x: undefined })).toEqual({
      page: "2",
      name__istartswith: "a",
    });
  });
});

describe("parseListQuery", () => {
  const spec: ListSpec = {
    filters: { name: "text", total: "number", status: "list" },
    orderings: ["name", "total"],
    dateFields: ["input_date"],
  };

  it("gives defaults for an empty query", () => {
    expect(parseListQuery({}, spec)).toEqual({
      page: 1,
      pageSize: 50,
      ordering: [{ field: "id", descending: true }],
      search: undefined,
      branches: [],
      currencies: [],
      startDate: undefined,
      endDate: undefined,
      format: undefined,
      dateRanges: [],
      filters: [],
    });
  });

  it("parses a full query", () => {
    const parsed = parseListQuery(
      {
        page: "3",
        page_size: "100",
        ordering: "-total",
        search: " rice ",
        branch: "2",
        branches: "2,5",
        currency: "1",
        input_date_after: "2024-01-01",
        input_date_before: "2024-01-31",
        name__icontains: "ab",
        total__gte: "10.5",
        status: "paid,partial_paid",
        format: "csv",
      },
      spec,
    );
    expect(parsed).toMatchObject({
      page: 3,
      pageSize: 100,
      ordering: [{ field: "total", descending: true }],
      search: "rice",
      branches: [2, 5],
      currencies: [1],
      format: "csv",
      dateRanges: [{ field: "input_date", after: "2024-01-01", before: "2024-01-31" }],
    });
    expect(parsed.filters).toEqual([
      { field: "name", type: "text", op: "icontains", value: "ab" },
      { field: "total", type: "number", op: "gte", value: "10.5" },
      { field: "status", type: "list", op: "in", values: ["paid", "partial_paid"] },
    ]);
  });

  it("ignores blank filters and takes the last of repeated keys", () => {
    const parsed = parseListQuery({ name__istartswith: "", page: ["1", "2"] }, spec);
    expect(parsed.filters).toEqual([]);
    expect(parsed.page).toBe(2);
  });

  it("accepts the virtual table's start_date and end_date", () => {
    expect(parseListQuery({ start_date: "2024-02-01", end_date: "2024-02-29" }, spec)).toMatchObject({
      startDate: "2024-02-01",
      endDate: "2024-02-29",
    });
  });

  const rejects = (query: Record<string, string>, message: string, param: string) => {
    try {
      parseListQuery(query, spec);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ListQueryError);
      expect((error as ListQueryError).message).toBe(message);
      expect((error as ListQueryError).param).toBe(param);
    }
  };

  it("rejects unknown filters and operators not allowed for the type", () => {
    rejects({ secret: "1" }, "Unknown filter: secret", "secret");
    rejects({ name__gt: "1" }, "Unknown filter: name__gt", "name__gt");
    rejects({ total__icontains: "1" }, "Unknown filter: total__icontains", "total__icontains");
    rejects({ status__not: "paid" }, "Unknown filter: status__not", "status__not");
    rejects({ expire_date_after: "2024-01-01" }, "Unknown filter: expire_date_after", "expire_date_after");
    rejects({ constructor: "x" }, "Unknown filter: constructor", "constructor");
  });

  it("rejects unknown orderings", () => {
    rejects({ ordering: "-secret" }, "Unknown ordering: secret", "ordering");
    rejects({ ordering: "name,password" }, "Unknown ordering: password", "ordering");
  });

  it("rejects malformed values", () => {
    rejects({ page: "0" }, "Invalid page.", "page");
    rejects({ page: "two" }, "Invalid page.", "page");
    rejects({ page_size: "201" }, "Invalid filter value: page_size", "page_size");
    rejects({ page_size: "-1" }, "Invalid filter value: page_size", "page_size");
    rejects({ branches: "1,x" }, "Invalid filter value: branches", "branches");
    rejects({ branch: "1,,2" }, "Invalid filter value: branch", "branch");
    rejects({ total__lt: "1e5" }, "Invalid filter value: total__lt", "total__lt");
    rejects({ input_date_after: "01/02/2024" }, "Invalid filter value: input_date_after", "input_date_after");
    rejects({ start_date: "2024-02-30" }, "Invalid filter value: start_date", "start_date");
  });
});

describe("the simple table's pages (SPEC section 9: library footer choices 10, 25, 50, 100, all)", () => {
  const rows = Array.from({ length: 23 }, (_, i) => i + 1);
  it("offers 10, 25, 50, 100 and all", () => {
    expect(SIMPLE_TABLE_PAGE_SIZES).toEqual([10, 25, 50, 100, "all"]);
  });
  it("cuts the rows into pages, the last one short", () => {
    expect(pageOfRows(rows, 10, 1)).toEqual({ rows: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], page: 1, pages: 3 });
    expect(pageOfRows(rows, 10, 3)).toEqual({ rows: [21, 22, 23], page: 3, pages: 3 });
  });
  it("keeps the page within the rows (fewer rows after a reload, a bigger page size)", () => {
    expect(pageOfRows(rows, 10, 9).page).toBe(3);
    expect(pageOfRows(rows, 25, 2)).toEqual({ rows, page: 1, pages: 1 });
    expect(pageOfRows([], 10, 1)).toEqual({ rows: [], page: 1, pages: 1 });
  });
  it("shows every row on one page with all", () => {
    expect(pageOfRows(rows, "all", 2)).toEqual({ rows, page: 1, pages: 1 });
  });
});
