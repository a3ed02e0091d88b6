import { sql } from "drizzle-orm";
import { queryRows, type Db, type Executor } from "../../db/client";
import { changesAfterWalk, encodeCursor, type Cursor, type SnapshotCursor } from "./sync-cursor";
import { pageJson, usePullPlanner, type TablePage, type TableReader } from "./sync-rows";

/**
 * How much JSON (before compression) a page of the walk carries at most: on a poor branch link
 * (1.5 Mbit/s, brotli about tenfold: ~100 KB on the wire) a page is about half a second, so a cut-off
 * load loses little and the device shows progress often, while a 100k-item first load stays at about
 * 55 pages (256 KiB made it ~200, each with its own query and IndexedDB transaction). A single item
 * with its stock larger than this still goes, alone.
 */
export const PAGE_BYTE_BUDGET = 1024 * 1024;

/** Each table's estimate is a count capped here (a first load of more is "about" anyway). */
const ESTIMATE_CAP = 1_000_000;

interface WalkRow {
  id: number;
  /** The device's JSON of the row. */
  row: string;
  /** Rows found after the cursor, up to the asked number plus one (the same on every row). */
  found: number;
}

interface RiderRow {
  parent: number;
  row: string;
}

/**
 * What a walk covers: `grants`, the tables the device holds once it is over (the cursor's `p`), and
 * for a walk of some tables only (those the user gained), their names and where the device's changes
 * resume after it; `drop`, the tables the device empties before its first page (rights lost).
 */
export interface WalkPlan {
  grants: string;
  only?: { tables: string; resume: { x: string; v: number } };
  drop: readonly string[];
}

/** What a page of the walk tells about the whole walk: rows of the walked tables sent through this page, and about how many there are. */
export interface WalkProgress {
  done: number;
  total: number;
}

/**
 * A page of the snapshot walk, a device's first load (or its load after a reset): every live row the
 * user may see, table by table in id order, at most `limit` rows of the walked tables and about
 * `budget` bytes of JSON per page. The rows of a riding table (stock) travel with their parent row
 * (its item) on the same page, and count in its bytes, so a device can store each item once with its
 * stock, without reading anything back. No tombstones: the device starts from an empty cache. When the
 * walk ends, the cursor goes on with the changes made since it began (see changesAfterWalk); until
 * then each page may see a newer state than the one before, which the changes make good.
 *
 * A device may ask for any cursor of the walk again (a load cut off by the network resumes from the
 * cursor stored with the last page it wrote): the cursor holds the watermark of the walk's start, so
 * the changes after the walk still cover every row changed while it was cut off.
 *
 * Every page says how far the walk is (`progress`: rows sent and about how many in all, estimated
 * once, on the first page, and carried in the cursor).
 */
