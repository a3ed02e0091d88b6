import { MESSAGES } from "../../../core/messages";
import { sql } from "drizzle-orm";
import { queryRows, type Db } from "../../db/client";
import type { AuthContext } from "../../http/access";
import { fieldErrors } from "../../http/errors";
import { SYNC_TABLES } from "./sync-tables";

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

interface ChangeRow {
  tbl: string;
  id: number;
  x: string;
  v: string | number;
  deleted: boolean;
  row: Record<string, unknown>;
}

/**
 * Everything that changed after the cursor, oldest first, in pages. Only rows written by
 * transactions older than the oldest one still running are sent (below the snapshot's xmin): they
 * can no longer change order, so a row committed late by a slow transaction is never skipped; it
 * comes with a later pull.
 */
export async function pull(db: Db, auth: AuthContext, since: string | undefined, limitRaw: string | undefined): Promise<PullAnswer> {
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

  const ids = sql`${`{${auth.branchIds.join(",")}}`}::int[]`;
  const parts = SYNC_TABLES.map((t) => {
    const scope = t.scope ? sql` and ${t.scope(ids)}` : sql``;
    const row = t.extra
      ? sql`(to_jsonb(t) - 'xact_id' - 'sync_version' - 'created_by') || ${t.extra(ids)}`
      : sql`to_jsonb(t) - 'xact_id' - 'sync_version' - 'created_by'`;
    // Each table is limited on its own index first, so a page costs O(limit) rows, not the table.
    return sql`(select ${t.name}::text as tbl, t.id, t.xact_id as xid, t.sync_version as v, t.deleted_at is not null as deleted, ${row} as row
      from ${sql.identifier(t.table)} t
      where (t.xact_id, t.sync_version) > (${cursor.x}::xid8, ${cursor.v}::bigint)
        and t.xact_id < pg_snapshot_xmin(pg_current_snapshot())${scope}
      order by t.xact_id, t.sync_version limit ${limit + 1})`;
  });
  const rows = await queryRows<ChangeRow>(
    db,
    sql`select tbl, id, xid::text as x, v, deleted, row from (${sql.join(parts, sql` union all `)}) changes order by xid, v limit ${limit + 1}`,
  );

  const page = rows.slice(0, limit);
  const tables: PullAnswer["tables"] = Object.fromEntries(SYNC_TABLES.map((t) => [t.name, { upserts: [], deletes: [] }]));
  for (const change of page) {
    const bucket = tables[change.tbl];
    if (change.deleted) bucket.deletes.push(change.id);
    else bucket.upserts.push(change.row);
  }
  const last = page[page.length - 1];
  const next: Cursor = last ? { x: last.x, v: Number(last.v), b: branchKey } : cursor;
  return { cursor: encode(next), has_more: rows.length > limit, reset, tables };
}
