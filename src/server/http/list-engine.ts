import { sql, type SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import {
  DEFAULT_DATE_FIELD,
  DEFAULT_PAGE_SIZE,
  MAX_PAGE_SIZE,
  RESERVED_LIST_PARAMS,
  defaultOrderingFor,
  parseFilterKey,
  type FilterOperator,
} from "../../core/list-query";
import { queryRows, type Executor } from "../db/client";
import type { AuthContext } from "./access";
import { visibleBranches } from "./access";
import { HttpError } from "./errors";
import { parseDocumentNumber } from "../../core/document-number";
import { isIsoDate } from "../../core/dates";
import { MAX_ID } from "../../core/validation/common";
import { MESSAGES, interpolate } from "../../core/messages";
import type { Paged } from "../../core/api-types";

/**
 * The generic list engine of DESIGN section 3. A resource declares what may be filtered, searched,
 * ordered and summed; the engine turns query parameters into parameterised SQL. Anything not
 * declared is a 400, never SQL.
 */
/** `integer`: an integer column (ids, numbers of documents); `number`: a numeric one (money, quantities). */
export type FieldType = "text" | "integer" | "number" | "date" | "boolean";

export interface ListField {
  sql: SQL;
  type: FieldType;
  sortable?: boolean;
  filterable?: boolean;
  /**
   * Never null: the ordering then says plain `asc`/`desc` (no `nulls first/last`), which a btree index
   * on the expression serves in both directions instead of a sort of the whole filtered set.
   */
  notNull?: boolean;
  /** Reads a joined table (not the list's main table): counting then needs `source`, not `countSource`. */
  joined?: boolean;
}

export interface ListSpec {
  /** `from` clause with its joins. */
  source: SQL;
  /** Select list producing the JSON row the API answers (snake_case aliases). */
  select: SQL;
  fields: Record<string, ListField>;
  search?: SQL[];
  /**
   * Replaces `search` when set: the condition for a search term (trimmed, non-empty), for lists that
   * search through indexes (a prefix, an id list) rather than `ilike '%term%'` on every row.
   */
  searchWhere?: (term: string) => SQL;
  /** Set when `searchWhere` reads a joined table. */
  searchJoined?: boolean;
  /**
   * The main table alone, under the alias `source` gives it (`sale s`); needs an `id` field. When set
   * and no condition reads a joined field, the count runs on it, and the page picks its ids on it
   * before joining only those rows (when the ordering reads no joined field either), so neither pays
   * for joins that cannot change which rows match (inner joins on not-null foreign keys, left joins),
   * and the planner never trades a sort of the matches for a long walk in id order through the joins.
   */
  mainSource?: SQL; /** Always applied (tombstones, fixed scopes). */
  baseWhere?: SQL;
  /** Expression giving the row's branch id: scopes the list and serves the branch filter. */
  branch?: SQL;
  /** For rows tied to several branches (suppliers): the scope condition for a set of branch ids. */
  branchScope?: (branchIds: number[]) => SQL;
  currency?: SQL;
  /** Date fields allowed for `<field>_after` / `<field>_before`; the first serves start_date/end_date. */
  dates?: Record<string, SQL>;
  sums?: Record<string, SQL>;
  /** The sums read the main table only: totals/ then sums on `mainSource` (when no condition is joined). */
  sumsOnMain?: boolean;
  /** Most rows totals/ sums for this list (TOTALS_ROW_CAP when unset). */
  totalsRowCap?: number;
  /**
   * Sums kept ahead of time (a per-day cache) for a filter of dates, branch and currency alone: answers
   * them, keyed as `sums`, over the rows it holds, and the condition picking the matching rows it does not
   * hold, which totals/ sums as usual and adds; or null to sum every row.
   */
  cachedTotals?: (ex: Executor, filter: CachedTotalsFilter) => Promise<CachedTotals | null>;
  defaultOrdering?: string;
}

export type ListQuery = Record<string, string | string[] | undefined>;

/** A filter of the first date field's range, the caller's branches and currencies, nothing else. */
export interface CachedTotalsFilter {
  branches: number[] | null;
  currencies: number[] | null;
  /** Inclusive bounds, ISO dates; null when open. */
  from: string | null;
  to: string | null;
}

export interface CachedTotals {
  sums: Record<string, string>;
  rest: SQL;
}

/**
 * `count` of a filtered page is exact up to COUNT_CAP rows. Beyond, counting every matching row would
 * cost a scan of the whole filtered set on each page (a million sales), so `count` is then the
 * planner's estimate, never below COUNT_CAP + 1 nor below the rows up to this page, and the answer says
 * `count_is_estimate: true`; `next` stays exact (the page query reads one row more than it shows).
 */
export const COUNT_CAP = 10_000;

/**
 * An unfiltered list (only its fixed conditions and the caller's branch scope) counts exactly up to
 * this many rows only: beyond, its count is the planner's estimate (EXPLAIN, which scales the
 * statistics to the table's current size, so it follows growth even where nothing runs ANALYZE, as on
 * PGlite), flagged as one. The first page of every list then reads its page and at most this many rows
 * more, never 10,000 rows again for every page turn.
 */
export const COUNT_EXACT_UNFILTERED = 1_000;

const MAX_ALL_ROWS = 20_000;

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[value.length - 1] : value;
}

