import { sql } from "drizzle-orm";
import { buildApp } from "../../src/server/app";
import { openDatabase, queryRows } from "../../src/server/db/client";
import { seedIfEmpty } from "../../src/server/seed/seed";
import type { BenchResult } from "./server-bench";

/**
 * The import budget: 100k items from one CSV, preview and commit each under 60 s. Through the real
 * app (buildApp + inject, the demo admin) on PGlite in memory, or on BENCH_DATABASE_URL (an empty
 * scratch database: it is migrated and seeded). Every item names one of 50 groups, 20 subgroups each, and one of
 * 5 measurements, all new, so the commit also creates them.
 *
 *   BENCH_ONLY=import npx tsx tests/bench/run.ts
 *   BENCH_IMPORT_ROWS=100000   rows of the file
 */
const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 100_000);
const BOUNDARY = "----import-bench";

function csv(rows: number): Buffer {
  const lines = ["code,barcode,name,item_group,item_subgroup,measurement,item_type,purchase_price,sale_price,min_quantity"];
  for (let n = 1; n <= rows; n += 1) {
    lines.push(
      `B-${n},77${String(n).padStart(10, "0")},Bench import item ${n},Group ${n % 50},Sub ${n % 20},Unit ${n % 5},Goods,${(n % 90) + 1}.25,${(n % 90) + 2}.50,${n % 10}`,
    );
  }
  return Buffer.from(`${lines.join("\r\n")}\r\n`);
}

export async function runImportBench(): Promise<BenchResult[]> {
  const database = await openDatabase({ url: process.env.BENCH_DATABASE_URL, dataDir: "memory://" });
  const results: BenchResult[] = [];
  await database.migrateAndRun(async (db) => {
    await seedIfEmpty(db, { demo: true });
  });
  const app = await buildApp({ db: database.db });
  await app.ready();
  try {
    const login = await app.inject({ method: "POST", url: "/api/login/", payload: { username: "admin", password: "admin" } });
    const token = login.json<{ token: string }>().token;
    const file = csv(ROWS);
    const payload = Buffer.concat([
      Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="items.csv"\r\nContent-Type: text/csv\r\n\r\n`),
      file,
      Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
    ]);
    const send = async (url: string) => {
      const started = performance.now();
      const res = await app.inject({
        method: "POST",
        url,
        payload,
        headers: { authorization: `Bearer ${token}`, "content-type": `multipart/form-data; boundary=${BOUNDARY}` },
      });
      const seconds = (performance.now() - started) / 1000;
      const body = res.json<{ new: number; errors: unknown[] }>();
      if (res.statusCode !== 200 || body.errors.length) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
      return { seconds, body };
    };
    const engine = process.env.BENCH_DATABASE_URL ? "PostgreSQL" : "PGlite";
    const size = `${(file.length / 1024 / 1024).toFixed(1)} MB CSV`;
    const preview = await send("/api/import/item/preview/");
    results.push({
      name: `import preview of ${ROWS} items (${engine})`,
      value: Math.round(preview.seconds * 10) / 10,
      unit: "s",
      budget: "< 60 s",
      detail: size,
    });
    const commit = await send("/api/import/item/");
    const [{ n }] = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from item where code like 'B-%'`);
    if (n !== ROWS) throw new Error(`imported ${n} of ${ROWS}`);
    results.push({
      name: `import commit of ${ROWS} items (${engine})`,
      value: Math.round(commit.seconds * 10) / 10,
      unit: "s",
      budget: "< 60 s",
      detail: `${commit.body.new} new, audited per item`,
    });
    const again = await send("/api/import/item/");
    results.push({
      name: `the same file again (${engine})`,
      value: Math.round(again.seconds * 10) / 10,
      unit: "s",
      detail: `${again.body.new} new`,
    });
  } finally {
    await app.close();
    await database.close();
  }
  return results;
}
