import { rmSync } from "node:fs";
import { sql, type SQL } from "drizzle-orm";
import { buildApp } from "../../src/server/app";
import { openDatabase, queryRows, type Db } from "../../src/server/db/client";
import { seedIfEmpty } from "../../src/server/seed/seed";
import { wipePostgres } from "../api/support/test-app";
import { adminHeaders, round1, timeListQueries } from "./list-bench-timing";
import type { BenchResult } from "./server-bench";

/**
 * DESIGN section 6: "one list page (50 rows, filtered, sorted) over 1M sales: p95 under 50 ms", and
 * the same on PGlite, and four requests in flight under 150 ms. Generates the sales in SQL
 * (generate_series), then times `GET /api/sale/` and its totals/ through the real app (buildApp + inject,
 * signed in as the demo admin).
 *
 *   BENCH_ONLY=list BENCH_SALES_LIST=1 npx tsx tests/bench/run.ts    item and sale lists on PGlite, and on
 *                                  PostgreSQL too with BENCH_DATABASE_URL=postgres://...
 *   node --import tsx tests/bench/sales-list-bench.ts                PGlite only (PostgreSQL with BENCH_DATABASE_URL)
 *   BENCH_SALES=1000000            how many sales (default 1M)
 *   BENCH_SALES_DATADIR=/tmp/x     PGlite: keep the database in this folder (else in memory)
 *   BENCH_SALES_REUSE=1            keep the database when it already holds the sales (re-runs after a change)
 *   BENCH_SALES_ROUNDS=20          timed rounds per query
 *   BENCH_SALES_CONCURRENCY=4      requests in flight at once in the "under load" pass (0 or 1 skips it)
 */

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
  // paid 80 %, partly paid 12 %, unpaid 8 %; a note on one sale in ten. The invoice discount (up to 900) stays
  // within the total (at least 1000) and leaves room for the tenth returned, as the sale service requires: a
  // discount above the total posts no revenue (postSale posts positive amounts only), and the ledger and the
  // lines would then disagree.
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
                         (1000 + (g::bigint * 7919) % 250000)::numeric(18, 2) as total, ((g % 7) * 150)::numeric(18, 2) as disc,
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

/**
 * The requests the sale list is timed with over `count` bulkSales sales: the default page, three filters
 * (a customer, unpaid, a month), two orderings (date and total), page 200 and totals/ (of every sale:
 * capped; and of a month).
 */
export async function saleListQueries(db: Db, count: number): Promise<[string, string][]> {
  const [{ id: customer }] = await queryRows<{ id: number }>(
    db,
    sql`select customer_id as id from sale order by id offset ${Math.floor(count / 2)} limit 1`,
  );
  // A month in the middle of the sales' three years.
  const month = "input_date_after=2024-06-01&input_date_before=2024-06-30";
  const base = "/api/sale/?page_size=50";
  return [
    ["default page (-id)", base],
    ["filter customer", `${base}&customer=${customer}`],
    ["filter payment_status=unpaid", `${base}&payment_status=unpaid`],
    ["filter a month", `${base}&${month}`],
    ["ordering -input_date", `${base}&ordering=-input_date`],
    ["ordering -total_price", `${base}&ordering=-total_price`],
    ["page 200", `${base}&page=200`],
    ["totals/ of every sale", "/api/sale/totals/"],
    ["totals/ of a month", `/api/sale/totals/?${month}`],
  ];
}

/**
 * The sale list over BENCH_SALES sales on PGlite (the embedded default), or on PostgreSQL when given its
 * URL: the default page, three filters (a customer, unpaid, a month), two orderings (date and total),
 * page 200 and totals/ (of every sale: capped; and of a month), one request at a time and four in flight.
 */
export async function runSalesListBench(url?: string): Promise<BenchResult[]> {
  const count = Number(process.env.BENCH_SALES ?? 1_000_000);
  const rounds = Number(process.env.BENCH_SALES_ROUNDS ?? 20);
  const concurrency = Number(process.env.BENCH_SALES_CONCURRENCY ?? 4);
  const reuse = process.env.BENCH_SALES_REUSE === "1";
  // PGlite: in memory, or in BENCH_SALES_DATADIR, kept for BENCH_SALES_REUSE=1 runs (1M sales take minutes).
  const keptDir = url ? undefined : process.env.BENCH_SALES_DATADIR;
  if (url && !reuse) await wipePostgres(url);
  if (keptDir && !reuse) rmSync(keptDir, { recursive: true, force: true });
  const engine = url ? "PostgreSQL" : "PGlite";
  const database = await openDatabase({ url, dataDir: keptDir ?? "memory://" });
  await database.migrateAndRun(async (db) => void (await seedIfEmpty(db, { demo: true })));
  const app = await buildApp({ db: database.db });
  try {
    const db = database.db;
    const pick = async <T>(query: SQL) => (await queryRows<T>(db, query))[0];
    const existing = (await pick<{ n: number }>(sql`select count(*)::int as n from sale`)).n;
    if (existing < count) {
      const loadStart = performance.now();
      await bulkSales(db, count);
      console.log(
        `sales list bench: generated ${count.toLocaleString("en")} sales in ${round1((performance.now() - loadStart) / 1000)} s (${engine})`,
      );
    }
    await db.execute(sql`vacuum analyze`);
    return await timeListQueries({
      app,
      headers: await adminHeaders(app),
      queries: await saleListQueries(db, count),
      rounds,
      concurrency,
      label: `sale list page of 50 over ${count.toLocaleString("en")} sales`,
      engine,
    });
  } finally {
    await app.close();
    await database.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const r of await runSalesListBench(process.env.BENCH_DATABASE_URL)) console.log(`${r.name}: ${r.value} ${r.unit}\n  ${r.detail}`);
}
