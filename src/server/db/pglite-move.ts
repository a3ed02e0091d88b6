import { access, mkdir, readdir, rename, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { pgDump } from "@electric-sql/pglite-tools/pg_dump";
import pg from "pg";
import { sqlBatches } from "./sql-script";

/**
 * A DATA_DIR that the first embedded default (PGlite) used holds PGlite's data directory itself
 * (PG_VERSION, base/, global/, pg_wal/ ... straight in DATA_DIR). On the first start of the embedded
 * PostgreSQL server it is dumped (pglite-tools' pg_dump), restored into the server's empty database in
 * one transaction, checked table by table (row counts), and only then moved aside into
 * DATA_DIR/pglite-old-<time>/ with the dump beside it: nothing is deleted. A start cut short before the
 * restore committed leaves the server's database empty and tries again; one cut short after it only
 * finishes the move.
 */

const PGLITE_ENTRY = /^(PG_VERSION|base|global|pg_[a-z_]+(\.conf)?|postgresql(\.auto)?\.conf|postmaster\.(pid|opts))$/;
const SCHEMAS = ["public", "drizzle"];

const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  );

export const holdsPglite = (dataDir: string) => exists(join(dataDir, "PG_VERSION"));

type Counts = Record<string, number>;

async function countRows(query: (text: string) => Promise<{ rows: Record<string, unknown>[] }>): Promise<Counts> {
  const tables = await query(
    `select quote_ident(n.nspname) || '.' || quote_ident(c.relname) as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where c.relkind in ('r', 'p') and n.nspname in (${SCHEMAS.map((s) => `'${s}'`).join(", ")}) order by 1`,
  );
  const counts: Counts = {};
  for (const { name } of tables.rows as { name: string }[]) {
    const { rows } = await query(`select count(*)::text as n from ${name}`);
    counts[name] = Number((rows[0] as { n: string }).n);
  }
  return counts;
}

/** Moves DATA_DIR's PGlite database into the server at `url` (its database must be empty or hold this very restore). */
export async function movePgliteIntoServer(dataDir: string, url: string, log: (line: string) => void): Promise<void> {
  if (!(await holdsPglite(dataDir))) return;
  const started = Date.now();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  let dump: string | null = null;
  let rows = 0;
  try {
    const done = await client.query<{ done: boolean }>("select to_regclass('drizzle.__drizzle_migrations') is not null as done");
    if (!done.rows[0].done) {
      log(`moving the PGlite database in ${dataDir} into the embedded PostgreSQL...`);
      const pglite = await PGlite.create({ dataDir, extensions: { pg_trgm } });
      let before: Counts;
      try {
        before = await countRows((text) => pglite.query(text));
        // Several rows per INSERT: a few thousand statements rather than one per row.
        const file = await pgDump({ pg: pglite, args: ["--no-owner", "--no-privileges", "--rows-per-insert=500"] });
        dump = await file.text();
      } finally {
        await pglite.close();
      }
      await client.query("begin");
      try {
        for (const batch of sqlBatches(dump)) await client.query(batch);
        const after = await countRows((text) => client.query(text));
        const differ = Object.keys({ ...before, ...after }).filter((name) => before[name] !== after[name]);
        if (differ.length) {
          throw new Error(
            `the restored database differs from PGlite's in ${differ.map((t) => `${t} (${before[t]} / ${after[t]})`).join(", ")}`,
          );
        }
        await client.query("commit");
      } catch (error) {
        await client.query("rollback").catch(() => undefined);
        throw new Error(
          `Could not move the PGlite database in ${dataDir} (left as it was): ${error instanceof Error ? error.message : String(error)}`,
        );
      }
      rows = Object.values(before).reduce((sum, n) => sum + n, 0);
    }
  } finally {
    await client.end();
  }

  const old = join(dataDir, `pglite-old-${new Date().toISOString().replace(/[:.]/g, "-")}`);
  await mkdir(old);
  for (const entry of await readdir(dataDir)) {
    if (PGLITE_ENTRY.test(entry)) await rename(join(dataDir, entry), join(old, entry));
  }
  if (dump !== null) await writeFile(join(old, "pglite-dump.sql"), dump, { mode: 0o600 });
  log(
    `moved the PGlite database into the embedded PostgreSQL${rows ? ` (${rows} rows)` : ""} in ${Date.now() - started} ms; ` +
      `the old files are kept in ${old} (delete them once you are satisfied)`,
  );
}
