import { sql, type SQL } from "drizzle-orm";
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, RESERVED_LIST_PARAMS, parseFilterKey, type FilterOperator } from "../../core/list-query";
import { queryRows, type Executor } from "../db/client";
import type { AuthContext } from "./access";
import { visibleBranches } from "./access";
import { HttpError } from "./errors";
import type { Paged } from "../../core/api-types";

/**
 * The generic list engine of DESIGN section 3. A resource declares what may be filtered, searched,
 * ordered and summed; the engine turns query parameters into parameterised SQL. Anything not
 * declared is a 400, never SQL.
 */
export type FieldType = "text" | "number" | "date" | "boolean";

export interface ListField {
  sql: SQL;
  type: FieldType;
  sortable?: boolean;
  filterable?: boolean;
}

export interface ListSpec {
  /** `from` clause with its joins. */
  source: SQL;
  /** Select list producing the JSON row the API answers (snake_case aliases). */
  select: SQL;
  fields: Record<string, ListField>;
  search?: SQL[];
  /** Always applied (tombstones, fixed scopes). */
  baseWhere?: SQL;
  /** Expression giving the row's branch id: scopes the list and serves the branch filter. */
  branch?: SQL;
  /** For rows tied to several branches (suppliers): the scope condition for a set of branch ids. */
  branchScope?: (branchIds: number[]) => SQL;
  currency?: SQL;
  /** Date fields allowed for `<field>_after` / `<field>_before`; the first serves start_date/end_date. */
  dates?: Record<string, SQL>;
  sums?: Record<string, SQL>;
  defaultOrdering?: string;
}

export type ListQuery = Record<string, string | string[] | undefined>;

const MAX_ALL_ROWS = 20_000;

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[value.length - 1] : value;
}

function badParam(name: string, message: string): HttpError {
  return new HttpError(400, { [name]: [message] });
}

function parseIds(name: string, raw: string): number[] {
  const parts = raw.split(",").map((p) => p.trim()).filter(Boolean);
  const ids = parts.map(Number);
  if (ids.some((id) => !Number.isInteger(id) || id <= 0)) throw badParam(name, "must be a number");
  return ids;
}

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
const NUMBER_RE = /^-?\d+(\.\d+)?$/;

