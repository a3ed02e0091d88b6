import { sql } from "drizzle-orm";
import { buildApp } from "../../src/server/app";
import { openDatabase } from "../../src/server/db/client";
import { seedIfEmpty } from "../../src/server/seed/seed";
import { wipePostgres } from "../api/support/test-app";
import { bulkItems, type BenchResult } from "./server-bench";

/**
 * Issue 16: the item list over BENCH_ITEMS items (100k) on PGlite (PostgreSQL with BENCH_DATABASE_URL),
 * through the real app (buildApp + inject, signed in as the demo admin): the default page, three
 * filters, two orderings, page 200 and totals/, one request at a time and then four in flight at once
 * (four devices on the one connection), p95 of each.
 *
 *   BENCH_ONLY=list npm run bench     only the list benchmarks, printed (BENCHMARKS.md left as it is)
 *   node --import tsx tests/bench/item-list-bench.ts
 *   BENCH_LIST_ROUNDS=20              timed rounds per query (after one warm-up round)
 */
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};
const round1 = (n: number) => Math.round(n * 10) / 10;

export async function runItemListBench(items: number): Promise<BenchResult[]> {
  const url = process.env.BENCH_DATABASE_URL;
  const rounds = Number(process.env.BENCH_LIST_ROUNDS ?? 20);
  if (url) await wipePostgres(url);
  const database = await openDatabase({ url, dataDir: "memory://" });
  await database.migrateAndRun(async (db) => void (await seedIfEmpty(db, { demo: true })));
  const app = await buildApp({ db: database.db });
  const engine = url ? "PostgreSQL" : "PGlite";
  const results: BenchResult[] = [];
  try {
    await bulkItems(database.db, items);
    await database.db.execute(sql`analyze`);
    const login = await app.inject({ method: "POST", url: "/api/login/", payload: { username: "admin", password: "admin" } });
    const headers = { authorization: `Bearer ${login.json<{ token: string }>().token}` };

    const base = "/api/item/?page_size=50";
    const queries: [string, string][] = [
      ["default page (-id)", base],
      ["filter sale_price__gte=5000", `${base}&sale_price__gte=5000`],
      ["filter item_group=3", `${base}&item_group=3`],
      ["search a barcode", `${base}&search=7000000012345`],
      ["ordering name", `${base}&ordering=name`],
      ["ordering -sale_price", `${base}&ordering=-sale_price`],
      ["page 200", `${base}&page=200`],
      ["totals/", "/api/item/totals/"],
    ];
    const get = async (target: string) => {
      const start = performance.now();
      const res = await app.inject({ method: "GET", url: target, headers });
      const elapsed = performance.now() - start;
      if (res.statusCode !== 200) throw new Error(`${target}: ${res.statusCode} ${res.body.slice(0, 300)}`);
      return { elapsed, body: res.json<{ count?: number; count_is_estimate?: boolean; next?: string | null }>() };
    };
    for (const [name, target] of queries) {
      const { elapsed, body } = await get(target);
      const count =
        body.count === undefined
          ? ""
          : `count ${body.count}${body.count_is_estimate ? " (estimate)" : ""}, next ${body.next ? "yes" : "no"}, `;
      console.log(`  ${name}: ${count}${round1(elapsed)} ms cold`);
    }
    const detail = (m: Map<string, number[]>) => [...m].map(([name, t]) => `${name} p95 ${round1(percentile(t, 95))} ms`).join("; ");

    const single = new Map<string, number[]>();
    for (let r = 0; r < rounds; r += 1) {
      for (const [name, target] of queries) single.set(name, [...(single.get(name) ?? []), (await get(target)).elapsed]);
    }
    const all = [...single.values()].flat();
    results.push({
      name: `item list page of 50 over ${items.toLocaleString("en")} items, one request at a time (${engine})`,
      value: round1(percentile(all, 95)),
      unit: "ms p95",
      budget: "p95 < 50 ms each",
      detail: `median ${round1(percentile(all, 50))} ms over ${all.length} requests; ${detail(single)}`,
    });

    const concurrency = 4;
    const loaded = new Map<string, number[]>();
    const jobs = Array.from({ length: rounds }, () => queries).flat();
    let next = 0;
    const wallStart = performance.now();
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < jobs.length) {
          const [name, target] = jobs[next++];
          loaded.set(name, [...(loaded.get(name) ?? []), (await get(target)).elapsed]);
        }
      }),
    );
    const wall = (performance.now() - wallStart) / 1000;
    const loadedAll = [...loaded.values()].flat();
    results.push({
      name: `item list page of 50 over ${items.toLocaleString("en")} items, ${concurrency} requests in flight (${engine})`,
      value: round1(percentile(loadedAll, 95)),
      unit: "ms p95",
      budget: "p95 < 150 ms each",
      detail: `median ${round1(percentile(loadedAll, 50))} ms, ${round1(loadedAll.length / wall)} requests/s; ${detail(loaded)}`,
    });
  } finally {
    await app.close();
    await database.close();
  }
  return results;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const r of await runItemListBench(Number(process.env.BENCH_ITEMS ?? 100_000)))
    console.log(`${r.name}: ${r.value} ${r.unit}\n  ${r.detail}`);
}
