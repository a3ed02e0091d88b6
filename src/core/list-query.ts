/**
 * The list query contract (SPEC sections 3, 4, 9; DESIGN section 3), written once for both sides:
 * the web table builds its query params with the helpers below, the server parses them with
 * parseListQuery against an allow-list, so a filter the table can send is a filter the server knows.
 *
 * Wire form, Django REST style: `page`, `page_size`, `ordering` (`key` / `-key`), `search`, `branch`,
 * `branches`, `currency`, `<date field>_after` / `<date field>_before`, `start_date` / `end_date`
 * (virtual table), `format`, and per-column filters `<field>` or `<field>__<operator>`; list filters
 * send the chosen values comma-joined on `<field>`.
 */
import { isValidDate } from "./dates";
import { MESSAGES, interpolate } from "./messages";
import { isDecimalString } from "./money";

export type FilterType = "text" | "number" | "list";

export const NUMBER_OPERATORS = ["equal", "gt", "gte", "lt", "lte", "not"] as const;
export const TEXT_OPERATORS = ["istartswith", "iendswith", "icontains", "iexact", "not"] as const;
export type NumberOperator = (typeof NUMBER_OPERATORS)[number];
export type TextOperator = (typeof TEXT_OPERATORS)[number];
/** "equal" is the bare field key (no suffix). */
export type FilterOperator = NumberOperator | TextOperator;

export const DEFAULT_TEXT_OPERATOR: TextOperator = "istartswith";
export const DEFAULT_NUMBER_OPERATOR: NumberOperator = "equal";

const SUFFIXES: ReadonlySet<string> = new Set<string>([...NUMBER_OPERATORS, ...TEXT_OPERATORS].filter((op) => op !== "equal"));

export const PAGE_SIZES = [25, 50, 100, 150, 200] as const;
export const DEFAULT_PAGE_SIZE = 50;
/** SPEC section 9: the refresh button resets the page size to 25. */
export const RESET_PAGE_SIZE = 25;
export const MAX_PAGE_SIZE = 200;
/** The simple table's footer (SPEC section 9, "Library footer choices"): rows per page, or all of them. */
export const SIMPLE_TABLE_PAGE_SIZES = [10, 25, 50, 100, "all"] as const;
export type SimpleTablePageSize = (typeof SIMPLE_TABLE_PAGE_SIZES)[number];

/** One page of rows already in memory (pages from 1; a page past the end gives the last one). */
export function pageOfRows<Row>(
  rows: readonly Row[],
  pageSize: SimpleTablePageSize,
  page: number,
): { rows: Row[]; page: number; pages: number } {
  if (pageSize === "all") return { rows: [...rows], page: 1, pages: 1 };
  const pages = Math.max(1, Math.ceil(rows.length / pageSize));
  const shown = Math.min(Math.max(1, Math.floor(page)), pages);
  return { rows: rows.slice((shown - 1) * pageSize, shown * pageSize), page: shown, pages };
}
export const DEFAULT_ORDERING = "-id";
/** Documents read newest first by their date, then by number (ids follow the order they were keyed in). */
export const DOCUMENT_ORDERING = "-input_date,-id";

/** The ordering of a list nobody sorted: a list of dated documents by date, any other by id. */
export const defaultOrderingFor = (hasDocumentDate: boolean): string => (hasDocumentDate ? DOCUMENT_ORDERING : DEFAULT_ORDERING);
export const DEFAULT_DATE_FIELD = "input_date";
export const LIST_SEPARATOR = ",";

/** Query params that are never column filters. */
export const RESERVED_LIST_PARAMS = [
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
] as const;
export type ReservedListParam = (typeof RESERVED_LIST_PARAMS)[number];
const RESERVED: ReadonlySet<string> = new Set(RESERVED_LIST_PARAMS);

export type ListParamValue = string | number | undefined;
export type ListParams = Record<string, ListParamValue>;

/**
 * "price__gte" -> {field: "price", op: "gte"}; "item__name__icontains" -> {field: "item__name", ...};
 * a key without a known operator suffix is an equality filter on the whole key.
 */
export function parseFilterKey(key: string): { field: string; op: FilterOperator } {
  const at = key.lastIndexOf("__");
  if (at > 0) {
    const suffix = key.slice(at + 2);
    if (SUFFIXES.has(suffix)) return { field: key.slice(0, at), op: suffix as FilterOperator };
  }
  return { field: key, op: "equal" };
}

/** The query key of a column filter: ("price", "gte") -> "price__gte"; "equal" is the bare column. */
export function filterParam(column: string, op: FilterOperator = "equal"): string {
  return op === "equal" ? column : `${column}__${op}`;
}

const isBlank = (value: ListParamValue): boolean => value === undefined || String(value).trim() === "";

function withoutKeys(params: ListParams, keys: readonly string[]): ListParams {
  const next: ListParams = { ...params };
  for (const key of keys) delete next[key];
  return next;
}

