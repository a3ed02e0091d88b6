import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { buildApp } from "../../src/server/app";
import { queryRows, type Db } from "../../src/server/db/client";
import { seedIfEmpty } from "../../src/server/seed/seed";
import { ENGINES } from "./embedded-default-bench";
import { adminHeaders, percentile, round1, timeListQueries } from "./list-bench-timing";
import { bulkSales, saleListQueries } from "./sales-list-bench";
import { bulkItems, type BenchResult } from "./server-bench";

/**
 * The embedded default before and after on big data, side by side in one run: a sale list page over
 * BENCH_SALES sales (1M by default; sales-list-bench.ts's requests) and the server side of the first load
 * of BENCH_ITEMS items with a stock row each (100k; every page of a first sync pull at the app's page
 * size), on PGlite on files (the old default) and on the PostgreSQL server the product starts (the new).
 * Rows are made in SQL (generate_series), then `vacuum analyze` on both (the old default analyzed at each
 * start, the new one has autovacuum).
 *
 *   BENCH_ONLY=embedded-lists npx tsx tests/bench/run.ts
 *   BENCH_SALES=1000000 BENCH_ITEMS=100000 BENCH_SALES_ROUNDS=20 BENCH_PULLS=3
 *   BENCH_EMBEDDED_DIR=/tmp/x   keep both databases there, and reuse them when they already hold the rows
 */
const SALES = Number(process.env.BENCH_SALES ?? 1_000_000);
const ITEMS = Number(process.env.BENCH_ITEMS ?? 100_000);
const ROUNDS = Number(process.env.BENCH_SALES_ROUNDS ?? 20);
const PULLS = Number(process.env.BENCH_PULLS ?? 3);
/** The app's page size (APP_PULL_PAGE_SIZE in src/web/offline/reference-sync.ts). */
const PULL_LIMIT = 5000;

const count = async (db: Db, table: "sale" | "stock") =>
  (await queryRows<{ n: number }>(db, sql`select count(*)::int as n from ${sql.identifier(table)}`))[0].n;

/** The bench's rows, once: the sales, then the items with a stock row each in the first inventory. */
async function fill(db: Db, log: (line: string) => void) {
  await seedIfEmpty(db, { demo: true });
  const started = performance.now();
  if ((await count(db, "sale")) < SALES) await bulkSales(db, SALES);
  const [{ n: benchItems }] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from item where code like 'BN-%'`);
  if (benchItems < ITEMS) {
    await bulkItems(db, ITEMS);
    await db.execute(sql`
      insert into stock (branch_id, inventory_id, item_id, batch_number, quantity, purchase_price, sale_price)
      select inv.branch_id, inv.id, i.id, '', 1000, i.purchase_price, i.sale_price
      from item i, (select id, branch_id from inventory where deleted_at is null order by id limit 1) inv
      where i.code like 'BN-%'
      on conflict do nothing`);
  }
  log(`rows made in ${round1((performance.now() - started) / 1000)} s`);
  await db.execute(sql`vacuum analyze`);
}

/** Seconds each whole first pull took (every page at the app's page size) and the rows it sent. */
async function firstPulls(db: Db): Promise<{ seconds: number[]; rows: number; pages: number }> {
  const app = await buildApp({ db });
  try {
    const headers = await adminHeaders(app);
    const seconds: number[] = [];
    let rows = 0;
    let pages = 0;
    for (let run = 0; run < PULLS; run += 1) {
      let cursor = "";
      rows = 0;
      pages = 0;
      const start = performance.now();
      for (;;) {
        const res = await app.inject({
          method: "GET",
          url: `/api/sync/pull/?limit=${PULL_LIMIT}${cursor ? `&since=${cursor}` : ""}`,
          headers,
        });
        if (res.statusCode !== 200) throw new Error(`pull: ${res.statusCode} ${res.body.slice(0, 200)}`);
        const body = res.json<{ cursor: string; has_more: boolean; snapshot: boolean; tables: Record<string, { upserts: unknown[] }> }>();
        rows += Object.values(body.tables).reduce((n, t) => n + t.upserts.length, 0);
        pages += 1;
        cursor = body.cursor;
        // The first load is over when the walk is and the changes made meanwhile are sent.
        if (!body.has_more) break;
      }
      seconds.push((performance.now() - start) / 1000);
    }
    return { seconds, rows, pages };
  } finally {
    await app.close();
  }
}

export async function runEmbeddedListsBench(): Promise<BenchResult[]> {
  const kept = process.env.BENCH_EMBEDDED_DIR;
  if (kept) mkdirSync(kept, { recursive: true });
  const dir = kept ?? mkdtempSync(join(tmpdir(), "bench-default-lists-"));
  const byEngine: { engine: string; list: BenchResult[]; pull: { seconds: number[]; rows: number; pages: number } }[] = [];
  try {
    for (const engine of ENGINES) {
      const log = (line: string) => console.log(`  ${engine.name}: ${line}`);
      log(existsSync(join(dir, engine.name.startsWith("PGlite") ? "pglite" : "pg")) ? "reusing its folder" : "new folder");
      const opened = await engine.open(dir);
      try {
        await opened.database.migrateAndRun(async (db) => fill(db, log));
        const db = opened.database.db;
        const app = await buildApp({ db });
        let list: BenchResult[];
        try {
          list = await timeListQueries({
            app,
            headers: await adminHeaders(app),
            queries: await saleListQueries(db, SALES),
            rounds: ROUNDS,
            concurrency: 4,
            label: `sale list page of 50 over ${SALES.toLocaleString("en")} sales`,
            engine: opened.database.kind === "pglite" ? "PGlite" : "PostgreSQL",
          });
        } finally {
          await app.close();
        }
        const pull = await firstPulls(db);
        log(`first pulls ${pull.seconds.map((s) => round1(s)).join(", ")} s, ${pull.rows} rows in ${pull.pages} pages`);
        byEngine.push({ engine: engine.name, list, pull });
      } finally {
        await opened.stop();
      }
    }
  } finally {
    if (!kept) rmSync(dir, { recursive: true, force: true });
  }
  const [before, after] = byEngine;
  const ratio = (old: number, now: number) => `${round1(old / now)}x`;
  const results: BenchResult[] = [];
  before.list.forEach((row, i) => {
    const next = after.list[i];
    results.push({
      name: row.name.replace(/ \((PGlite|PostgreSQL)\)$/, ": PGlite on files -> embedded PostgreSQL"),
      value: round1(row.value / next.value),
      unit: "x (p95 old / new)",
      detail: `p95 ${row.value} -> ${next.value} ms; before: ${row.detail}; after: ${next.detail}`,
    });
  });
  const median = (s: number[]) => round1(percentile(s, 50));
  results.push({
    name: `server side of the first load of ${ITEMS.toLocaleString("en")} items with stock (${after.pull.rows.toLocaleString("en")} rows in ${after.pull.pages} pages of ${PULL_LIMIT}): PGlite on files -> embedded PostgreSQL`,
    value: round1(median(before.pull.seconds) / median(after.pull.seconds)),
    unit: "x (median old / new)",
    detail: `median ${median(before.pull.seconds)} -> ${median(after.pull.seconds)} s (${ratio(median(before.pull.seconds), median(after.pull.seconds))}); runs ${before.pull.seconds.map(round1).join(", ")} s -> ${after.pull.seconds.map(round1).join(", ")} s`,
  });
  return results;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const r of await runEmbeddedListsBench()) console.log(`| ${r.name} | ${r.value} ${r.unit} | ${r.detail} |`);
}
