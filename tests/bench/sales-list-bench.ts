import { sql } from "drizzle-orm";
import { buildApp } from "../../src/server/app";
import { openDatabase, type Db } from "../../src/server/db/client";
import { seedIfEmpty } from "../../src/server/seed/seed";
import { wipePostgres } from "../api/support/test-app";
import type { BenchResult } from "./server-bench";

/**
 * DESIGN section 6: "one list page (50 rows, filtered, sorted) over 1M sales: p95 under 50 ms".
 * Generates the sales in SQL (generate_series) on PostgreSQL, then times realistic `GET /api/sale/`
 * requests through the real app (buildApp + inject, signed in as the demo admin).
 *
 *   BENCH_SALES_LIST=1 BENCH_DATABASE_URL=postgres://... npm run bench
 *   BENCH_SALES=1000000            how many sales (default 1M)
 *   BENCH_SALES_REUSE=1            keep the database when it already holds the sales (re-runs after a change)
 *   BENCH_SALES_ROUNDS=30          timed rounds per query
 *   BENCH_SALES_CONCURRENCY=4      requests in flight at once in the "under load" pass (0 skips it)
 */
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};
const round1 = (n: number) => Math.round(n * 10) / 10;

const FIRST_DAY = "2023-01-01";
const DAYS = 3 * 365;
const CUSTOMERS = 20_000;

/**
 * Sale headers in SQL (no lines, no posting: the list reads headers), and a return on one sale in a
 * hundred. `firstDay`/`days` spread them over that many days; `cashboxes` books the paid ones to a
 * cashbox of the sale's branch and currency (report-bench.ts then posts them as the sale service would).
 */
export async function bulkSales(db: Db, count: number, opts: { firstDay?: string; days?: number; cashboxes?: boolean } = {}) {
  const firstDay = opts.firstDay ?? FIRST_DAY;
  const days = opts.days ?? DAYS;
  // Customers: the demo ones plus CUSTOMERS more, spread over the branches.
  await db.execute(sql`
    insert into customer (name, phone, branch_id, city_id)
    select 'Bench customer ' || g || ' ' || substr(md5(g::text), 1, 6), '+964 750 ' || lpad(g::text, 7, '0'),
           (select id from branch order by id offset (g % 2) limit 1), (select min(id) from city)
    from generate_series(1, ${CUSTOMERS}) g`);
  // Sales in id order = date order (as they are entered), two branches, two currencies (USD one in five),
  // paid 80 %, partly paid 12 %, unpaid 8 %; a note on one sale in ten.
  await db.execute(sql`
    with b as (select array_agg(id order by id) ids from branch),
         inv as (select branch_id, min(id) id from inventory group by branch_id),
         cu as (select (select id from currency where code = 'IQD') iqd, (select id from currency where code = 'USD') usd),
         cust as (select array_agg(id order by id) ids from customer),
         u as (select min(id) id from app_user)
    insert into sale (branch_id, invoice_no, customer_id, inventory_id, currency_id, exchange_rate, payment_type, cashbox_id,
                      paid_amount, discount, total_price, input_date, note, created_by, created_at, updated_at)
    select br, (g + 1) / 2, cust.ids[1 + (hashint % array_length(cust.ids, 1))], inv.id,
           case when g % 5 = 0 then cu.usd else cu.iqd end, case when g % 5 = 0 then 1320 else 1 end,
           case when g % 25 < 23 then 'cash' else 'debt' end,
           case when ${opts.cashboxes ?? false} and g % 25 < 23 then
             (select min(cb.id) from cashbox cb where cb.branch_id = br and cb.currency_id = case when g % 5 = 0 then cu.usd else cu.iqd end)
           end,
           case when g % 25 < 20 then total - disc when g % 25 < 23 then round((total - disc) / 2, 2) else 0 end,
           disc, total, day::text, case when g % 10 = 0 then 'delivery ' || (g % 997) else '' end,
           u.id, day::timestamptz, day::timestamptz
    from b, cu, cust, u,
         lateral (select g, b.ids[1 + g % 2] as br, (hashint4(g) & 2147483647) as hashint,
                         (1000 + (g::bigint * 7919) % 250000)::numeric(18, 2) as total, ((g % 7) * 250)::numeric(18, 2) as disc,
                         (${firstDay}::date + ((g::bigint * ${days}) / ${count})::int) as day
                  from generate_series(1, ${count}) g) s
    join inv on inv.branch_id = s.br`);
  // A return on one sale in a hundred (the list shows the returned amount).
  await db.execute(sql`
    insert into sale_return (branch_id, invoice_no, sale_id, customer_id, inventory_id, currency_id, exchange_rate, total_price, input_date, created_by)
    select branch_id, row_number() over (partition by branch_id order by id), id, customer_id, inventory_id, currency_id, exchange_rate,
           round(total_price / 10, 2), input_date, created_by
    from sale where id % 100 = 0`);
}

