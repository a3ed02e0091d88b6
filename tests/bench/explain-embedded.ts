import { sql } from "drizzle-orm";
import { buildApp } from "../../src/server/app";
import { openDatabase, queryRows } from "../../src/server/db/client";
import { startEmbeddedPostgres } from "../../src/server/db/embedded-postgres";
import { seedIfEmpty } from "../../src/server/seed/seed";
import { adminHeaders } from "./list-bench-timing";

/**
 * The plans of the server's own statements on the embedded PostgreSQL (a diagnostic, not a benchmark):
 * starts the cluster in DIR (the demo seeded when empty; embedded-lists-bench.ts with BENCH_EMBEDDED_DIR
 * leaves one with 1M sales and 100k items in DIR/pg), turns auto_explain on for the database (every
 * statement slower than MIN_MS, EXPLAIN ANALYZE), sends the GET requests of URLS (space separated) as the
 * demo admin and with PULL=1 a whole first sync pull, then turns auto_explain off again. The plans are in
 * DIR/log/. ANALYZE=1 analyzes first.
 *
 *   DIR=/tmp/x/pg URLS="/api/sale/?page_size=50&input_date_before=2023-06-30" PULL=1 npx tsx tests/bench/explain-embedded.ts
 */
const dir = process.env.DIR ?? "/tmp/explain-embedded";
const server = await startEmbeddedPostgres({ clusterDir: dir, log: () => undefined });
const database = await openDatabase({ url: server.url });
try {
  await database.migrateAndRun(async (db) => void (await seedIfEmpty(db, { demo: true })));
  const db = database.db;
  if (process.env.ANALYZE === "1") await db.execute(sql`analyze`);
  const counts = await queryRows(
    db,
    sql`select relname, n_live_tup, last_analyze, last_autoanalyze from pg_stat_user_tables where relname in ('item','stock','sale','customer') order by 1`,
  );
  console.log(counts);
  await db.execute(sql.raw(`alter database backoffice set session_preload_libraries = 'auto_explain'`));
  await db.execute(sql.raw(`alter database backoffice set auto_explain.log_min_duration = ${process.env.MIN_MS ?? 0}`));
  await db.execute(sql.raw(`alter database backoffice set auto_explain.log_analyze = on`));
  await db.execute(sql.raw(`alter database backoffice set auto_explain.log_buffers = off`));
  await database.close();
  const again = await openDatabase({ url: server.url });
  const app = await buildApp({ db: again.db });
  const headers = await adminHeaders(app);
  for (const url of (process.env.URLS ?? "").split(" ").filter(Boolean)) {
    const t0 = performance.now();
    const res = await app.inject({ method: "GET", url, headers });
    console.log(url, res.statusCode, Math.round(performance.now() - t0), "ms");
  }
  if (process.env.PULL === "1") {
    const t0 = performance.now();
    let cursor = "";
    let pages = 0;
    for (;;) {
      const res = await app.inject({ method: "GET", url: `/api/sync/pull/?limit=5000${cursor ? `&since=${cursor}` : ""}`, headers });
      const body = res.json<{ cursor: string; has_more: boolean }>();
      pages++;
      cursor = body.cursor;
      if (!body.has_more) break;
    }
    console.log(`pull: ${pages} pages in ${Math.round(performance.now() - t0)} ms`);
  }
  await app.close();
  await again.db.execute(sql.raw(`alter database backoffice reset all`));
  await again.close();
} finally {
  await server.stop();
}
