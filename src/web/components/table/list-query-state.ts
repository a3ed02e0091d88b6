/**
 * The paged list's query state as a pure reducer (SPEC sections 3, 4, 9): paging, sorting, search,
 * branch/currency/date filters and per-column filters, and its encoding into query parameters.
 * Per-column filters are held as their final query keys (`name__istartswith`), as the server reads them.
 */
import {
  DEFAULT_DATE_FIELD,
  DEFAULT_ORDERING,
  DEFAULT_PAGE_SIZE,
  RESET_PAGE_SIZE,
  applyListFilter,
  applyNumberFilter,
  applyTextFilter,
  clearColumnFilters,
  dateRangeKeys,
  nextOrdering,
  parseFilterKey,
  toQueryRecord,
  type FilterOperator,
  type NumberOperator,
  type TextOperator,
} from "../../../core/list-query";
import type { DateRange } from "../../../core/dates";

export interface ListQueryState {
  page: number;
  pageSize: number;
  /** The column sort the user chose; empty: the list's own order (documents newest first, see defaultOrderingFor). */
  ordering: string;
  search: string;
  branches: number[];
  currencies: number[];
  dateRange: DateRange | null;
  /** Per-column filters: query key -> value. */
  filters: Record<string, string>;
  /** Values of screen-specific filters, sent as they are. */
  extra: Record<string, string>;
}

export type ListQueryAction =
  | { type: "page"; page: number }
  | { type: "pageSize"; pageSize: number }
  | { type: "sort"; key: string }
  | { type: "search"; search: string }
  | { type: "branches"; branches: number[] }
  | { type: "currencies"; currencies: number[] }
  | { type: "dateRange"; range: DateRange | null }
  | { type: "textFilter"; column: string; operator: TextOperator; value: string }
  | { type: "numberFilter"; column: string; operator: NumberOperator; value: string }
  | { type: "listFilter"; column: string; values: readonly (string | number)[] }
  | { type: "clearFilter"; column: string }
  | { type: "extra"; key: string; value: string }
  | { type: "reset"; initial: ListQueryState }
  | { type: "restore"; saved: Partial<ListQueryState> };

export function initialListQuery(overrides: Partial<ListQueryState> = {}): ListQueryState {
  return {
    page: 1,
    pageSize: DEFAULT_PAGE_SIZE,
    ordering: "",
    search: "",
    branches: [],
    currencies: [],
    dateRange: null,
    filters: {},
    extra: {},
    ...overrides,
  };
}

/** Every change of what is selected returns to page 1 (SPEC section 4). */
const firstPage = (state: ListQueryState, patch: Partial<ListQueryState>): ListQueryState => ({ ...state, ...patch, page: 1 });

export function listQueryReducer(state: ListQueryState, action: ListQueryAction): ListQueryState {
  switch (action.type) {
    case "page":
      return { ...state, page: Math.max(1, action.page) };
    case "pageSize":
      return firstPage(state, { pageSize: action.pageSize });
    case "sort":
      return firstPage(state, { ordering: nextOrdering(state.ordering, action.key) ?? "" });
    case "search":
      return firstPage(state, { search: action.search });
    case "branches":
      return firstPage(state, { branches: [...action.branches] });
    case "currencies":
      return firstPage(state, { currencies: [...action.currencies] });
    case "dateRange":
      return firstPage(state, { dateRange: action.range });
    case "textFilter":
      return firstPage(state, { filters: toQueryRecord(applyTextFilter(state.filters, action.column, action.operator, action.value)) });
    case "numberFilter":
      return firstPage(state, { filters: toQueryRecord(applyNumberFilter(state.filters, action.column, action.operator, action.value)) });
    case "listFilter":
      return firstPage(state, { filters: toQueryRecord(applyListFilter(state.filters, action.column, action.values)) });
    case "clearFilter":
      return firstPage(state, { filters: toQueryRecord(clearColumnFilters(state.filters, action.column)) });
    case "extra": {
      const extra = { ...state.extra };
      if (action.value === "") delete extra[action.key];
      else extra[action.key] = action.value;
      return firstPage(state, { extra });
    }
    case "reset":
      // SPEC section 9: the refresh button also brings the page size back to 25.
      return { ...action.initial, page: 1, pageSize: RESET_PAGE_SIZE };
    case "restore":
      return { ...state, ...pickKnown(action.saved) };
  }
}

/** The filter of one column (query key and value), or null when it has none: drives the highlight. */
export function columnFilter(state: ListQueryState, column: string): { key: string; operator: FilterOperator; value: string } | null {
  for (const [key, value] of Object.entries(state.filters)) {
    const parsed = parseFilterKey(key);
    if (parsed.field === column) return { key, operator: parsed.op, value };
  }
  return null;
}

export interface EncodeOptions {
  /** Date field of the range: sends <field>_after and <field>_before (default input_date). */
  dateField?: string;
  /** Overrides of the range keys (the virtual table sends start_date and end_date). */
  dateKeys?: { start: string; end: string };
  /** Leaves page and page_size out (virtual table, export of everything filtered). */
  unpaged?: boolean;
}

/** Query parameters for GET <resource>/ and totals/. Empty values are left out. */
export function toQueryParams(state: ListQueryState, options: EncodeOptions = {}): Record<string, string> {
  const params: Record<string, string> = {};
  if (!options.unpaged) {
    params.page = String(state.page);
    params.page_size = String(state.pageSize);
  }
  if (state.ordering) params.ordering = state.ordering;
  if (state.search.trim()) params.search = state.search.trim();
  if (state.branches.length > 0) params.branch = state.branches.join(",");
  if (state.currencies.length > 0) params.currency = state.currencies.join(",");
  if (state.dateRange) {
    const { after, before } = dateRangeKeys(options.dateField ?? DEFAULT_DATE_FIELD);
    const keys = options.dateKeys ?? { start: after, end: before };
    params[keys.start] = state.dateRange.start;
    params[keys.end] = state.dateRange.end;
  }
  for (const [key, value] of Object.entries(state.filters)) if (value !== "") params[key] = value;
  for (const [key, value] of Object.entries(state.extra)) if (value !== "") params[key] = value;
  return params;
}

/** Restores only well-typed fields from localStorage (stored data may come from an older version). */
function pickKnown(saved: Partial<ListQueryState>): Partial<ListQueryState> {
  const out: Partial<ListQueryState> = {};
  if (typeof saved.page === "number" && saved.page >= 1) out.page = saved.page;
  if (typeof saved.pageSize === "number") out.pageSize = saved.pageSize;
  // "-id" is what every list saved before it had an order of its own: it was no choice of the user's.
  if (typeof saved.ordering === "string") out.ordering = saved.ordering === DEFAULT_ORDERING ? "" : saved.ordering;
  if (typeof saved.search === "string") out.search = saved.search;
  if (Array.isArray(saved.branches)) out.branches = saved.branches.filter((b) => typeof b === "number");
  if (Array.isArray(saved.currencies)) out.currencies = saved.currencies.filter((c) => typeof c === "number");
  if (saved.dateRange === null || (saved.dateRange && typeof saved.dateRange.start === "string")) out.dateRange = saved.dateRange;
  if (saved.filters && typeof saved.filters === "object") out.filters = stringRecord(saved.filters);
  if (saved.extra && typeof saved.extra === "object") out.extra = stringRecord(saved.extra);
  return out;
}

function stringRecord(value: object): Record<string, string> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => typeof v === "string"));
}

export const storageKeyFor = (pageTitle: string) => `bo.list-query.${pageTitle}`;
