import { sql } from "drizzle-orm";
import { queryRows, type Db } from "../../db/client";
import { changesAfterWalk, encodeCursor, type SnapshotCursor } from "./sync-cursor";
import { pageJson, type TablePage, type TableReader } from "./sync-rows";

interface WalkRow {
  /** Rows found after the cursor (up to the asked number plus one, to know whether more follow). */
  found: number;
  /** Id of the last row kept. */
  last: number | null;
  upserts: string | null;
}

/**
 * A page of the snapshot walk, a device's first load (or its load after a reset): every live row the
 * user may see, table by table in id order, at most `limit` rows of the walked tables per page. The rows
 * of a riding table (stock) travel with their parent row (its item) on the same page, so a device can
 * store each item once with its stock, without reading anything back. No tombstones: the device starts
 * from an empty cache. When the walk ends, the cursor goes on with the changes made since it began
 * (see changesAfterWalk); until then each page may see a newer state than the one before, which the
 * changes make good.
 */
export async function snapshotPage(db: Db, readers: Map<string, TableReader>, cursor: SnapshotCursor | null, branchKey: string, limit: number, reset: boolean): Promise<string> {
  // A first load starts from an empty cache: a table of tombstones only has nothing to send.
  const walked = [...readers.values()].filter((r) => !r.table.ridesWith && !r.table.tombstonesOnly);
  const tables = new Map<string, TablePage>();
  const next = await db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_sort = off`);
    const watermark = cursor?.w ?? (await queryRows<{ w: string }>(tx, sql`select pg_snapshot_xmin(pg_current_snapshot())::text as w`))[0].w;
    const resumed = cursor ? walked.findIndex((r) => r.table.name === cursor.t) : -1;
    // A new walk, or a cursor naming a table this server no longer walks: from the start.
    let position = Math.max(resumed, 0);
    let after = cursor && resumed >= 0 ? cursor.i : 0;
    let room = limit;
    for (; position < walked.length; position += 1, after = 0) {
      const reader = walked[position];
      const riders = [...readers.values()].filter((r) => r.table.ridesWith?.name === reader.table.name);
      const [page] = await queryRows<WalkRow>(tx, walkStatement(reader, after, room));
      if (page.upserts) tables.set(reader.table.name, { upserts: page.upserts, deletes: "[]" });
      for (const rider of page.last === null ? [] : riders) {
        const [rows] = await queryRows<{ upserts: string | null }>(tx, riderStatement(rider, reader, after, page.last!));
        if (rows.upserts) tables.set(rider.table.name, { upserts: rows.upserts, deletes: "[]" });
      }
      if (page.found > room) return { kind: "snapshot" as const, w: watermark, t: reader.table.name, i: Number(page.last), b: branchKey };
      room -= page.found;
      if (room === 0) {
        const following = walked[position + 1];
        return following ? { kind: "snapshot" as const, w: watermark, t: following.table.name, i: 0, b: branchKey } : changesAfterWalk(watermark, branchKey);
      }
    }
    return changesAfterWalk(watermark, branchKey);
  });
  // When the walk is over, the changes made meanwhile follow: there is always one more page to ask for.
  return pageJson(encodeCursor(next), true, reset, true, tables);
}

/** Up to `room` live rows of the walked table after id `after`, as JSON text. */
function walkStatement(reader: TableReader, after: number, room: number) {
  return sql`with page as materialized (
      select t.id, ${reader.row} as row from ${sql.identifier(reader.table.table)} t
      where t.id > ${after} and t.deleted_at is null${reader.scope} order by t.id limit ${room + 1}
    ), kept as materialized (select id, row from page order by id limit ${room})
    select (select count(*) from page)::int as found, (select max(id) from kept) as last,
      (select json_agg(row order by id) from kept)::text as upserts`;
}

/**
 * The live rows riding with the parent rows of ids (after, last], whose parent is live: two index
 * range scans merged on the parent id (the bounds are literals, so PGlite's planner, which has no
 * statistics, still sees a narrow range; a probe per parent row cost several times as much).
 */
function riderStatement(rider: TableReader, parent: TableReader, after: number, last: number) {
  const column = sql.identifier(rider.table.ridesWith!.column);
  const [from, to] = [after, last].map((id) => sql.raw(String(Math.trunc(id))));
  return sql`select json_agg(${rider.row})::text as upserts
    from ${sql.identifier(rider.table.table)} t join ${sql.identifier(parent.table.table)} p on p.id = t.${column}
    where t.${column} > ${from} and t.${column} <= ${to} and p.id > ${from} and p.id <= ${to}
      and p.deleted_at is null and t.deleted_at is null${rider.scope}`;
}
