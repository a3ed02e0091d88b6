import { sql, type SQL } from "drizzle-orm";
import { intArray, queryRows, type Db, type Executor } from "../../db/client";
import type { TableGrant } from "./sync-grants";
import { HIDDEN_COLUMNS, SYNC_TABLES, type SyncTable } from "./sync-tables";

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

/**
 * The JSON object a device gets for a row `t`: its columns but the hidden ones, plus the table's
 * extras. row_to_json over a one-row subselect: in PGlite about 40 % less CPU than json_build_object
 * over the same columns, and compact (no spaces), about 12 % fewer bytes for the device to parse.
 */
function rowJson(columns: string[], extra: Record<string, SQL>): SQL {
  const fields: SQL[] = [
    ...columns.map((c) => sql`t.${sql.identifier(c)}`),
    ...Object.entries(extra).map(([k, v]) => sql`${v} as ${sql.identifier(k)}`),
  ];
  return sql`row_to_json((select x from (select ${sql.join(fields, sql`, `)}) x))`;
}

/**
 * The planner settings of a pull's transaction: no JIT. A page reads a few thousand rows along the sync
 * and primary key indexes, so compiling its plan never pays, and a server built with JIT would compile
 * whenever an estimate passes jit_above_cost. (Sorting stays on: PostgreSQL reads those indexes in order
 * with its statistics, stale ones or none; only PGlite, never analyzed, once needed it off.)
 */
export async function usePullPlanner(tx: Executor): Promise<void> {
  await tx.execute(sql`set local jit = off`);
}

/** How a sync table's rows are read for this user: the row's JSON and the branch scope, over alias `t`. */
export interface TableReader {
  table: SyncTable;
  /** The device's JSON of row `t`. */
  row: SQL;
  /** `and <scope>` for branch-bound tables, empty otherwise. */
  scope: SQL;
}

/**
 * A reader per granted sync table, by sync name, for a user who sees `branchIds`; a table granted
 * without its cost leaves the cost columns out.
 */
export async function tableReaders(db: Db, branchIds: readonly number[], grants: readonly TableGrant[]): Promise<Map<string, TableReader>> {
  const columns = await columnsOf(db);
  const ids = intArray(branchIds);
  return new Map(
    grants.map(({ table: t, cost }) => {
      const all = columns.get(t.table);
      if (!all) throw new Error(`Sync table ${t.table} not found`);
      const left = [...(t.omit ?? []), ...(cost ? [] : (t.cost ?? []))];
      const cols = all.filter((c) => !left.includes(c));
      return [t.name, { table: t, row: rowJson(cols, t.extra?.(ids) ?? {}), scope: t.scope ? sql` and ${t.scope(ids)}` : sql`` }];
    }),
  );
}

/** One table's part of a page: its upserts and deletes as JSON array texts. */
export interface TablePage {
  upserts: string;
  deletes: string;
}

/**
 * The JSON text of a PullAnswer, every sync table present (empty when the page has none of its rows,
 * or the user may not read it), the tables the device must empty first (`drop`: rights lost), and on
 * the snapshot walk's pages how far the walk is.
 */
export function pageJson(
  cursor: string,
  hasMore: boolean,
  reset: boolean,
  snapshot: boolean,
  tables: Map<string, TablePage>,
  drop: readonly string[],
  progress?: { done: number; total: number },
): string {
  const parts = SYNC_TABLES.map((t) => {
    const page = tables.get(t.name);
    return `${JSON.stringify(t.name)}:{"upserts":${page?.upserts ?? "[]"},"deletes":${page?.deletes ?? "[]"}}`;
  });
  const walk = progress ? `,"progress":{"done":${progress.done},"total":${progress.total}}` : "";
  return `{"cursor":${JSON.stringify(cursor)},"has_more":${hasMore},"reset":${reset},"snapshot":${snapshot}${walk},"drop":${JSON.stringify(drop)},"tables":{${parts.join(",")}}}`;
}