/** Removes every filter of the column, whatever its operator. */
export function clearColumnFilters(params: ListParams, column: string): ListParams {
  return withoutKeys(params, [column, ...[...SUFFIXES].map((op) => `${column}__${op}`)]);
}

/**
 * Sets a text filter, first clearing the column's earlier istartswith, iendswith, icontains, iexact
 * and not values (SPEC section 5). A blank value only clears. Returns a new object.
 */
export function applyTextFilter(params: ListParams, column: string, op: TextOperator, value: ListParamValue): ListParams {
  const next = withoutKeys(
    params,
    TEXT_OPERATORS.map((o) => filterParam(column, o)),
  );
  if (!isBlank(value)) next[filterParam(column, op)] = String(value).trim();
  return next;
}

/**
 * Sets a number filter, first clearing the column's earlier lt, lte, gt, gte and not values (SPEC
 * section 5) and its bare equality value too, so switching operator never leaves two conditions.
 * The value is sanitised; nothing numeric left only clears.
 */
export function applyNumberFilter(params: ListParams, column: string, op: NumberOperator, value: ListParamValue): ListParams {
  const next = withoutKeys(
    params,
    NUMBER_OPERATORS.map((o) => filterParam(column, o)),
  );
  const clean = value === undefined ? undefined : sanitizeNumberFilter(String(value));
  if (clean !== undefined) next[filterParam(column, op)] = clean;
  return next;
}

/** Sets a list filter to the comma-joined values; no values clears it. */
export function applyListFilter(params: ListParams, column: string, values: readonly (string | number)[]): ListParams {
  const next = withoutKeys(params, [column]);
  const kept = values.map((v) => String(v).trim()).filter((v) => v !== "");
  if (kept.length > 0) next[column] = kept.join(LIST_SEPARATOR);
  return next;
}

/** Keeps only digits and decimal points; nothing left -> undefined (SPEC section 5). */
export function sanitizeNumberFilter(text: string): string | undefined {
  const kept = text.replace(/[^\d.]/g, "");
  return kept === "" ? undefined : kept;
}

/** Header click: key -> -key -> undefined (back to DEFAULT_ORDERING); another column starts at key. */
export function nextOrdering(current: string | undefined, key: string): string | undefined {
  if (current === key) return `-${key}`;
  if (current === `-${key}`) return undefined;
  return key;
}

export interface OrderingTerm {
  field: string;
  descending: boolean;
}

/** "-price" -> {field: "price", descending: true}; comma lists give several terms. */
export function parseOrdering(value: string = DEFAULT_ORDERING): OrderingTerm[] {
  return value
    .split(LIST_SEPARATOR)
    .map((part) => part.trim())
    .filter((part) => part !== "")
    .map((part) => (part.startsWith("-") ? { field: part.slice(1), descending: true } : { field: part, descending: false }));
}

/** Date range keys: ("input_date") -> {after: "input_date_after", before: "input_date_before"}. */
export function dateRangeKeys(field: string = DEFAULT_DATE_FIELD): { after: string; before: string } {
  return { after: `${field}_after`, before: `${field}_before` };
}

/** Sets (or with null clears) the date range of a field. */
export function applyDateRange(
  params: ListParams,
  range: { start: string; end: string } | null,
  field: string = DEFAULT_DATE_FIELD,
): ListParams {
  const { after, before } = dateRangeKeys(field);
  const next = withoutKeys(params, [after, before]);
  if (range) {
    next[after] = range.start;
    next[before] = range.end;
  }
  return next;
}

/** The query string record: blank values are dropped, everything else is a string. */
export function toQueryRecord(params: ListParams): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(params)) if (!isBlank(value)) out[key] = String(value);
  return out;
}

// ---------------------------------------------------------------------------------------------------
// Server side: parse and allow-list.

export interface ListSpec {
  /** Filterable fields and their filter type; nothing else may filter. */
  filters: Readonly<Record<string, FilterType>>;
  /** Sortable fields; "id" is always sortable. */
  orderings: readonly string[];
  /** Fields that take `_after` / `_before` (default none). */
  dateFields?: readonly string[];
}

export type ParsedFilter =
  | { field: string; type: "text"; op: FilterOperator; value: string }
  | { field: string; type: "number"; op: NumberOperator; value: string }
  | { field: string; type: "list"; op: "in"; values: string[] };

export interface ParsedDateRange {
  field: string;
  /** yyyy-MM-dd, inclusive */
  after?: string;
  /** yyyy-MM-dd, inclusive */
  before?: string;
}

export interface ParsedListQuery {
  page: number;
  pageSize: number;
  ordering: OrderingTerm[];
  search?: string;
  /** Union of `branch` and `branches`. */
  branches: number[];
  currencies: number[];
  startDate?: string;
  endDate?: string;
  format?: string;
  dateRanges: ParsedDateRange[];
  filters: ParsedFilter[];
}

/** A 400: `message` is the English text, `param` the offending query key. */
export class ListQueryError extends Error {
  constructor(
    message: string,
    readonly param: string,
  ) {
    super(message);
    this.name = "ListQueryError";
  }
}