function badParam(name: string, message: string): HttpError {
  return new HttpError(400, { [name]: [message] });
}

/** Digits a numeric filter may carry: a numeric(18, x) column holds fewer, and a longer literal only costs. */
const MAX_NUMBER_DIGITS = 30;
/** Longest value of any list parameter: a search term or a comma list of ids, never a document. */
const MAX_PARAM_LENGTH = 1_000;
/** Deepest page: 200 rows a page, far beyond any list a person pages through, and an offset that fits. */
const MAX_PAGE = 1_000_000;

/**
 * Values longer than any real filter, refused once for every list route before a condition is built
 * (NUL bytes never get this far: request-guard.ts refuses them on every route).
 */
function assertStorableParams(query: ListQuery) {
  for (const [name, value] of Object.entries(query)) {
    for (const raw of Array.isArray(value) ? value : [value]) {
      if (typeof raw !== "string") continue;
      if (raw.length > MAX_PARAM_LENGTH) throw badParam(name, interpolate(MESSAGES.maxLength, { max: MAX_PARAM_LENGTH }));
    }
  }
}

function parseIds(name: string, raw: string): number[] {
  const parts = raw
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean);
  const ids = parts.map(Number);
  if (ids.some((id) => !Number.isInteger(id) || id <= 0 || id > MAX_ID)) throw badParam(name, MESSAGES.number);
  return ids;
}

const INTEGER_RE = /^-?\d+$/;
const NUMBER_RE = /^-?\d+(\.\d+)?$/;

function coerce(name: string, type: FieldType, raw: string): string | number | boolean {
  switch (type) {
    case "integer": {
      if (!INTEGER_RE.test(raw)) throw badParam(name, MESSAGES.integer);
      const value = Number(raw);
      if (Math.abs(value) > MAX_ID) throw badParam(name, interpolate(MESSAGES.lessThanOrEqual, { max: MAX_ID }));
      return value;
    }
    case "number":
      if (!NUMBER_RE.test(raw) || raw.replace(/\D/g, "").length > MAX_NUMBER_DIGITS) throw badParam(name, MESSAGES.number);
      return raw;
    case "date":
      if (!isIsoDate(raw)) throw badParam(name, MESSAGES.date);
      return raw;
    case "boolean":
      if (["true", "1"].includes(raw.toLowerCase())) return true;
      if (["false", "0"].includes(raw.toLowerCase())) return false;
      throw badParam(name, MESSAGES.booleanType);
    default:
      return raw;
  }
}

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

