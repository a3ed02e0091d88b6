import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT, PgTable, PgTransaction } from "drizzle-orm/pg-core";
import { getTableColumns, getTableName, sql, type ExtractTablesWithRelations, type SQL } from "drizzle-orm";
import pg from "pg";
import * as tables from "./tables";

export type Schema = typeof tables;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Repositories take whichever they run in: the database or the caller's transaction. */
export type Executor = Db | Tx;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /** Applies migrations (and whatever else must run once) under a database-wide lock. */
  migrateAndRun(once: (db: Db) => Promise<void>): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));
// Arbitrary constant shared by every process of this product: the start-up lock.
const STARTUP_LOCK_KEY = 727_001;

export interface DatabaseOptions {
  /** postgres://... for a server; otherwise PGlite in dataDir ("memory://" for tests). */
  url?: string;
  dataDir?: string;
  /** PGlite only: start from this dump of a data directory (PGlite's dumpDataDir) instead of an empty one. */
  loadDataDir?: Blob;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) return openPostgres(options.url);
  return openPglite(options.dataDir ?? "memory://", options.loadDataDir);
}

async function openPglite(dataDir: string, loadDataDir?: Blob): Promise<Database> {
  // pg_trgm: the item search's trigram indexes (migration 0014).
  const client = await PGlite.create({ dataDir, loadDataDir, extensions: { pg_trgm } });
  const db = drizzlePglite({ client, schema: tables }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    // PGlite belongs to one process, so no lock is needed.
    async migrateAndRun(once) {
      await migratePglite(db as unknown as Parameters<typeof migratePglite>[0], { migrationsFolder });
      await once(db);
    },
    close: () => client.close(),
  };
}

async function openPostgres(url: string): Promise<Database> {
  // Named, so the server's own connections can be told apart in pg_stat_activity.
  const pool = new pg.Pool({ connectionString: url, max: Number(process.env.DB_POOL_SIZE ?? 10), application_name: "backoffice" });
  // An idle connection the database ends (a restart, a failover, a terminated backend) is dropped by the
  // pool and replaced on the next query; without a listener its error would end the whole process.
  pool.on("error", (error) => console.error(`PostgreSQL ended an idle connection: ${error.message}`));
  const db = drizzlePg({ client: pool, schema: tables }) as unknown as Db;
  return {
    db,
    kind: "postgres",
    // Replicas may start together on one empty database: a session advisory lock on a dedicated
    // connection makes migrations and seeding run once, never twice or half.
    async migrateAndRun(once) {
      const lockClient = new pg.Client({ connectionString: url });
      await lockClient.connect();
      try {
        await lockClient.query("select pg_advisory_lock($1)", [STARTUP_LOCK_KEY]);
        await migratePg(db as unknown as Parameters<typeof migratePg>[0], { migrationsFolder });
        await once(db);
      } finally {
        await lockClient.query("select pg_advisory_unlock($1)", [STARTUP_LOCK_KEY]).catch(() => undefined);
        await lockClient.end();
      }
    },
    close: () => pool.end(),
  };
}

/** Runs raw SQL and returns its rows; both drivers answer with `{ rows }`. */
export async function queryRows<T>(ex: Executor, query: SQL): Promise<T[]> {
  const result = (await ex.execute(query)) as { rows: T[] };
  return result.rows;
}

/** Statement names by text: a name must always stand for one text on a connection. */
const statementNames = new Map<string, string>();
const MAX_STATEMENT_NAMES = 200;

/**
 * Like queryRows, as a named prepared statement: PostgreSQL parses it once per connection and may
 * keep a generic plan after a few runs. For the statements every request or document create runs,
 * with one shape whatever the values (the token check, the idempotency record, stock locks and
 * movements, the sale's insert, numbering, the read-back): their planning cost about as much as
 * running them (the read-back: a dozen joins, planned in ~2.4 ms, run in ~1 ms). Not for reads whose
 * best plan depends on the values (lists with filters, the sync pull). PGlite ignores the name.
 * (Through drizzle's own session, as its query builder's `.prepare(name)` does.)
 */
export async function queryRowsPrepared<T>(ex: Executor, query: SQL): Promise<T[]> {
  const { dialect, session } = ex as unknown as {
    dialect: { sqlToQuery(query: SQL): { sql: string; params: unknown[] } };
    session: {
      prepareQuery(
        query: { sql: string; params: unknown[] },
        fields: undefined,
        name: string,
        arrayMode: false,
      ): { execute(): Promise<unknown> };
    };
  };
  const built = dialect.sqlToQuery(query);
  let name = statementNames.get(built.sql);
  if (!name) {
    // The statements that come here have a few shapes each; past that, something inlines values.
    if (statementNames.size >= MAX_STATEMENT_NAMES) return queryRows<T>(ex, query);
    name = `stmt_${statementNames.size + 1}`;
    statementNames.set(built.sql, name);
  }
  const result = (await session.prepareQuery(built, undefined, name, false).execute()) as { rows: T[] };
  return result.rows;
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;
const columnNames = new WeakMap<PgTable, Record<string, string>>();

/** The table's column names by property (branchId -> branch_id), read once from the schema. */
function columnsOf(table: PgTable): Record<string, string> {
  let names = columnNames.get(table);
  if (!names) {
    names = Object.fromEntries(Object.entries(getTableColumns(table)).map(([key, column]) => [key, column.name]));
    columnNames.set(table, names);
  }
  return names;
}

/** An int[] parameter: `= any(...)` takes an empty list where `in ()` would be a syntax error. */
export const intArray = (ids: readonly number[]) => sql`${`{${ids.join(",")}}`}::int[]`;

/**
 * `insert into <table> (...) select ... from jsonb_populate_recordset(null::<table>, $1)`: the rows
 * travel as one JSON parameter, typed by the table itself, so the statement costs the same to build
 * whatever the number of rows (Drizzle's insert builder costs far more per value on hot paths).
 * For columns whose values JSON carries as they are (numbers, strings, booleans, null); columns
 * left out take their defaults. `computed` gives columns an SQL value (for example the id a CTE of
 * the same statement inserted).
 */
export function insertFromJson<T extends PgTable, K extends keyof T["$inferInsert"] = never>(
  table: T,
  rows: readonly Omit<T["$inferInsert"], K>[],
  computed: Record<K, SQL> = {} as Record<K, SQL>,
): SQL {
  const names = columnsOf(table);
  const keys = Object.keys(rows[0] ?? {});
  const json = JSON.stringify(
    rows.map((row) => Object.fromEntries(keys.map((key) => [names[key], (row as Record<string, unknown>)[key]]))),
  );
  const extra = Object.keys(computed) as (K & string)[];
  const target = [...keys, ...extra].map((key) => quoteIdent(names[key])).join(", ");
  const values = [
    ...(keys.length ? [sql.raw(keys.map((key) => `x.${quoteIdent(names[key])}`).join(", "))] : []),
    ...extra.map((key) => computed[key]),
  ];
  const name = sql.identifier(getTableName(table));
  return sql`insert into ${name} (${sql.raw(target)}) select ${sql.join(values, sql`, `)} from jsonb_populate_recordset(null::${name}, ${json}::jsonb) x`;
}
