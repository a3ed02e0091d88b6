import { sql } from "drizzle-orm";
import { queryRows, type Db } from "../../db/client";
import { encodeCursor, type ChangeCursor } from "./sync-cursor";
import { pageJson, usePullPlanner, type TablePage, type TableReader } from "./sync-rows";

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
 * Everything that changed after the cursor, oldest first, as the JSON text of a PullAnswer (built in
 * SQL: the server never parses and re-serializes the rows). Only rows written by transactions older
 * than the oldest one still running are sent (below the snapshot's xmin): they can no longer change
 * order, so a row committed late by a slow transaction is never skipped; it comes with a later pull.
 *
 * Cost: each table is read in (xact_id, sync_version) order on its sync index and merged, so a page
 * reads O(limit) rows, not the table.
 */
export async function changesPage(
  db: Db,
  readers: Map<string, TableReader>,
  cursor: ChangeCursor,
  limit: number,
  drop: readonly string[],
): Promise<string> {
  const parts = [...readers.values()].map(
    ({
      table,
      row,
      scope,
    }) => sql`(select ${table.name}::text as tbl, t.id, t.xact_id as xid, t.sync_version as v, t.deleted_at is not null as deleted,
        case when t.deleted_at is null then ${row} end as row
      from ${sql.identifier(table.table)} t
      where (t.xact_id, t.sync_version) > (${cursor.x}::xid8, ${cursor.v}::bigint)
        and t.xact_id < pg_snapshot_xmin(pg_current_snapshot())${table.tombstonesOnly ? sql` and t.deleted_at is not null` : sql``}${scope}
      order by t.xact_id, t.sync_version limit ${limit + 1})`,
  );
  const rows = await db.transaction(async (tx) => {
    await usePullPlanner(tx);
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
  let next = cursor;
  if (summary.last) {
    const [x, v] = summary.last.split("/");
    next = { ...cursor, x, v: Number(v) };
  }
  const tables = new Map<string, TablePage>();
  for (const r of rows) if (r.tbl !== null) tables.set(r.tbl, { upserts: r.upserts ?? "[]", deletes: r.deletes ?? "[]" });
  return pageJson(encodeCursor(next), summary.n > limit, false, false, tables, drop);
}
