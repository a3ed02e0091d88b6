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
  /** Per riding table, in `riders` order: its rows of the kept parent rows. */
  riders: (string | null)[] | null;
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
  const walked = [...readers.values()].filter((r) => !r.table.ridesWith);
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
      const [page] = await queryRows<WalkRow>(tx, walkStatement(reader, riders, after, room));
      if (page.upserts) tables.set(reader.table.name, { upserts: page.upserts, deletes: "[]" });
      riders.forEach((rider, k) => {
        const rows = page.riders?.[k];
        if (rows) tables.set(rider.table.name, { upserts: rows, deletes: "[]" });
      });
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

/** Up to `room` live rows of the walked table after id `after`, with their riders' rows, as JSON text. */
function walkStatement(reader: TableReader, riders: TableReader[], after: number, room: number) {
  const riderParts = riders.map(({ table, row, scope }) => {
    const column = sql.identifier(table.ridesWith!.column);
    return sql`(select json_agg(r.row)::text from (select ${row} as row from ${sql.identifier(table.table)} t
        where t.${column} in (select id from kept) and t.deleted_at is null${scope} order by t.id) r)`;
  });
  return sql`with page as materialized (
      select t.id, ${reader.row} as row from ${sql.identifier(reader.table.table)} t
      where t.id > ${after} and t.deleted_at is null${reader.scope} order by t.id limit ${room + 1}
    ), kept as materialized (select id, row from page order by id limit ${room})
    select (select count(*) from page)::int as found, (select max(id) from kept) as last,
      (select json_agg(row order by id) from kept)::text as upserts,
      ${riders.length > 0 ? sql`array[${sql.join(riderParts, sql`, `)}]` : sql`null::text[]`} as riders`;
}
