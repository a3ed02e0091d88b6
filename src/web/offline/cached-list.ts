import { DEFAULT_DATE_FIELD, defaultOrderingFor, parseFilterKey, parseOrdering } from "../../core/list-query";
import type { Paged } from "../../core/api-types";
import type { CachedRow, CachedTableName } from "./sync-tables";
import { textOf } from "../../core/text";

/**
 * Lists and selectors over the device cache (DESIGN section 4): which API resource is which cached
 * table, how a cached table row (snake_case columns, `x_id` foreign keys) becomes the row the API
 * lists answer (`x` and `x_name`), and the list query (search, column filters, sort, page) applied
 * in memory. Pure, so it is unit-tested in node.
 */

/** API resource path -> cached table, for the resources whose rows the device keeps. */
const RESOURCE_TABLES: Record<string, CachedTableName> = {
  "item/": "item",
  "item-group/": "item_group",
  "item-subgroup/": "item_subgroup",
  "measurement/": "measurement",
  "city/": "city",
  "customer/": "customer",
  "supplier/": "supplier",
  "partner/": "partner",
  "accounting/exchange-rate/": "exchange_rate",
  // Offline the cashbox list shows the cached cashboxes with the balances last read (cashbox-overlay.ts).
  "accounting/cashbox/": "cashbox",
};

export function cachedTableFor(endpoint: string | null | undefined): CachedTableName | null {
  if (!endpoint) return null;
  const path = endpoint.endsWith("/") ? endpoint : `${endpoint}/`;
  return RESOURCE_TABLES[path] ?? null;
}

/** Foreign-key columns of cached rows: the table they point to and the field shown as its name. */
export const FOREIGN_KEYS: Record<string, { table: CachedTableName; label: string }> = {
  item_group_id: { table: "item_group", label: "name" },
  item_subgroup_id: { table: "item_subgroup", label: "name" },
  measurement_id: { table: "measurement", label: "name" },
  packet_measurement_id: { table: "measurement", label: "name" },
  city_id: { table: "city", label: "name" },
  currency_id: { table: "currency", label: "code" },
};

/** Table -> id -> display name, for the foreign keys of the rows at hand. */
export type Lookups = Partial<Record<CachedTableName, ReadonlyMap<unknown, string>>>;

/** The tables whose names the rows need (from their foreign-key columns). */
export function lookupTablesOf(rows: readonly CachedRow[]): CachedTableName[] {
  const tables = new Set<CachedTableName>();
  const sample = rows[0];
  if (!sample) return [];
  for (const column of Object.keys(sample)) {
    const key = FOREIGN_KEYS[column];
    if (key) tables.add(key.table);
  }
  return [...tables];
}

/**
 * A cached row in the shape of the API list row: `item_group_id` is also `item_group` and
 * `item_group_name`. The stock an item record holds on the device (stock-store.ts) is left out.
 */
export function toListRow(row: CachedRow, lookups: Lookups): Record<string, unknown> {
  const { stock: _stock, stock_ids: _stockIds, ...out }: Record<string, unknown> = row;
  for (const [column, value] of Object.entries(out)) {
    if (!column.endsWith("_id")) continue;
    const field = column.slice(0, -3);
    if (!(field in out)) out[field] = value;
    const key = FOREIGN_KEYS[column];
    const name = key ? lookups[key.table]?.get(value) : undefined;
    if (name !== undefined) out[`${field}_${key?.label === "code" ? "code" : "name"}`] = name;
  }
  return out;
}

const text = (value: unknown): string => textOf(value).toLowerCase();

/** Fields the search box looks in, as the server's list search does for these resources. */
const SEARCH_FIELDS = ["name", "code", "barcode", "phone", "item_group_name"];

function matchesFilter(value: unknown, op: string, wanted: string): boolean {
  const have = text(value);
  const want = wanted.toLowerCase();
  switch (op) {
    case "istartswith":
      return have.startsWith(want);
    case "iendswith":
      return have.endsWith(want);
    case "icontains":
      return have.includes(want);
    case "iexact":
      return have === want;
    case "not":
      return have !== want;
    case "gt":
    case "gte":
    case "lt":
    case "lte": {
      const a = Number(value);
      const b = Number(wanted);
      if (Number.isNaN(a) || Number.isNaN(b)) return false;
      return op === "gt" ? a > b : op === "gte" ? a >= b : op === "lt" ? a < b : a <= b;
    }
    default: {
      // "equal", and list filters ("1,2,3"): any of the values.
      const options = wanted.split(",").map((v) => v.trim().toLowerCase());
      return options.includes(have);
    }
  }
}

function compare(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a === null || a === undefined || a === "") return -1;
  if (b === null || b === undefined || b === "") return 1;
  const na = typeof a === "number" ? a : Number.NaN;
  const nb = typeof b === "number" ? b : Number.NaN;
  if (!Number.isNaN(na) && !Number.isNaN(nb)) return na - nb;
  // Pending rows have "local-…" ids: they sort after the server's (they are the newest).
  if (typeof a === "number" && typeof b === "string") return -1;
  if (typeof a === "string" && typeof b === "number") return 1;
  return textOf(a).localeCompare(textOf(b), undefined, { numeric: true, sensitivity: "base" });
}

/** Keys of a list query that are not column filters. */
const NOT_FILTERS = new Set(["page", "page_size", "ordering", "search", "branch", "branches", "currency"]);

/**
 * The list query (`toQueryParams` output) applied to cached rows: search, column filters, currency,
 * sort and page. Date ranges and unknown screen filters are ignored (the note says the data may be
 * out of date anyway).
 */
export function queryCachedRows<Row = Record<string, unknown>>(
  rows: readonly Record<string, unknown>[],
  params: Record<string, string>,
): Paged<Row> {
  let result = rows.filter((row) => !row.deleted_at);
  const search = params.search?.trim().toLowerCase();
  if (search) result = result.filter((row) => SEARCH_FIELDS.some((field) => text(row[field]).includes(search)));
  if (params.currency) result = result.filter((row) => matchesFilter(row.currency_id ?? row.currency, "equal", params.currency));
  for (const [key, value] of Object.entries(params)) {
    if (NOT_FILTERS.has(key) || value === "" || key.endsWith("_after") || key.endsWith("_before")) continue;
    const { field, op } = parseFilterKey(key);
    if (!rows.some((row) => field in row)) continue;
    result = result.filter((row) => matchesFilter(row[field], op, value));
  }
  const terms = parseOrdering(params.ordering || defaultOrderingFor(rows.some((row) => DEFAULT_DATE_FIELD in row)));
  result = [...result].sort((a, b) => {
    for (const term of terms) {
      const order = compare(a[term.field], b[term.field]);
      if (order !== 0) return term.descending ? -order : order;
    }
    return 0;
  });
  const pageSize = Math.max(1, Number(params.page_size) || result.length || 1);
  const page = Math.max(1, Number(params.page) || 1);
  const start = (page - 1) * pageSize;
  return {
    count: result.length,
    next: start + pageSize < result.length ? String(page + 1) : null,
    previous: page > 1 ? String(page - 1) : null,
    results: result.slice(start, start + pageSize) as Row[],
  };
}
