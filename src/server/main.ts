import { resolve } from "node:path";
import { sql } from "drizzle-orm";
import { fileURLToPath } from "node:url";
import { buildApp } from "./app";
import { openDatabase } from "./db/client";
import { seedIfEmpty } from "./seed/seed";

/** Process entry: config from the environment, open the database, migrate, seed, listen. */
const port = Number(process.env.PORT ?? 8000);
const host = process.env.HOST ?? "0.0.0.0";
const dataDir = resolve(process.env.DATA_DIR ?? "./data");
const seedDemo = (process.env.SEED_DEMO ?? "true").toLowerCase() !== "false";

const database = await openDatabase({ url: process.env.DATABASE_URL, dataDir });
await database.migrateAndRun(async (db) => {
  await seedIfEmpty(db, { demo: seedDemo, adminPassword: process.env.ADMIN_PASSWORD });
  // PGlite has no autovacuum: without statistics the planner misjudges every big table.
  await db.execute(sql`analyze`);
});

// WEB_ROOT lets side-by-side checkouts or test runs serve their own build.
const webRoot = process.env.WEB_ROOT ?? fileURLToPath(new URL("../../dist/web", import.meta.url));
const app = await buildApp({ db: database.db, webRoot, logger: process.env.LOG_LEVEL !== "silent" });

const shutdown = async () => {
  await app.close();
  await database.close();
  process.exit(0);
};
process.on("SIGINT", shutdown);
process.on("SIGTERM", shutdown);

await app.listen({ port, host });
const where = database.kind === "pglite" ? `embedded PGlite in ${dataDir}` : "PostgreSQL";
console.log(`\nBack office running at http://localhost:${port}/ (${where})`);
if (seedDemo) console.log("Demo sign-in: admin / admin (all branches), cashier / cashier (one branch, selling)\n");
