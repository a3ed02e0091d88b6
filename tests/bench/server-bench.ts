import { sql } from "drizzle-orm";
import { buildApp } from "../../src/server/app";
import { openDatabase, type Db } from "../../src/server/db/client";
import { seedIfEmpty } from "../../src/server/seed/seed";
import { wipePostgres } from "../api/support/test-app";
import { withoutItemSearchIndexes } from "./item-search-indexes";

/**
 * Server-side benchmarks: one list page over a large item table, a full sync pull of it, and
 * idempotent creates per second. Run on PGlite, and on PostgreSQL when BENCH_DATABASE_URL is set.
 */
export interface BenchResult {
  name: string;
  value: number;
  unit: string;
  budget?: string;
  detail?: string;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};

export async function bulkItems(db: Db, count: number) {
  // Generated in SQL: the benchmark measures reads, not the loader.
  await withoutItemSearchIndexes(db, () =>
    db.execute(sql`
      insert into item (code, barcode, name, item_type, purchase_price, sale_price, min_quantity, item_group_id)
      select 'BN-' || g, (7000000000000 + g)::text, 'Bench item ' || g || ' ' || md5(g::text), 1,
             (g % 1000) * 10, (g % 1000) * 12, g % 20, 1 + (g % 6)
      from generate_series(1, ${count}) g`),
  );
}

export async function runServerBench(items: number): Promise<BenchResult[]> {
  const url = process.env.BENCH_DATABASE_URL;
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

    const queries = [
      "/api/item/?page_size=50",
      "/api/item/?page_size=50&name__istartswith=bench%20item%2077&ordering=name",
      "/api/item/?page_size=50&sale_price__gte=5000&ordering=-sale_price",
      "/api/item/?page_size=50&search=7000000012345",
      `/api/item/?page_size=50&page=${Math.floor(items / 100)}`,
    ];
    const times: number[] = [];
    const perQuery = new Map<string, number[]>();
    for (let round = 0; round < 20; round += 1) {
      for (const url of queries) {
        const start = performance.now();
        const res = await app.inject({ method: "GET", url, headers });
        const elapsed = performance.now() - start;
        times.push(elapsed);
        perQuery.set(url, [...(perQuery.get(url) ?? []), elapsed]);
        if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      }
    }
    results.push({
      name: `list page of 50 items, filtered and sorted, over ${items.toLocaleString("en")} items (${engine})`,
      value: Math.round(percentile(times, 95) * 10) / 10,
      unit: "ms p95",
      budget: "p95 < 50 ms (DESIGN section 6, and issue 16: on PGlite too)",
      detail: `median ${Math.round(percentile(times, 50) * 10) / 10} ms over ${times.length} requests; p95 per query: ${[...perQuery]
        .map(([url, t]) => `${url.replace("/api/item/?page_size=50", "") || "default"} ${Math.round(percentile(t, 95))} ms`)
        .join(", ")}`,
    });

    let cursor = "";
    let rows = 0;
    const pullStart = performance.now();
    for (;;) {
      const res = await app.inject({ method: "GET", url: `/api/sync/pull/?limit=1000${cursor ? `&since=${cursor}` : ""}`, headers });
      const body = res.json<{ cursor: string; has_more: boolean; tables: Record<string, { upserts: unknown[] }> }>();
      rows += Object.values(body.tables).reduce((n, t) => n + t.upserts.length, 0);
      cursor = body.cursor;
      if (!body.has_more) break;
    }
    const pullSeconds = (performance.now() - pullStart) / 1000;
    results.push({
      name: `server side of a first sync pull, ${rows.toLocaleString("en")} rows in pages of 1000 (${engine})`,
      value: Math.round(pullSeconds * 100) / 100,
      unit: "s",
      budget: "part of the 15 s first-load budget",
      detail: `${Math.round(rows / pullSeconds).toLocaleString("en")} rows/s`,
    });

    const creates = 300;
    const createStart = performance.now();
    for (let i = 0; i < creates; i += 1) {
      const res = await app.inject({
        method: "POST",
        url: "/api/city/",
        headers,
        payload: { name: `Bench city ${i}`, form_token: `bench-${Date.now()}-${i}` },
      });
      if (res.statusCode !== 201) throw new Error(`create: ${res.statusCode} ${res.body}`);
    }
    const perSecond = creates / ((performance.now() - createStart) / 1000);
    results.push({
      name: `idempotent creates, one at a time (${engine})`,
      value: Math.round(perSecond),
      unit: "creates/s",
      detail: "form_token lock, validation, insert, idempotency record, read back",
    });
  } finally {
    await app.close();
    await database.close();
  }
  return results;
}
