import cluster from "node:cluster";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { buildApp } from "./app";
import { openDatabase } from "./db/client";
import { startEmbeddedPostgres, unprivilegedUser, type EmbeddedPostgres } from "./db/embedded-postgres";
import { archiveOptions, backupPaths, backupRootFromEnv, prepareBackupFolders, unmanagedReason } from "./backup/backup-config";
import { startBackupSchedule, type BackupContext } from "./backup/backup-service";
import { movePgliteIntoServer } from "./db/pglite-move";
import { tokenIdleDaysFromEnv } from "./http/session-policy";
import { seedIfEmpty } from "./seed/seed";
import { repostInventoryInBase } from "./modules/accounting/inventory-in-base";

/** Process entry: config from the environment, open the database, migrate, seed, listen. */
const port = Number(process.env.PORT ?? 8000);
const host = process.env.HOST ?? "0.0.0.0";
const dataDir = resolve(process.env.DATA_DIR ?? "./data");
const seedDemo = (process.env.SEED_DEMO ?? "true").toLowerCase() !== "false";
const workers = Math.max(1, Number(process.env.WORKERS ?? 1) || 1);
/** Set by the primary for its workers when it runs the embedded PostgreSQL: where they connect. */
const EMBEDDED_URL_ENV = "BACKOFFICE_EMBEDDED_DATABASE_URL";
/** The embedded default's backups: BACKUP_DIR, and why there are none of the product's own (or null). */
const backupDirs = backupPaths(backupRootFromEnv());
const backupsUnmanaged = unmanagedReason();
/** Hours between the server's own base backups (0: none on a schedule; npm run backup still takes one). */
const backupEveryHours = Number(process.env.BACKUP_EVERY_HOURS ?? 24) || 0;

/** TRUST_PROXY: unset (no proxy), `true`, or the proxies' addresses or ranges separated by commas. */
function trustProxy(): boolean | string {
  const value = process.env.TRUST_PROXY?.trim();
  if (!value || value === "false") return false;
  return value === "true" ? true : value;
}

/** The embedded default: a PostgreSQL server of our own in DATA_DIR/pg, with a PGlite folder of earlier versions moved in. */
async function startEmbedded(): Promise<EmbeddedPostgres> {
  const { own, ...archive } = archiveOptions(backupDirs);
  if (own) await prepareBackupFolders(backupDirs, await unprivilegedUser((line) => console.log(line)));
  const embedded = await startEmbeddedPostgres({
    clusterDir: join(dataDir, "pg"),
    port: process.env.PG_PORT ? Number(process.env.PG_PORT) : undefined,
    ...archive,
  });
  try {
    await movePgliteIntoServer(dataDir, embedded.url, (line) => console.log(line));
  } catch (error) {
    await embedded.stop();
    throw error;
  }
  return embedded;
}

/** What the backup routes and the schedule need, on the embedded default with the product's own archiving. */
function backupContext(embeddedUrl: string | undefined): BackupContext | undefined {
  if (!embeddedUrl || backupsUnmanaged) return undefined;
  return { url: embeddedUrl, clusterDir: join(dataDir, "pg"), paths: backupDirs, log: (line) => console.log(line) };
}

