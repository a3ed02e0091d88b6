import { sql, type SQL } from "drizzle-orm";
import { openDatabase } from "../../src/server/db/client";
import { seedIfEmpty } from "../../src/server/seed/seed";
import { bulkItems } from "./server-bench";

/**
 * Where the time of one item list page goes on PGlite: seeds BENCH_ITEMS items (100k) in memory
 * and times each statement of the page on its own, alternating, so they share the machine's noise.
 *   node --import tsx tests/bench/list-profile.ts
 */
const items = Number(process.env.BENCH_ITEMS ?? 100_000);
const rounds = Number(process.env.BENCH_ROUNDS ?? 15);
const database = await openDatabase({ url: process.env.BENCH_DATABASE_URL, dataDir: "memory://" });
await database.migrateAndRun(async (db) => void (await seedIfEmpty(db, { demo: true })));
const db = database.db;
await bulkItems(db, items);
await db.execute(sql`analyze`);

const source = sql`item i
      left join measurement m on m.id = i.measurement_id
      left join measurement pm on pm.id = i.packet_measurement_id
      left join item_group g on g.id = i.item_group_id
      left join item_subgroup s on s.id = i.item_subgroup_id`;
const where = sql`where i.deleted_at is null`;
const select = sql`i.id, i.code, i.barcode, i.name, i.sale_price::text, m.name as m, pm.name as pm, g.name as g, s.name as s`;
const statements: [string, SQL][] = [
  ["capped count over the joins", sql`select count(*) from (select 1 from ${source} ${where} limit 10001) c`],
  ["capped count on item alone", sql`select count(*) from (select 1 from item i ${where} limit 10001) c`],
  ["explain estimate over the joins", sql`explain (format json) select 1 from ${source} ${where}`],
  ["explain estimate on item alone", sql`explain (format json) select 1 from item i ${where}`],
  ["pg_class.reltuples", sql`select reltuples from pg_class where oid = 'item'::regclass`],
  ["page -id nulls last (today)", sql`select ${select} from ${source} ${where} order by i.id desc nulls last limit 51`],
  ["page -id (pkey backwards)", sql`select ${select} from ${source} ${where} order by i.id desc limit 51`],
  [
    "page -id, ids first then joins",
    sql`select ${select} from ${source} where i.id = any(array(select i.id from item i ${where} order by i.id desc limit 51)) order by i.id desc`,
  ],
  ["page 200 -id (offset 9950)", sql`select ${select} from ${source} ${where} order by i.id desc limit 51 offset 9950`],
  [
    "page 200 -id, ids first",
    sql`select ${select} from ${source} where i.id = any(array(select i.id from item i ${where} order by i.id desc limit 51 offset 9950)) order by i.id desc`,
  ],
  ["totals over the joins", sql`select sum(i.purchase_price), sum(i.sale_price) from ${source} ${where}`],
  ["totals on item alone", sql`select sum(i.purchase_price), sum(i.sale_price) from item i ${where}`],
];
const times = new Map<string, number[]>();
for (let r = 0; r < rounds; r += 1) {
  for (const [name, q] of statements) {
    const start = performance.now();
    await db.execute(q);
    const elapsed = performance.now() - start;
    if (r > 0) times.set(name, [...(times.get(name) ?? []), elapsed]);
  }
}
const pct = (v: number[], p: number) => [...v].sort((a, b) => a - b)[Math.min(v.length - 1, Math.floor((p / 100) * v.length))];
for (const [name, t] of times)
  console.log(`${name.padEnd(36)} p50 ${pct(t, 50).toFixed(1).padStart(7)} ms  p95 ${pct(t, 95).toFixed(1).padStart(7)} ms`);
for (const [name, q] of statements.filter(([n]) => n.startsWith("page -id"))) {
  const plan = (await db.execute(sql`explain ${q}`)) as { rows: Record<string, string>[] };
  console.log(`-- ${name}\n${plan.rows.map((row) => Object.values(row)[0]).join("\n")}`);
}
await database.close();