function coerce(name: string, type: FieldType, raw: string): string | number | boolean {
  switch (type) {
    case "number":
      if (!NUMBER_RE.test(raw)) throw badParam(name, "must be a number");
      return raw;
    case "date":
      if (!DATE_RE.test(raw) || Number.isNaN(Date.parse(raw))) throw badParam(name, "must be a valid date");
      return raw;
    case "boolean":
      if (["true", "1"].includes(raw.toLowerCase())) return true;
      if (["false", "0"].includes(raw.toLowerCase())) return false;
      throw badParam(name, "must be true or false");
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
      return list.length === 1 ? sql`${column} = ${list[0]}` : sql`${column} in (${sql.join(list.map((v) => sql`${v}`), sql`, `)})`;
    }
    case "not": {
      const list = values();
      return sql`(${column} is null or ${column} not in (${sql.join(list.map((v) => sql`${v}`), sql`, `)}))`;
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

/** Where conditions for a query; throws 400 on anything the spec does not declare. */
export function listConditions(spec: ListSpec, query: ListQuery, auth: AuthContext): SQL[] {
  const where: SQL[] = [];
  if (spec.baseWhere) where.push(spec.baseWhere);

  const requestedBranches = [single(query.branch), single(query.branches)]
    .filter((v): v is string => !!v && v.trim() !== "")
    .flatMap((v) => parseIds("branch", v));
  if (spec.branch || spec.branchScope) {
    const ids = visibleBranches(auth, requestedBranches);
    if (ids.length === 0) where.push(sql`false`);
    else if (spec.branchScope) where.push(spec.branchScope(ids));
    else where.push(sql`${spec.branch} in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`);
  } else if (requestedBranches.length > 0) {
    throw badParam("branch", "Unknown filter: branch");
  }

  const dateFields = spec.dates ?? {};
  const defaultDate = Object.values(dateFields)[0];

  for (const [name, rawValue] of Object.entries(query)) {
    const raw = single(rawValue);
    if (raw === undefined || raw === "") continue;
    if (name === "branch" || name === "branches") continue;
    if (name === "currency") {
      if (!spec.currency) throw badParam(name, `Unknown filter: ${name}`);
      const ids = parseIds(name, raw);
      where.push(sql`${spec.currency} in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`);
      continue;
    }
    if (name === "search") {
      if (!spec.search?.length) throw badParam(name, `Unknown filter: ${name}`);
      const pattern = `%${escapeLike(raw.trim())}%`;
      where.push(sql`(${sql.join(spec.search.map((c) => sql`${c} ilike ${pattern}`), sql` or `)})`);
      continue;
    }
    if (name === "start_date" || name === "end_date") {
      if (!defaultDate) throw badParam(name, `Unknown filter: ${name}`);
      const value = coerce(name, "date", raw);
      where.push(name === "start_date" ? sql`${defaultDate} >= ${value}` : sql`${defaultDate} <= ${value}`);
      continue;
    }
    if ((RESERVED_LIST_PARAMS as readonly string[]).includes(name)) continue;
    const range = /^(.+)_(after|before)$/.exec(name);
    if (range && dateFields[range[1]]) {
      const value = coerce(name, "date", raw);
      const column = dateFields[range[1]];
      where.push(range[2] === "after" ? sql`${column} >= ${value}` : sql`${column} <= ${value}`);
      continue;
    }
    const { field: fieldName, op } = parseFilterKey(name);
    const field = spec.fields[fieldName];
    if (!field || field.filterable === false) throw badParam(name, `Unknown filter: ${name}`);
    where.push(filterCondition(name, field, op, raw));
  }
  return where;
}

export function listOrdering(spec: ListSpec, query: ListQuery): SQL {
  const raw = single(query.ordering) || spec.defaultOrdering || "-id";
  const parts = raw.split(",").map((p) => p.trim()).filter(Boolean);
  const clauses = parts.map((part) => {
    const descending = part.startsWith("-");
    const field = spec.fields[descending ? part.slice(1) : part];
    if (!field || field.sortable === false) throw badParam("ordering", `Unknown ordering: ${part}`);
    // Text sorts as people read it (alpha next to Alpha), the same on every collation.
    const key = field.type === "text" ? sql`lower(${field.sql})` : field.sql;
    return descending ? sql`${key} desc nulls last` : sql`${key} asc nulls first`;
  });
  // A stable tie-break so pages never repeat or skip rows.
  if (spec.fields.id && !parts.some((p) => p.replace(/^-/, "") === "id")) clauses.push(sql`${spec.fields.id.sql} desc`);
  return sql.join(clauses, sql`, `);
}

const whereClause = (where: SQL[]) => (where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``);

function pageParams(query: ListQuery): { page: number; pageSize: number } {
  const page = Number(single(query.page) ?? 1);
  const pageSize = Number(single(query.page_size) ?? DEFAULT_PAGE_SIZE);
  if (!Number.isInteger(page) || page < 1) throw badParam("page", "Invalid page.");
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

export async function listPage<T>(ex: Executor, spec: ListSpec, query: ListQuery, auth: AuthContext, basePath: string): Promise<Paged<T>> {
  const { page, pageSize } = pageParams(query);
  const where = whereClause(listConditions(spec, query, auth));
  const [{ count }] = await queryRows<{ count: number | string }>(ex, sql`select count(*) as count from ${spec.source} ${where}`);
  const total = Number(count);
  const results = await queryRows<T>(
    ex,
    sql`select ${spec.select} from ${spec.source} ${where} order by ${listOrdering(spec, query)} limit ${pageSize} offset ${(page - 1) * pageSize}`,
  );
  return {
    count: total,
    next: page * pageSize < total ? pageLink(basePath, query, page + 1) : null,
    previous: page > 1 ? pageLink(basePath, query, page - 1) : null,
    results,
  };
}

export async function listAll<T>(ex: Executor, spec: ListSpec, query: ListQuery, auth: AuthContext): Promise<T[]> {
  const where = whereClause(listConditions(spec, query, auth));
  return queryRows<T>(ex, sql`select ${spec.select} from ${spec.source} ${where} order by ${listOrdering(spec, query)} limit ${MAX_ALL_ROWS}`);
}

/** `{sum_<key>: "decimal"}` over the filtered rows, for the sums footer. */
export async function listTotals(ex: Executor, spec: ListSpec, query: ListQuery, auth: AuthContext): Promise<Record<string, string>> {
  const sums = Object.entries(spec.sums ?? {});
  if (sums.length === 0) return {};
  const where = whereClause(listConditions(spec, query, auth));
  const select = sql.join(sums.map(([key, column]) => sql`coalesce(sum(${column}), 0)::text as ${sql.identifier(`sum_${key}`)}`), sql`, `);
  const [row] = await queryRows<Record<string, string>>(ex, sql`select ${select} from ${spec.source} ${where}`);
  return row ?? {};
}

/** A timestamp as ISO 8601 text, the same on PGlite and node-postgres. */
export const isoTimestamp = (column: SQL) => sql`to_json(${column})#>>'{}'`;
