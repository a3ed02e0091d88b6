import { MESSAGES } from "../../../core/messages";
import { sql, type SQL } from "drizzle-orm";
import { queryRows, type Db } from "../../db/client";
import type { AuthContext } from "../../http/access";
import { fieldErrors } from "../../http/errors";
import { HIDDEN_COLUMNS, SYNC_TABLES } from "./sync-tables";

export const DEFAULT_PULL_LIMIT = 1000;
export const MAX_PULL_LIMIT = 5000;

interface Cursor {
  /** Transaction id (xid8, as text) and sync version of the last row sent. */
  x: string;
  v: number;
  /** The branch set the cursor was made for; another set restarts the pull. */
  b: string;
}

export interface PullAnswer {
  cursor: string;
  has_more: boolean;
  /** True when the device must drop its cache first (its branches changed). */
  reset: boolean;
  tables: Record<string, { upserts: Record<string, unknown>[]; deletes: number[] }>;
}

const encode = (cursor: Cursor) => Buffer.from(JSON.stringify(cursor)).toString("base64url");

function decode(raw: string): Cursor {
  try {
    const value = JSON.parse(Buffer.from(raw, "base64url").toString("utf8")) as Cursor;
    if (/^\d+$/.test(value.x) && Number.isInteger(value.v) && typeof value.b === "string") return value;
  } catch {
    // fall through to the field error
  }
  throw fieldErrors({ since: [MESSAGES.invalidCursor] });
}

/** Per reference table, its columns in order (minus the hidden ones), read once per database. */
const columnsCache = new WeakMap<Db, Promise<Map<string, string[]>>>();

function columnsOf(db: Db): Promise<Map<string, string[]>> {
  let cached = columnsCache.get(db);
  if (!cached) {
    cached = queryRows<{ tbl: string; col: string }>(
      db,
      sql`select c.relname as tbl, a.attname as col from pg_attribute a
        join pg_class c on c.oid = a.attrelid
        where c.relnamespace = current_schema()::regnamespace and c.relkind in ('r', 'p')
          and c.relname = any(${`{${SYNC_TABLES.map((t) => t.table).join(",")}}`}::text[])
          and a.attnum > 0 and not a.attisdropped
        order by c.relname, a.attnum`,
    ).then((rows) => {
      const byTable = new Map<string, string[]>();
      for (const { tbl, col } of rows) {
        if (HIDDEN_COLUMNS.includes(col)) continue;
        byTable.set(tbl, [...(byTable.get(tbl) ?? []), col]);
      }
      return byTable;
    });
    cached.catch(() => columnsCache.delete(db));
    columnsCache.set(db, cached);
  }
  return cached;
}

const NAME = /^[a-z_][a-z0-9_]*$/;
const key = (name: string) => {
  if (!NAME.test(name)) throw new Error(`Unexpected column name ${name}`);
  return sql.raw(`'${name}'`);
};

/**
 * The JSON object a device gets for a row `t`: its columns but the hidden ones, plus the table's
 * extras, built by json_build_object (far cheaper than to_jsonb(t) minus keys; at most 100 arguments
 * per call, so wide tables are built in parts and merged).
 */
function rowJson(columns: string[], extra: Record<string, SQL>): SQL {
  const pairs: SQL[] = [...columns.map((c) => sql`${key(c)}, t.${sql.identifier(c)}`), ...Object.entries(extra).map(([k, v]) => sql`${key(k)}, ${v}`)];
  const parts: SQL[] = [];
  for (let i = 0; i < pairs.length; i += 50) parts.push(sql`json_build_object(${sql.join(pairs.slice(i, i + 50), sql`, `)})`);
  return parts.length === 1 ? parts[0] : sql`(${sql.join(parts.map((p) => sql`${p}::jsonb`), sql` || `)})::json`;
}

interface PageRow {
  /** Null on the summary row. */
  tbl: string | null;
  n: number;
  /** Summary row: "xid/version" of the page's last change. */
  last: string | null;
  upserts: string | null;
  deletes: string | null;
}