export async function snapshotPage(
  db: Db,
  readers: Map<string, TableReader>,
  cursor: SnapshotCursor | null,
  branchKey: string,
  limit: number,
  reset: boolean,
  plan: WalkPlan,
  budget = PAGE_BYTE_BUDGET,
): Promise<string> {
  // A first load starts from an empty cache: a table of tombstones only has nothing to send.
  const walked = [...readers.values()].filter((r) => !r.table.ridesWith && !r.table.tombstonesOnly);
  const rowsOf = new Map<string, string[]>();
  const add = (name: string, rows: string[]) => rowsOf.set(name, [...(rowsOf.get(name) ?? []), ...rows]);
  let progress: WalkProgress = { done: 0, total: 0 };
  const next = await db.transaction(async (tx): Promise<Cursor> => {
    await usePullPlanner(tx);
    const watermark =
      cursor?.w ?? (await queryRows<{ w: string }>(tx, sql`select pg_snapshot_xmin(pg_current_snapshot())::text as w`))[0].w;
    const total = cursor?.e ?? (await estimateWalk(tx, walked));
    let done = cursor?.n ?? 0;
    const resumed = cursor ? walked.findIndex((r) => r.table.name === cursor.t) : -1;
    // A new walk, or a cursor naming a table this server no longer walks: from the start.
    let position = Math.max(resumed, 0);
    let after = cursor && resumed >= 0 ? cursor.i : 0;
    let room = limit;
    let bytes = 0;
    const only = plan.only ? { o: plan.only.tables, rx: plan.only.resume.x, rv: plan.only.resume.v } : {};
    const at = (t: string, i: number, a?: number): Cursor => {
      progress = { done, total: Math.max(total, done) };
      return { kind: "snapshot", w: watermark, t, i, b: branchKey, n: done, e: total, ...(a ? { a } : {}), p: plan.grants, ...only };
    };
    for (; position < walked.length; position += 1, after = 0) {
      const reader = walked[position];
      const riders = [...readers.values()].filter((r) => r.table.ridesWith?.name === reader.table.name);
      // How many rows to build: the room left, or fewer when the page before said how big this table's rows are.
      const perRow = cursor?.t === reader.table.name && position === resumed ? cursor.a : undefined;
      const take = perRow ? Math.max(1, Math.min(room, Math.ceil(((budget - bytes) / perRow) * 1.1))) : room;
      const candidates = await queryRows<WalkRow>(tx, walkStatement(reader, after, take, Math.max(1, budget - bytes)));
      const found = candidates[0]?.found ?? 0;
      const riding = new Map<number, string[]>();
      const last = candidates.at(-1)?.id;
      if (last !== undefined) {
        for (const rider of riders) {
          for (const r of await queryRows<RiderRow>(tx, riderStatement(rider, reader, after, last))) {
            const list = riding.get(r.parent);
            if (list) list.push(r.row);
            else riding.set(r.parent, [r.row]);
          }
        }
      }
      // Keep rows while they fit (a row with its riders; at least one row per page), then stop.
      const kept: WalkRow[] = [];
      let tableBytes = 0;
      for (const candidate of candidates) {
        const size =
          Buffer.byteLength(candidate.row) + 1 + (riding.get(candidate.id) ?? []).reduce((n, r) => n + Buffer.byteLength(r) + 1, 0);
        if (kept.length >= room || (bytes + size > budget && (bytes > 0 || kept.length > 0))) break;
        kept.push(candidate);
        bytes += size;
        tableBytes += size;
      }
      if (kept.length > 0) {
        add(
          reader.table.name,
          kept.map((r) => r.row),
        );
        for (const rider of riders)
          add(
            rider.table.name,
            kept.flatMap((r) => riding.get(r.id) ?? []),
          );
      }
      done += kept.length;
      room -= kept.length;
      const finished = kept.length === found && found <= take;
      if (!finished) {
        const lastKept = kept.at(-1)?.id ?? after;
        return at(reader.table.name, lastKept, kept.length > 0 ? Math.ceil(tableBytes / kept.length) : cursor?.a);
      }
      const following = walked[position + 1];
      if (following && (room === 0 || bytes >= budget)) return at(following.table.name, 0);
    }
    progress = { done, total: Math.max(total, done) };
    // A walk of gained tables: the changes go on from where the device was (they cover the walked
    // tables too: any of their rows changed since then comes again, harmlessly).
    if (plan.only) return { kind: "changes", ...plan.only.resume, b: branchKey, p: plan.grants };
    return changesAfterWalk(watermark, branchKey, plan.grants);
  });
  const tables = new Map<string, TablePage>();
  for (const [name, rows] of rowsOf) tables.set(name, { upserts: `[${rows.join(",")}]`, deletes: "[]" });
  // When the walk is over, the changes made meanwhile follow: there is always one more page to ask for.
  return pageJson(encodeCursor(next), true, reset, true, tables, plan.drop, progress);
}

/**
 * About how many rows the walk sends (the walked tables' live rows this user sees, each counted up to
 * ESTIMATE_CAP): once per walk, on its first page. A count rather than pg_class.reltuples, which
 * PGlite never fills in (it never analyzes) and which knows nothing of deleted rows or branches.
 */
async function estimateWalk(tx: Executor, walked: TableReader[]): Promise<number> {
  if (walked.length === 0) return 0;
  const counts = walked.map(
    (reader) =>
      sql`(select count(*) from (select 1 from ${sql.identifier(reader.table.table)} t where t.deleted_at is null${reader.scope} limit ${ESTIMATE_CAP}) x)`,
  );
  const [row] = await queryRows<{ n: number }>(tx, sql`select (${sql.join(counts, sql` + `)})::int as n`);
  return row.n;
}

/**
 * Up to `take` live rows of the walked table after id `after`, each as JSON text, in id order, stopping
 * after the row that passes `bytes` bytes of their own JSON (their riders are counted by the caller).
 * `found`: rows there are after `after`, up to take + 1 (more than take: the table goes on).
 */
function walkStatement(reader: TableReader, after: number, take: number, bytes: number) {
  return sql`with page as materialized (
      select t.id, (${reader.row})::text as row from ${sql.identifier(reader.table.table)} t
      where t.id > ${after} and t.deleted_at is null${reader.scope} order by t.id limit ${take + 1}
    ), sized as (
      select id, row, row_number() over (order by id) as rn, sum(octet_length(row)) over (order by id) - octet_length(row) as before from page
    )
    select id, row, (select count(*) from page)::int as found from sized where rn <= ${take} and before < ${bytes} order by id`;
}

/**
 * The live rows riding with the parent rows of ids (after, last], whose parent is live, each with its
 * parent's id: two index range scans merged on the parent id (the bounds are literals, so PGlite's
 * planner, which has no statistics, still sees a narrow range; a probe per parent row cost several
 * times as much).
 */
function riderStatement(rider: TableReader, parent: TableReader, after: number, last: number) {
  const column = sql.identifier(rider.table.ridesWith!.column);
  const [from, to] = [after, last].map((id) => sql.raw(String(Math.trunc(id))));
  return sql`select t.${column} as parent, (${rider.row})::text as row
    from ${sql.identifier(rider.table.table)} t join ${sql.identifier(parent.table.table)} p on p.id = t.${column}
    where t.${column} > ${from} and t.${column} <= ${to} and p.id > ${from} and p.id <= ${to}
      and p.deleted_at is null and t.deleted_at is null${rider.scope}`;
}