export async function runSalesListBench(): Promise<BenchResult[]> {
  const url = process.env.BENCH_DATABASE_URL;
  if (!url) throw new Error("the sales list benchmark needs BENCH_DATABASE_URL (PostgreSQL)");
  const count = Number(process.env.BENCH_SALES ?? 1_000_000);
  const rounds = Number(process.env.BENCH_SALES_ROUNDS ?? 30);
  const concurrency = Number(process.env.BENCH_SALES_CONCURRENCY ?? 4);
  const reuse = process.env.BENCH_SALES_REUSE === "1";

  if (!reuse) await wipePostgres(url);
  const database = await openDatabase({ url, dataDir: "memory://" });
  await database.migrateAndRun(async (db) => void (await seedIfEmpty(db, { demo: true })));
  const app = await buildApp({ db: database.db });
  const results: BenchResult[] = [];
  try {
    const db = database.db;
    const existing = Number(((await db.execute(sql`select count(*)::int as n from sale`)) as { rows: { n: number }[] }).rows[0].n);
    if (existing < count) {
      const loadStart = performance.now();
      await bulkSales(db, count);
      console.log(`sales list bench: generated ${count.toLocaleString("en")} sales in ${round1((performance.now() - loadStart) / 1000)} s`);
    }
    await db.execute(sql`vacuum analyze`);
    const pick = async <T>(query: ReturnType<typeof sql>) => ((await db.execute(query)) as { rows: T[] }).rows[0];
    const usd = (await pick<{ id: number }>(sql`select id from currency where code = 'USD'`)).id;
    const customer = (await pick<{ id: number }>(sql`select customer_id as id from sale where id = ${Math.floor(count / 2)}`)).id;
    const invoice = (await pick<{ n: number }>(sql`select invoice_no as n from sale where id = ${Math.floor(count / 3)}`)).n;
    const branch = (await pick<{ id: number }>(sql`select min(id) as id from branch`)).id;

    const login = await app.inject({ method: "POST", url: "/api/login/", payload: { username: "admin", password: "admin" } });
    const headers = { authorization: `Bearer ${login.json<{ token: string }>().token}` };

    const base = "/api/sale/?page_size=50";
    const queries: [string, string][] = [
      ["default page (-id)", base],
      ["page 3", `${base}&page=3`],
      ["a month, -input_date", `${base}&input_date_after=2025-03-01&input_date_before=2025-03-31&ordering=-input_date`],
      ["customer filter", `${base}&customer=${customer}`],
      ["payment_status=unpaid", `${base}&payment_status=unpaid`],
      ["search invoice no", `${base}&search=${invoice}`],
      ["currency USD", `${base}&currency=${usd}`],
      ["one branch, -net_price", `${base}&branch=${branch}&ordering=-net_price`],
    ];
    const get = async (target: string) => {
      const start = performance.now();
      const res = await app.inject({ method: "GET", url: target, headers });
      const elapsed = performance.now() - start;
      if (res.statusCode !== 200) throw new Error(`${target}: ${res.statusCode} ${res.body.slice(0, 300)}`);
      return { elapsed, body: res.json<{ count: number; next: string | null; results: unknown[] }>() };
    };
    // Warm up (and show what each query answers).
    for (const [name, target] of queries) {
      const { elapsed, body } = await get(target);
      console.log(
        `  ${name}: count ${body.count}, ${body.results.length} rows, next ${body.next ? "yes" : "no"} (${round1(elapsed)} ms cold)`,
      );
    }

    const perQuery = new Map<string, number[]>();
    for (let r = 0; r < rounds; r += 1) {
      for (const [name, target] of queries) perQuery.set(name, [...(perQuery.get(name) ?? []), (await get(target)).elapsed]);
    }
    const all = [...perQuery.values()].flat();
    const detail = (m: Map<string, number[]>) =>
      [...m].map(([name, t]) => `${name} p50 ${round1(percentile(t, 50))} / p95 ${round1(percentile(t, 95))} ms`).join("; ");
    results.push({
      name: `sale list page of 50, filtered and sorted, over ${count.toLocaleString("en")} sales (PostgreSQL, one at a time)`,
      value: round1(percentile(all, 95)),
      unit: "ms p95",
      budget: "p95 < 50 ms",
      detail: `median ${round1(percentile(all, 50))} ms over ${all.length} requests; ${detail(perQuery)}`,
    });

    if (concurrency > 1) {
      const loaded = new Map<string, number[]>();
      const jobs = queries.flatMap((q) => Array.from({ length: rounds }, () => q));
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
        name: `sale list page of 50 over ${count.toLocaleString("en")} sales, ${concurrency} requests in flight (PostgreSQL)`,
        value: round1(percentile(loadedAll, 95)),
        unit: "ms p95",
        budget: "p95 < 50 ms",
        detail: `median ${round1(percentile(loadedAll, 50))} ms, ${round1(loadedAll.length / wall)} pages/s; ${detail(loaded)}`,
      });
    }
  } finally {
    await app.close();
    await database.close();
  }
  return results;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const r of await runSalesListBench()) console.log(`${r.name}: ${r.value} ${r.unit}\n  ${r.detail}`);
}
