import { sql } from "drizzle-orm";
import { queryRows, type Db } from "./client";

/**
 * PGlite has no autovacuum. Without it every update leaves its old row version behind for good (a
 * stock row's quantity and sync version on every sale, a session's last use on every request), its
 * indexes grow with them, and the visibility map is never set, so the covering indexes of the lists,
 * the ledger and the reports read the table beside the index on every row. This does autovacuum's
 * job for the embedded database: VACUUM (ANALYZE) of each table, one statement per table so that
 * requests queued on PGlite's single connection go between two tables (the longest table of a
 * 1M-sale database takes about half a second; the whole pass about one second when nothing changed).
 * PostgreSQL runs its own autovacuum and never gets this.
 */
export const MAINTENANCE_INTERVAL_MS = 60 * 60 * 1000;
/** The first pass waits this long after start, so the server answers before it works. */
export const MAINTENANCE_FIRST_DELAY_MS = 60 * 1000;

export interface MaintenancePass {
  tables: number;
  ms: number;
}

/** One pass over every table of the product's schema, largest first. */
export async function vacuumTables(db: Db): Promise<MaintenancePass> {
  const started = performance.now();
  const tables = await queryRows<{ name: string }>(
    db,
    sql`SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = 'public' AND c.relkind = 'r' ORDER BY c.relpages DESC, c.relname`,
  );
  for (const { name } of tables) {
    // A name from the catalogue, quoted as an identifier: VACUUM takes no parameters.
    await db.execute(sql.raw(`VACUUM (ANALYZE) "${name.replace(/"/g, '""')}"`));
  }
  return { tables: tables.length, ms: Math.round(performance.now() - started) };
}

/**
 * Runs a pass after MAINTENANCE_FIRST_DELAY_MS, then every MAINTENANCE_INTERVAL_MS, never two at once.
 * A pass that fails is logged and the next one tries again. Returns what stops it (on shutdown).
 */
export function startPgliteMaintenance(
  db: Db,
  options: { intervalMs?: number; firstDelayMs?: number; log?: (line: string) => void } = {},
): () => Promise<void> {
  const log = options.log ?? ((line: string) => console.log(line));
  let running: Promise<void> | null = null;
  let stopped = false;
  let timer: NodeJS.Timeout;
  const schedule = (ms: number) => {
    timer = setTimeout(() => {
      running = vacuumTables(db)
        .then((pass) => log(`database maintenance: vacuumed and analyzed ${pass.tables} tables in ${pass.ms} ms`))
        .catch((error: unknown) => log(`database maintenance failed: ${error instanceof Error ? error.message : String(error)}`))
        .finally(() => {
          running = null;
          if (!stopped) schedule(options.intervalMs ?? MAINTENANCE_INTERVAL_MS);
        });
    }, ms);
    // The process may end while a pass is only scheduled.
    timer.unref();
  };
  schedule(options.firstDelayMs ?? MAINTENANCE_FIRST_DELAY_MS);
  return async () => {
    stopped = true;
    clearTimeout(timer);
    // The database closes after this: let a pass under way end first.
    await running;
  };
}