function filterCondition(name: string, field: ListField, op: FilterOperator, raw: string): SQL {
  const column = field.sql;
  const values = () => raw.split(",").map((v) => coerce(name, field.type, v.trim()));
  switch (op) {
    case "equal": {
      const list = values();
      return list.length === 1
        ? sql`${column} = ${list[0]}`
        : sql`${column} in (${sql.join(
            list.map((v) => sql`${v}`),
            sql`, `,
          )})`;
    }
    case "not": {
      const list = values();
      return sql`(${column} is null or ${column} not in (${sql.join(
        list.map((v) => sql`${v}`),
        sql`, `,
      )}))`;
    }
    case "gt":
      return sql`${column} > ${coerce(name, field.type, raw)}`;
    case "gte":
      return sql`${column} >= ${coerce(name, field.type, raw)}`;
    case "lt":
      return sql`${column} < ${coerce(name, field.type, raw)}`;
    case "lte":
      return sql`${column} <= ${coerce(name, field.type, raw)}`;
  }
  if (field.type !== "text") throw badParam(name, `Unknown filter: ${name}`);
  switch (op) {
    case "istartswith":
      // lower() LIKE 'x%' can use a text_pattern_ops index; ILIKE cannot.
      return sql`lower(${column}) like ${`${escapeLike(raw.toLowerCase())}%`}`;
    case "iendswith":
      return sql`${column} ilike ${`%${escapeLike(raw)}`}`;
    case "icontains":
      return sql`${column} ilike ${`%${escapeLike(raw)}%`}`;
    case "iexact":
      return sql`lower(${column}) = lower(${raw})`;
  }
  throw badParam(name, `Unknown filter: ${name}`);
}

/**
 * A search typed as a document number with its branch's short code (`ERB-241`, core/document-number.ts):
 * that number in that branch, for a list of numbered documents with a branch; null otherwise.
 */
function documentNumberSearch(spec: ListSpec, raw: string): SQL | null {
  const number = spec.fields.invoice_no;
  if (!number || !spec.branch) return null;
  const parsed = parseDocumentNumber(raw);
  if (!parsed?.shortCode) return null;
  return sql`(${number.sql} = ${parsed.number} and ${spec.branch} = (select coded.id from branch coded where coded.short_code = ${parsed.shortCode}))`;
}

/** Where conditions for a query; throws 400 on anything the spec does not declare. */
export function listConditions(spec: ListSpec, query: ListQuery, auth: AuthContext): SQL[] {
  return buildConditions(spec, query, auth).where;
}

/**
 * `filtered`: a condition came from the request (a column filter, search, dates, currency), beyond the
 * list's fixed conditions and the branch scope. `cacheable`: the conditions are the first date field's
 * range, the branch scope and currencies alone (what a per-day cache of sums can answer), else null.
 */
function buildConditions(
  spec: ListSpec,
  query: ListQuery,
  auth: AuthContext,
): { where: SQL[]; joined: boolean; filtered: boolean; dateBefore: boolean; cacheable: CachedTotalsFilter | null } {
  assertStorableParams(query);
  const where: SQL[] = [];
  let joined = false;
  let dateBefore = false;
  let cacheable: CachedTotalsFilter | null = { branches: null, currencies: null, from: null, to: null };
  const narrow = (bound: "from" | "to", value: string) => {
    if (!cacheable) return;
    const current = cacheable[bound];
    if (current === null || (bound === "from" ? value > current : value < current)) cacheable[bound] = value;
  };
  if (spec.baseWhere) where.push(spec.baseWhere);

  const requestedBranches = [single(query.branch), single(query.branches)]
    .filter((v): v is string => !!v && v.trim() !== "")
    .flatMap((v) => parseIds("branch", v));
  if (spec.branch || spec.branchScope) {
    const ids = visibleBranches(auth, requestedBranches);
    if (spec.branchScope) cacheable = null;
    else cacheable.branches = ids;
    if (ids.length === 0) where.push(sql`false`);
    else if (spec.branchScope) where.push(spec.branchScope(ids));
    else
      where.push(
        sql`${spec.branch} in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      );
  } else if (requestedBranches.length > 0) {
    throw badParam("branch", "Unknown filter: branch");
  }
  const fixed = where.length;

  const dateFields = spec.dates ?? {};
  const defaultDate = Object.values(dateFields)[0];

  for (const [name, rawValue] of Object.entries(query)) {
    const raw = single(rawValue);
    if (raw === undefined || raw === "") continue;
    if (name === "branch" || name === "branches") continue;
    if (name === "currency") {
      if (!spec.currency) throw badParam(name, `Unknown filter: ${name}`);
      const ids = parseIds(name, raw);
      if (cacheable) cacheable.currencies = ids;
      where.push(
        sql`${spec.currency} in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      );
      continue;
    }
    if (name === "search") {
      // "ERB-241" also finds number 241 of the branch coded ERB (the bare number is found as text already).
      const byNumber = documentNumberSearch(spec, raw);
      const orNumber = (condition: SQL) => (byNumber ? sql`(${condition} or ${byNumber})` : condition);
      if (spec.searchWhere) {
        if (raw.trim() === "") continue;
        cacheable = null;
        where.push(orNumber(spec.searchWhere(raw.trim())));
        joined ||= !!spec.searchJoined;
        continue;
      }
      if (!spec.search?.length) throw badParam(name, `Unknown filter: ${name}`);
      const pattern = `%${escapeLike(raw.trim())}%`;
      cacheable = null;
      where.push(
        orNumber(
          sql`(${sql.join(
            spec.search.map((c) => sql`${c} ilike ${pattern}`),
            sql` or `,
          )})`,
        ),
      );
      joined = true;
      continue;
    }
    if (name === "start_date" || name === "end_date") {
      if (!defaultDate) throw badParam(name, `Unknown filter: ${name}`);
      const value = coerce(name, "date", raw);
      where.push(name === "start_date" ? sql`${defaultDate} >= ${value}` : sql`${defaultDate} <= ${value}`);
      dateBefore ||= name === "end_date";
      narrow(name === "start_date" ? "from" : "to", String(value));
      continue;
    }
    if ((RESERVED_LIST_PARAMS as readonly string[]).includes(name)) continue;
    const range = /^(.+)_(after|before)$/.exec(name);
    if (range && dateFields[range[1]]) {
      const value = coerce(name, "date", raw);
      const column = dateFields[range[1]];
      where.push(range[2] === "after" ? sql`${column} >= ${value}` : sql`${column} <= ${value}`);
      dateBefore ||= range[2] === "before";
      if (column === defaultDate) narrow(range[2] === "after" ? "from" : "to", String(value));
      else cacheable = null;
      continue;
    }
    const { field: fieldName, op } = parseFilterKey(name);
    const field = spec.fields[fieldName];
    if (!field || field.filterable === false) throw badParam(name, `Unknown filter: ${name}`);
    where.push(filterCondition(name, field, op, raw));
    joined ||= !!field.joined;
    cacheable = null;
  }
  return { where, joined, filtered: where.length > fixed, dateBefore, cacheable };
}