export type RawQuery = Record<string, unknown>;

/** Repeated keys arrive as arrays; the last one wins, as in Django's QueryDict.get. */
function single(value: unknown): string | undefined {
  const last: unknown = Array.isArray(value) ? value[value.length - 1] : value;
  if (last === undefined || last === null) return undefined;
  return typeof last === "string" ? last : typeof last === "number" ? String(last) : undefined;
}

const invalid = (name: string) => new ListQueryError(interpolate(MESSAGES.invalidFilterValue, { name }), name);

function positiveInt(text: string | undefined, name: string): number | undefined {
  if (text === undefined || text.trim() === "") return undefined;
  if (!/^\d+$/.test(text.trim()) || Number(text) < 1 || !Number.isSafeInteger(Number(text))) throw invalid(name);
  return Number(text);
}

function idList(text: string | undefined, name: string): number[] {
  if (text === undefined || text.trim() === "") return [];
  return text.split(LIST_SEPARATOR).map((part) => {
    const id = positiveInt(part, name);
    if (id === undefined) throw invalid(name); // an empty item, as in "1,,2"
    return id;
  });
}

function isoDate(text: string | undefined, name: string): string | undefined {
  if (text === undefined || text.trim() === "") return undefined;
  const trimmed = text.trim();
  if (!/^\d{4}-\d{2}-\d{2}$/.test(trimmed) || !isValidDate(trimmed)) throw invalid(name);
  return trimmed;
}

/**
 * Parses list query params against the allow-list. Throws ListQueryError for unknown filters or
 * orderings and malformed values; blank values are ignored, as the table sends cleared filters so.
 */
export function parseListQuery(query: RawQuery, spec: ListSpec): ParsedListQuery {
  const get = (key: string) => single(query[key]);

  let page: number;
  try {
    page = positiveInt(get("page"), "page") ?? 1;
  } catch {
    throw new ListQueryError(MESSAGES.invalidPage, "page");
  }
  const pageSize = positiveInt(get("page_size"), "page_size") ?? DEFAULT_PAGE_SIZE;
  if (pageSize > MAX_PAGE_SIZE) throw invalid("page_size");

  const sortable = new Set(["id", ...spec.orderings]);
  const ordering = parseOrdering(get("ordering")?.trim() || DEFAULT_ORDERING);
  for (const term of ordering) {
    if (!sortable.has(term.field)) {
      throw new ListQueryError(interpolate(MESSAGES.unknownOrdering, { name: term.field }), "ordering");
    }
  }
  if (ordering.length === 0) ordering.push(...parseOrdering(DEFAULT_ORDERING));

  const search = get("search")?.trim() || undefined;
  const branches = [...new Set([...idList(get("branch"), "branch"), ...idList(get("branches"), "branches")])];
  const currencies = idList(get("currency"), "currency");
  const startDate = isoDate(get("start_date"), "start_date");
  const endDate = isoDate(get("end_date"), "end_date");
  const format = get("format")?.trim() || undefined;

  const dateFields = new Set(spec.dateFields ?? []);
  const ranges = new Map<string, ParsedDateRange>();
  const filters: ParsedFilter[] = [];

  for (const key of Object.keys(query)) {
    if (RESERVED.has(key)) continue;
    const raw = get(key);
    const range = /^(.+)_(after|before)$/.exec(key);
    if (range && dateFields.has(range[1])) {
      const value = isoDate(raw, key);
      if (value === undefined) continue;
      const entry = ranges.get(range[1]) ?? { field: range[1] };
      entry[range[2] as "after" | "before"] = value;
      ranges.set(range[1], entry);
      continue;
    }
    const { field, op } = parseFilterKey(key);
    const type = Object.prototype.hasOwnProperty.call(spec.filters, field) ? spec.filters[field] : undefined;
    const allowed =
      type === "text"
        ? op === "equal" || (TEXT_OPERATORS as readonly string[]).includes(op)
        : type === "number"
          ? (NUMBER_OPERATORS as readonly string[]).includes(op)
          : type === "list" && op === "equal";
    if (!allowed) throw new ListQueryError(interpolate(MESSAGES.unknownFilter, { name: key }), key);
    if (raw === undefined || raw.trim() === "") continue;
    if (type === "text") filters.push({ field, type, op, value: raw.trim() });
    else if (type === "number") {
      if (!isDecimalString(raw)) throw invalid(key);
      filters.push({ field, type, op: op as NumberOperator, value: raw.trim() });
    } else {
      const values = raw
        .split(LIST_SEPARATOR)
        .map((v) => v.trim())
        .filter((v) => v !== "");
      if (values.length > 0) filters.push({ field, type: "list", op: "in", values });
    }
  }

  return {
    page,
    pageSize,
    ordering,
    search,
    branches,
    currencies,
    startDate,
    endDate,
    format,
    dateRanges: [...ranges.values()],
    filters,
  };
}