/**
 * Everything that changed after the cursor, oldest first, in pages, as the JSON text of a PullAnswer
 * (built in SQL: the server never parses and re-serializes the rows). Only rows written by
 * transactions older than the oldest one still running are sent (below the snapshot's xmin): they
 * can no longer change order, so a row committed late by a slow transaction is never skipped; it
 * comes with a later pull.
 *
 * Cost: each table is read in (xact_id, sync_version) order on its sync index and merged, so a page
 * reads O(limit) rows, not the table. Sorting is disabled for the statement: without statistics
 * (PGlite never analyzes) the planner would otherwise sort the whole table for every page.
 */
export async function pullJson(db: Db, auth: AuthContext, since: string | undefined, limitRaw: string | undefined): Promise<string> {
  const limit = limitRaw === undefined ? DEFAULT_PULL_LIMIT : Number(limitRaw);
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_PULL_LIMIT) {
    throw fieldErrors({ limit: [`less than or equal to ${MAX_PULL_LIMIT}`] });
  }
  const branchKey = auth.branchIds.join(",");
  let cursor: Cursor = { x: "0", v: 0, b: branchKey };
  let reset = false;
  if (since) {
    const given = decode(since);
    if (given.b === branchKey) cursor = given;
    else reset = true;
  }

  const columns = await columnsOf(db);
  const ids = sql`${`{${auth.branchIds.join(",")}}`}::int[]`;
  const parts = SYNC_TABLES.map((t) => {
    const scope = t.scope ? sql` and ${t.scope(ids)}` : sql``;
    const all = columns.get(t.table);
    if (!all) throw new Error(`Sync table ${t.table} not found`);
    const cols = t.omit ? all.filter((c) => !t.omit?.includes(c)) : all;
    return sql`(select ${t.name}::text as tbl, t.id, t.xact_id as xid, t.sync_version as v, t.deleted_at is not null as deleted,
        case when t.deleted_at is null then ${rowJson(cols, t.extra?.(ids) ?? {})} end as row
      from ${sql.identifier(t.table)} t
      where (t.xact_id, t.sync_version) > (${cursor.x}::xid8, ${cursor.v}::bigint)
        and t.xact_id < pg_snapshot_xmin(pg_current_snapshot())${scope}
      order by t.xact_id, t.sync_version limit ${limit + 1})`;
  });
  const rows = await db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_sort = off`);
    await tx.execute(sql`set local work_mem = '64MB'`);
    return queryRows<PageRow>(
      tx,
      sql`with page as materialized (
          select tbl, id, xid, v, deleted, row, row_number() over (order by xid, v) as rn
          from (${sql.join(parts, sql` union all `)}) changes order by xid, v limit ${limit + 1}
        )
        select null::text as tbl, (select count(*) from page)::int as n,
          (select xid::text || '/' || v::text from page where rn = least((select count(*) from page), ${limit})) as last,
          null::text as upserts, null::text as deletes
        union all
        select tbl, count(*)::int, null, (json_agg(row) filter (where not deleted))::text, (json_agg(id) filter (where deleted))::text
        from page where rn <= ${limit} group by tbl`,
    );
  });

  const summary = rows.find((r) => r.tbl === null)!;
  const byTable = new Map(rows.filter((r) => r.tbl !== null).map((r) => [r.tbl as string, r]));
  let next = cursor;
  if (summary.last) {
    const [x, v] = summary.last.split("/");
    next = { x, v: Number(v), b: branchKey };
  }
  const tables = SYNC_TABLES.map((t) => {
    const page = byTable.get(t.name);
    return `${JSON.stringify(t.name)}:{"upserts":${page?.upserts ?? "[]"},"deletes":${page?.deletes ?? "[]"}}`;
  });
  return `{"cursor":${JSON.stringify(encode(next))},"has_more":${summary.n > limit},"reset":${reset},"tables":{${tables.join(",")}}}`;
}

/** The same page, parsed (for callers in the server; the route sends pullJson's text as it is). */
export async function pull(db: Db, auth: AuthContext, since: string | undefined, limitRaw: string | undefined): Promise<PullAnswer> {
  return JSON.parse(await pullJson(db, auth, since, limitRaw)) as PullAnswer;
}