/** The ordering a query asks for, else the list's own, else documents by date and the rest by id. */
function orderingOf(spec: ListSpec, query: ListQuery): string {
  return single(query.ordering) || spec.defaultOrdering || defaultOrderingFor(spec.fields[DEFAULT_DATE_FIELD] !== undefined);
}

/** Whether the ordering reads a joined field. */
function orderingJoined(spec: ListSpec, query: ListQuery): boolean {
  const raw = orderingOf(spec, query);
  return raw.split(",").some((p) => !!spec.fields[p.trim().replace(/^-/, "")]?.joined);
}

export function listOrdering(spec: ListSpec, query: ListQuery): SQL {
  const raw = orderingOf(spec, query);
  const parts = raw
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean);
  let lastDescending = true;
  const clauses = parts.map((part) => {
    const descending = part.startsWith("-");
    lastDescending = descending;
    const field = spec.fields[descending ? part.slice(1) : part];
    if (!field || field.sortable === false) throw badParam("ordering", `Unknown ordering: ${part}`);
    // Text sorts as people read it (alpha next to Alpha), the same on every collation.
    const key = field.type === "text" ? sql`lower(${field.sql})` : field.sql;
    // The id is the primary key, never null: `id desc` walks its index backwards and stops after the
    // page, where `id desc nulls last` (not what an ascending btree gives) sorted every row first.
    if (field.notNull || field === spec.fields.id) return descending ? sql`${key} desc` : sql`${key} asc`;
    return descending ? sql`${key} desc nulls last` : sql`${key} asc nulls first`;
  });
  // A stable tie-break so pages never repeat or skip rows, in the direction of the last key so that one
  // index on (key, id) serves the ordering both ways.
  if (spec.fields.id && !parts.some((p) => p.replace(/^-/, "") === "id")) {
    clauses.push(lastDescending ? sql`${spec.fields.id.sql} desc` : sql`${spec.fields.id.sql} asc`);
  }
  return sql.join(clauses, sql`, `);
}

const whereClause = (where: SQL[]) => (where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``);

