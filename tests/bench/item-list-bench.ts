import { sql } from "drizzle-orm";
import { buildApp } from "../../src/server/app";
import { openDatabase } from "../../src/server/db/client";
import { seedIfEmpty } from "../../src/server/seed/seed";
import { wipePostgres } from "../api/support/test-app";
import { adminHeaders, timeListQueries } from "./list-bench-timing";
import { bulkItems, type BenchResult } from "./server-bench";

/**
 * Issue 16: the item list over BENCH_ITEMS items (100k) on PGlite, or on PostgreSQL when given its URL,
 * through the real app (buildApp + inject, signed in as the demo admin): the default page, three
 * filters, two orderings, page 200 and totals/, one request at a time and then four in flight at once
 * (four devices on the one connection), p95 of each.
 *
 *   BENCH_ONLY=list npx tsx tests/bench/run.ts     the list benchmarks on PGlite (and PostgreSQL with
 *                                                  BENCH_DATABASE_URL), printed; BENCHMARKS.md left as it is
 *   node --import tsx tests/bench/item-list-bench.ts   PGlite only (PostgreSQL with BENCH_DATABASE_URL)
 *   BENCH_LIST_ROUNDS=20              timed rounds per query (after one warm-up round)
 */
export async function runItemListBench(items: number, url?: string): Promise<BenchResult[]> {
  const rounds = Number(process.env.BENCH_LIST_ROUNDS ?? 20);
  if (url) await wipePostgres(url);
  const database = await openDatabase({ url, dataDir: "memory://" });
  await database.migrateAndRun(async (db) => void (await seedIfEmpty(db, { demo: true })));
  const app = await buildApp({ db: database.db });
  try {
    await bulkItems(database.db, items);
    await database.db.execute(sql`analyze`);
    const base = "/api/item/?page_size=50";
    return await timeListQueries({
      app,
      headers: await adminHeaders(app),
      queries: [
        ["default page (-id)", base],
        ["filter sale_price__gte=5000", `${base}&sale_price__gte=5000`],
        ["filter item_group=3", `${base}&item_group=3`],
        ["search a barcode", `${base}&search=7000000012345`],
        ["ordering name", `${base}&ordering=name`],
        ["ordering -sale_price", `${base}&ordering=-sale_price`],
        ["page 200", `${base}&page=200`],
        ["totals/", "/api/item/totals/"],
      ],
      rounds,
      concurrency: 4,
      label: `item list page of 50 over ${items.toLocaleString("en")} items`,
      engine: url ? "PostgreSQL" : "PGlite",
    });
  } finally {
    await app.close();
    await database.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const r of await runItemListBench(Number(process.env.BENCH_ITEMS ?? 100_000), process.env.BENCH_DATABASE_URL))
    console.log(`${r.name}: ${r.value} ${r.unit}\n  ${r.detail}`);
}