/** Always on a PostgreSQL server (the embedded one or DATABASE_URL's), which vacuums and analyzes itself. */
async function serve(databaseUrl: string | undefined, embedded: EmbeddedPostgres | undefined) {
  if (!databaseUrl) throw new Error("no PostgreSQL to connect to");
  const database = await openDatabase({ url: databaseUrl });
  // With WORKERS, every worker runs this: the start-up lock makes migrations and seeding run once.
  await database.migrateAndRun(async (db) => {
    await seedIfEmpty(db, { demo: seedDemo, adminPassword: process.env.ADMIN_PASSWORD });
    // Postings booked before inventory was kept in the base currency are reposted once (a no-op after).
    await repostInventoryInBase(db);
  });

  // WEB_ROOT lets side-by-side checkouts or test runs serve their own build.
  const webRoot = process.env.WEB_ROOT ?? fileURLToPath(new URL("../../dist/web", import.meta.url));
  const app = await buildApp({
    db: database.db,
    webRoot,
    logger: process.env.LOG_LEVEL !== "silent",
    trustProxy: trustProxy(),
    tokenIdleDays: tokenIdleDaysFromEnv(process.env.TOKEN_IDLE_DAYS),
    backups: backupContext(externalUrl ? undefined : databaseUrl),
    backupsUnmanagedReason: backupsUnmanaged,
  });

  // The daily base backup runs in the process that runs PostgreSQL (the primary, with WORKERS).
  const backups = embedded && backupEveryHours > 0 ? backupContext(embedded.url) : undefined;
  const stopSchedule = backups ? startBackupSchedule(backups, backupEveryHours) : async () => undefined;

  const shutdown = async () => {
    await stopSchedule();
    await app.close();
    await database.close();
    // Last, once no connection of ours is left: a fast shutdown with its checkpoint.
    await embedded?.stop();
    process.exit(0);
  };
  // A close that fails still ends the process, with the error shown and a non-zero code.
  const onSignal = () => void shutdown().catch((error: unknown) => (console.error(error), process.exit(1)));
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);

  await app.listen({ port, host });
  if (!cluster.isWorker || cluster.worker?.id === 1) {
    const where =
      embedded || process.env[EMBEDDED_URL_ENV]
        ? `embedded PostgreSQL in ${join(dataDir, "pg")}, ${workers} process${workers > 1 ? "es" : ""}`
        : `PostgreSQL, ${workers} process${workers > 1 ? "es" : ""}`;
    console.log(`\nBack office running at http://localhost:${port}/ (${where})`);
    if (seedDemo) console.log("Demo sign-in: admin / admin (all branches), cashier / cashier (one branch, selling)\n");
  }
}

/**
 * WORKERS=n serves from n processes sharing the port (node:cluster): the server keeps no state
 * between requests (DESIGN section 3), so they need nothing from each other. On the embedded default
 * the primary runs the PostgreSQL server and stops it after the last worker ended.
 */
function superviseWorkers(embedded: EmbeddedPostgres | undefined) {
  const env = embedded ? { [EMBEDDED_URL_ENV]: embedded.url } : {};
  const backups = embedded && backupEveryHours > 0 ? backupContext(embedded.url) : undefined;
  const stopSchedule = backups ? startBackupSchedule(backups, backupEveryHours) : async () => undefined;
  for (let i = 0; i < workers; i++) cluster.fork(env);
  let exitCode = 0;
  // No restarts here (a worker failing at start would loop): the service manager restarts the whole.
  cluster.on("exit", (worker, code) => {
    if (code !== 0) console.error(`worker ${worker.process.pid} exited with ${code}`);
    if (code) exitCode = code;
    if (Object.keys(cluster.workers ?? {}).length === 0) {
      void stopSchedule()
        .then(() => embedded?.stop())
        .finally(() => process.exit(exitCode));
    }
  });
  const stop = () => {
    for (const worker of Object.values(cluster.workers ?? {})) worker?.kill("SIGTERM");
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

// An empty DATABASE_URL (as `DATABASE_URL= npm start` leaves it) means no outside server, like an unset one.
const externalUrl = process.env.DATABASE_URL || undefined;
if (cluster.isPrimary) {
  const embedded = externalUrl ? undefined : await startEmbedded();
  if (workers > 1) superviseWorkers(embedded);
  else {
    // A start that fails (a migration, the port) stops the PostgreSQL server it started.
    await serve(externalUrl ?? embedded?.url, embedded).catch(async (error: unknown) => {
      await embedded?.stop();
      throw error;
    });
  }
} else {
  await serve(externalUrl ?? process.env[EMBEDDED_URL_ENV], undefined);
}