function pageParams(query: ListQuery): { page: number; pageSize: number } {
  const page = Number(single(query.page) || 1);
  const pageSize = Number(single(query.page_size) || DEFAULT_PAGE_SIZE);
  if (!Number.isInteger(page) || page < 1 || page > MAX_PAGE) throw badParam("page", MESSAGES.invalidPage);
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > MAX_PAGE_SIZE) {
    throw badParam("page_size", `less than or equal to ${MAX_PAGE_SIZE}`);
  }
  return { page, pageSize };
}

function pageLink(basePath: string, query: ListQuery, page: number): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    const value = single(v);
    if (value !== undefined && k !== "page") params.set(k, value);
  }
  params.set("page", String(page));
  return `${basePath}?${params.toString()}`;
}

/** How long an estimated count is reused for the same list and conditions: an estimate stays one. */
const ESTIMATE_TTL_MS = 30_000;
const MAX_CACHED_ESTIMATES = 500;
const estimates = new Map<string, { rows: number | null; at: number }>();
const dialect = new PgDialect();

/**
 * The planner's row estimate for `select 1 from <from> <where>`; null when it cannot say. Kept for
 * ESTIMATE_TTL_MS per query text and values, so turning the pages of a large list costs no EXPLAIN each.
 */
async function estimateRows(ex: Executor, from: SQL, where: SQL): Promise<number | null> {
  const query = sql`explain (format json) select 1 from ${from} ${where}`;
  const built = dialect.sqlToQuery(query);
  const key = `${built.sql}\u0000${JSON.stringify(built.params)}`;
  const now = Date.now();
  const cached = estimates.get(key);
  if (cached && now - cached.at < ESTIMATE_TTL_MS) return cached.rows;
  let rows: number | null = null;
  try {
    const [first] = await queryRows<Record<string, unknown>>(ex, query);
    const raw = Object.values(first ?? {})[0];
    const plan = (typeof raw === "string" ? JSON.parse(raw) : raw) as { Plan?: { "Plan Rows"?: number } }[];
    const estimate = plan?.[0]?.Plan?.["Plan Rows"];
    rows = typeof estimate === "number" && Number.isFinite(estimate) ? Math.round(estimate) : null;
  } catch {
    rows = null;
  }
  if (estimates.size >= MAX_CACHED_ESTIMATES) estimates.delete(estimates.keys().next().value as string);
  estimates.set(key, { rows, at: now });
  return rows;
}

/** The column the page query carries its capped count in (read off, never answered). */
const COUNT_COLUMN = "__list_count";

/**
 * One page in one statement: the page's rows (one more than it shows, so `next` is exact even when
 * `count` is an estimate) with the capped count beside them as an init plan run once: one round trip
 * where a page query, a count and an EXPLAIN took three (and the EXPLAIN is kept a while). The count reads at most COUNT_CAP + 1 matching rows of a filtered list and COUNT_EXACT_UNFILTERED + 1
 * of an unfiltered one; past that it is the planner's estimate and the answer says so. A last page with
 * rows gives its count itself.
 */
