import cluster from "node:cluster";
import { resolve } from "node:path";
import { sql } from "drizzle-orm";
import { fileURLToPath } from "node:url";
import { buildApp } from "./app";
import { openDatabase } from "./db/client";
import { startPgliteMaintenance } from "./db/pglite-maintenance";
import { tokenIdleDaysFromEnv } from "./http/session-policy";
import { seedIfEmpty } from "./seed/seed";

/** Process entry: config from the environment, open the database, migrate, seed, listen. */
const port = Number(process.env.PORT ?? 8000);
const host = process.env.HOST ?? "0.0.0.0";
const dataDir = resolve(process.env.DATA_DIR ?? "./data");
const seedDemo = (process.env.SEED_DEMO ?? "true").toLowerCase() !== "false";
const workers = Math.max(1, Number(process.env.WORKERS ?? 1) || 1);

/** TRUST_PROXY: unset (no proxy), `true`, or the proxies' addresses or ranges separated by commas. */
function trustProxy(): boolean | string {
  const value = process.env.TRUST_PROXY?.trim();
  if (!value || value === "false") return false;
  return value === "true" ? true : value;
}

async function serve() {
  const database = await openDatabase({ url: process.env.DATABASE_URL, dataDir });
  // With WORKERS, every worker runs this: the start-up lock makes migrations and seeding run once.
  await database.migrateAndRun(async (db) => {
    await seedIfEmpty(db, { demo: seedDemo, adminPassword: process.env.ADMIN_PASSWORD });
    // PGlite has no autovacuum: without statistics the planner misjudges every big table.
    await db.execute(sql`analyze`);
  });

  // WEB_ROOT lets side-by-side checkouts or test runs serve their own build.
  const webRoot = process.env.WEB_ROOT ?? fileURLToPath(new URL("../../dist/web", import.meta.url));
  const app = await buildApp({
    db: database.db,
    webRoot,
    logger: process.env.LOG_LEVEL !== "silent",
    trustProxy: trustProxy(),
    tokenIdleDays: tokenIdleDaysFromEnv(process.env.TOKEN_IDLE_DAYS),
  });

  const stopMaintenance = database.kind === "pglite" ? startPgliteMaintenance(database.db) : async () => undefined;

  const shutdown = async () => {
    await app.close();
    await stopMaintenance();
    await database.close();
    process.exit(0);
  };
  // A close that fails still ends the process, with the error shown and a non-zero code.
  const onSignal = () => void shutdown().catch((error: unknown) => (console.error(error), process.exit(1)));
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);

  await app.listen({ port, host });
  if (!cluster.isWorker || cluster.worker?.id === 1) {
    const where = database.kind === "pglite" ? `embedded PGlite in ${dataDir}` : `PostgreSQL, ${workers} process${workers > 1 ? "es" : ""}`;
    console.log(`\nBack office running at http://localhost:${port}/ (${where})`);
    if (seedDemo) console.log("Demo sign-in: admin / admin (all branches), cashier / cashier (one branch, selling)\n");
  }
}

/**
 * WORKERS=n serves from n processes sharing the port (node:cluster): the server keeps no state
 * between requests (DESIGN section 3), so they need nothing from each other. PostgreSQL only:
 * PGlite's files belong to one process.
 */
function superviseWorkers() {
  for (let i = 0; i < workers; i++) cluster.fork();
  // No restarts here (a worker failing at start would loop): the service manager restarts the whole.
  cluster.on("exit", (worker, code) => {
    if (code !== 0) console.error(`worker ${worker.process.pid} exited with ${code}`);
    if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(code ?? 0);
  });
  const stop = () => {
    for (const worker of Object.values(cluster.workers ?? {})) worker?.kill("SIGTERM");
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

if (workers > 1 && !process.env.DATABASE_URL) console.warn("WORKERS is ignored with the embedded database (PGlite belongs to one process)");
if (workers > 1 && process.env.DATABASE_URL && cluster.isPrimary) superviseWorkers();
else await serve();