export async function listPage<T>(ex: Executor, spec: ListSpec, query: ListQuery, auth: AuthContext, basePath: string): Promise<Paged<T>> {
  const { page, pageSize } = pageParams(query);
  const conditions = buildConditions(spec, query, auth);
  const where = whereClause(conditions.where);
  const countFrom = spec.mainSource && !conditions.joined ? spec.mainSource : spec.source;
  const offset = (page - 1) * pageSize;
  const ordering = listOrdering(spec, query);
  const id = spec.fields.id?.sql;
  const orderKey = orderingOf(spec, query);
  // A date range ending before today, in id order (the default): documents are numbered as they are
  // entered, so their ids follow their dates, which the planner does not know, statistics or not (PostgreSQL
  // 18, analyzed, as PGlite). It expects a month's matches spread through the id order, walks the primary
  // key from the newest document and passes every later one (a month two years back over 1M sales: 500,000
  // rows, 4.5 s against 0.5). Ordered by an expression of the id,
  // it takes the range from the date index and sorts those rows instead (same rows, same order). A range
  // open towards today keeps the walk, which finds its newest rows at once.
  const pickOrdering =
    id && conditions.dateBefore && /^-?id$/.test(orderKey) ? sql`${id} + 0 ${orderKey.startsWith("-") ? sql`desc` : sql`asc`}` : ordering;
  // Exact up to the cap: counting stops there instead of reading the whole matching set.
  const cap = conditions.filtered ? COUNT_CAP : COUNT_EXACT_UNFILTERED;
  const capped = sql`(select count(*) from (select 1 from ${countFrom} ${where} limit ${cap + 1}) capped)`;
  const select = sql`${spec.select}, ${capped} as ${sql.identifier(COUNT_COLUMN)}`;
  const rows = await queryRows<T & { [COUNT_COLUMN]?: number | string }>(
    ex,
    spec.mainSource && id && !conditions.joined && !orderingJoined(spec, query)
      ? // An array (an init plan), not `in (select ...)`: the ids come first, then only those rows are joined.
        sql`select ${select} from ${spec.source}
          where ${id} = any(array(select ${id} from ${spec.mainSource} ${where} order by ${pickOrdering} limit ${pageSize + 1} offset ${offset}))
          order by ${ordering}`
      : sql`select ${select} from ${spec.source} ${where} order by ${pickOrdering} limit ${pageSize + 1} offset ${offset}`,
  );
  const hasNext = rows.length > pageSize;
  const shown = hasNext ? rows.slice(0, pageSize) : rows;
  const results = shown.map(({ [COUNT_COLUMN]: _count, ...row }) => row as T);
  // Rows known to exist: those before and on this page, when it has any (a page past the end proves none).
  const seen = results.length > 0 ? offset + results.length + (hasNext ? 1 : 0) : 0;
  let total: number;
  let estimated = false;
  if (!hasNext && (results.length > 0 || page === 1)) {
    // The last page: every matching row is before or on it.
    total = offset + results.length;
  } else {
    // A page past the end carries no count: ask for it alone.
    const counted = rows[0]?.[COUNT_COLUMN] ?? (await queryRows<{ count: number | string }>(ex, sql`select ${capped} as count`))[0].count;
    total = Number(counted);
    if (total > cap) {
      const estimate = (await estimateRows(ex, countFrom, where)) ?? 0;
      total = Math.max(estimate, cap + 1, seen);
      estimated = true;
    }
  }
  return {
    count: total,
    ...(estimated ? { count_is_estimate: true } : {}),
    next: hasNext ? pageLink(basePath, query, page + 1) : null,
    previous: page > 1 ? pageLink(basePath, query, page - 1) : null,
    results,
  };
}

export async function listAll<T>(ex: Executor, spec: ListSpec, query: ListQuery, auth: AuthContext): Promise<T[]> {
  const where = whereClause(listConditions(spec, query, auth));
  return queryRows<T>(
    ex,
    sql`select ${spec.select} from ${spec.source} ${where} order by ${listOrdering(spec, query)} limit ${MAX_ALL_ROWS}`,
  );
}

/** Rows each statement of an export reads: the server holds one chunk in memory at a time. */
export const EXPORT_CHUNK_ROWS = 2_000;
/** Most rows one export writes (a spreadsheet holds 1,048,576): beyond, the user narrows the filters. */
export const EXPORT_ROW_CAP = 1_000_000;

/**
 * Every row of the filter, in the list's ordering, in chunks of `chunkRows` (for an export that streams
 * them out). The filters and ordering are checked at once (a 400 before anything is written); the rows
 * are then read chunk by chunk as the caller asks for them, each chunk one statement at the next offset
 * (the ordering ends on the id, so the chunks neither repeat nor skip rows of an unchanged list), never
 * in one transaction: one open for the whole download would hold back vacuum and every device's sync pull,
 * which sends only what transactions older than the oldest running one wrote.
 */
export function listRowChunks<T>(
  ex: Executor,
  spec: ListSpec,
  query: ListQuery,
  auth: AuthContext,
  options: { chunkRows?: number; cap?: number } = {},
): AsyncGenerator<T[]> {
  const where = whereClause(listConditions(spec, query, auth));
  const ordering = listOrdering(spec, query);
  const chunkRows = options.chunkRows ?? EXPORT_CHUNK_ROWS;
  const cap = options.cap ?? EXPORT_ROW_CAP;
  return (async function* chunks() {
    for (let offset = 0; offset < cap; offset += chunkRows) {
      const limit = Math.min(chunkRows, cap - offset);
      const rows = await queryRows<T>(
        ex,
        sql`select ${spec.select} from ${spec.source} ${where} order by ${ordering} limit ${limit} offset ${offset}`,
      );
      if (rows.length > 0) yield rows;
      if (rows.length < limit) return;
    }
  })();
}

/**
 * Most matching rows totals/ sums. Beyond, it answers `{totals_capped: true, totals_row_cap}` and no
 * sums: a sums footer over a million sales would read them all on every change of filter, and partial
 * sums would be wrong. Narrowing the filters (a month, a branch) gives exact sums again.
 */
export const TOTALS_ROW_CAP = 200_000;

export type ListTotals = Record<string, string> | { totals_capped: true; totals_row_cap: number };

/** The matching rows totals/ reads: where from and under which conditions. */
interface SumTarget {
  ex: Executor;
  from: SQL;
  where: SQL[];
}

/**
 * Adds up `columns` (named c0, c1, ...) over the matching rows in one statement, stopping past `cap`
 * rows (then `n` says cap + 1), onto the sums carried in (`start`, in numeric so the text is what one
 * sum gives). The planner reads the rows along whatever index serves the filter (no order needed: a
 * capped count and sums of a set do not depend on it).
 */
async function sumUpTo(
  t: SumTarget,
  columns: SQL[],
  cap: number,
  start: string[] = columns.map(() => "0"),
): Promise<{ n: number; sums: string[] }> {
  const inner = sql.join([...columns.map((c, i) => sql`${c} as ${sql.identifier(`c${i}`)}`), sql`1 as one`], sql`, `);
  const sums = start.map(
    (value, i) => sql`, (${value}::numeric + coalesce(sum(${sql.identifier(`c${i}`)}), 0))::text as ${sql.identifier(`s${i}`)}`,
  );
  const [row] = await queryRows<Record<string, string | number | null>>(
    t.ex,
    sql`select count(*) as n ${sql.join(sums, sql``)} from (select ${inner} from ${t.from} ${whereClause(t.where)} limit ${cap + 1}) capped`,
  );
  return { n: Number(row.n), sums: start.map((_, i) => String(row[`s${i}`])) };
}

/**
 * `{sum_<key>: "decimal"}` over the filtered rows, for the sums footer. It costs reading the matching
 * rows, so it is bounded: at most TOTALS_ROW_CAP of them (else the capped answer). When the planner
 * expects more than the cap, the rows are first only counted (up to the cap, no sums: several times
 * cheaper), and summed only if they turn out to be under it: the estimate may be wrong, the answer
 * never is. The sums are one statement along the index that serves the filter (each request has its
 * own connection of the pool, so a long sum holds up no other). On the main table alone when the spec
 * says its sums read nothing joined (`sumsOnMain`). A list with `cachedTotals` takes what its cache
 * holds for the filter and sums the rest (bounded by the cap in the same way) onto it.
 */
export async function listTotals(ex: Executor, spec: ListSpec, query: ListQuery, auth: AuthContext): Promise<ListTotals> {
  const sums = Object.entries(spec.sums ?? {});
  if (sums.length === 0) return {};
  const conditions = buildConditions(spec, query, auth);
  const from = spec.sumsOnMain && spec.mainSource && !conditions.joined ? spec.mainSource : spec.source;
  const rowCap = spec.totalsRowCap ?? TOTALS_ROW_CAP;
  const capped = { totals_capped: true as const, totals_row_cap: rowCap };
  const cached = spec.cachedTotals && conditions.cacheable ? await spec.cachedTotals(ex, conditions.cacheable) : null;
  const target: SumTarget = { ex, from, where: cached ? [...conditions.where, cached.rest] : conditions.where };
  const estimate = await estimateRows(ex, from, whereClause(target.where));
  if (estimate === null || estimate > rowCap) {
    const counted = await sumUpTo(target, [], rowCap);
    if (counted.n > rowCap) return capped;
  }
  const expressions = sums.map(([, expression]) => expression);
  const start = sums.map(([key]) => cached?.sums[key] ?? "0");
  const summed = await sumUpTo(target, expressions, rowCap, start);
  if (summed.n > rowCap) return capped;
  return Object.fromEntries(sums.map(([key], i) => [`sum_${key}`, summed.sums[i]]));
}

/** A timestamp as ISO 8601 text, the same on PGlite and node-postgres. */
export const isoTimestamp = (column: SQL) => sql`to_json(${column})#>>'{}'`;
