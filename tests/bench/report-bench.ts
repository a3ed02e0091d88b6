import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { addDays, format, startOfMonth } from "date-fns";
import { sql, type SQL } from "drizzle-orm";
import { ISO_DATE } from "../../src/core/dates";
import { buildApp } from "../../src/server/app";
import { openDatabase, queryRows, type Db } from "../../src/server/db/client";
import { hashPassword } from "../../src/server/http/passwords";
import { seedIfEmpty } from "../../src/server/seed/seed";
import { wipePostgres } from "../api/support/test-app";
import { bulkSales } from "./sales-list-bench";
import { bulkItems, type BenchResult } from "./server-bench";

/**
 * DESIGN section 6: "profit by day over a year of 1M sale lines under 1 s; a sale-detail page
 * with sums p95 under 100 ms; the dashboard under 300 ms". A year of sales ending today with
 * BENCH_SALE_LINES lines (three a sale, in two branches, one sale in five in USD), each sale posted to the
 * ledger as the sale service posts it (postSale: customer/revenue at the sale's rate, cashbox/customer for
 * what was paid, cost_of_goods/inventory in the base currency), a return on one sale in a hundred with its
 * line and posting (postSaleReturn); all generated in SQL. Then the reports are timed over HTTP (the real
 * app listening on a port, fetch), one request at a time, on PGlite and, with BENCH_DATABASE_URL, PostgreSQL.
 *
 *   BENCH_ONLY=reports npx tsx tests/bench/run.ts
 *   BENCH_SALE_LINES=1000000      sale lines (default 1M)
 *   BENCH_REPORT_ENGINES=pglite,postgres   which engines (default: PGlite, and PostgreSQL when BENCH_DATABASE_URL is set)
 *   BENCH_REPORT_ROUNDS=20        timed runs of each profit grouping (the pages and the dashboard: 3x as many)
 *   BENCH_REPORT_DIR=<dir>        keep the PGlite data there and reuse it when it holds the lines (re-runs after a change)
 *   BENCH_REPORT_REUSE=1          keep the PostgreSQL database when it holds the lines
 *   BENCH_REPORT_GENERATE_ONLY=1  generate (or find) the data, vacuum analyze, and stop before the timings
 *   BENCH_REPORT_PARTS=profit,detail,dashboard   which timings (default all three)
 */
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};
const round1 = (n: number) => Math.round(n * 10) / 10;
const iso = (d: Date) => format(d, ISO_DATE);

const LINES_PER_SALE = 3;
const BENCH_ITEMS = 5_000;
const MANAGER = "bench_manager";

const rowsOf = async <T>(db: Db, query: ReturnType<typeof sql>) => queryRows<T>(db, query);

/** Stock for the bench items in the first inventory of each branch (the lines' batches). */
async function benchStock(db: Db, firstItem: number) {
  await db.execute(sql`
    insert into stock (branch_id, inventory_id, item_id, batch_number, quantity, purchase_price, sale_price)
    select inv.branch_id, inv.id, i.id, 'BENCH', 1000000, i.purchase_price, i.sale_price
    from (select branch_id, min(id) id from inventory group by branch_id) inv, item i
    where i.id >= ${firstItem}`);
}

/**
 * Three lines for each sale above `afterSale` whose totals sum to the sale's total_price: q1 x p1 and
 * q2 x p2 carry about 30 % each, the third line (quantity 1) the rest. Unit cost in the base currency:
 * 60 to 79 % of the price at the sale's rate.
 */
async function benchLines(db: Db, afterSale: number, firstItem: number, items: number) {
  await db.execute(sql`
    insert into sale_item (sale_id, stock_id, item_id, quantity, price, fee, discount, net_price, total_price, cost_price)
    select s.id, st.id, l.item, l.q, l.p, 0, 0, l.p, l.q * l.p, round(l.p * s.exchange_rate * (0.6 + (l.item % 20) / 100.0), 2)
    from sale s
    cross join lateral (select 1 + s.id % 3 as q1, 1 + (s.id / 3) % 2 as q2) q
    cross join lateral (select round(s.total_price * 0.3 / q.q1, 2) as p1, round(s.total_price * 0.3 / q.q2, 2) as p2) p
    cross join lateral (values
      (${firstItem} + (hashint4(s.id * 3) & 2147483647) % ${items}, q.q1::numeric, p.p1),
      (${firstItem} + (hashint4(s.id * 3 + 1) & 2147483647) % ${items}, q.q2::numeric, p.p2),
      (${firstItem} + (hashint4(s.id * 3 + 2) & 2147483647) % ${items}, 1::numeric, s.total_price - q.q1 * p.p1 - q.q2 * p.p2)
    ) l(item, q, p)
    join stock st on st.inventory_id = s.inventory_id and st.item_id = l.item and st.batch_number = 'BENCH'
    where s.id > ${afterSale}`);
  // bulkSales' returns (one sale in a hundred, a tenth of its total): one line, of the sale's first line's item.
  await db.execute(sql`
    insert into sale_return_item (sale_return_id, stock_id, item_id, quantity, price, total_price, cost_price)
    select r.id, si.stock_id, si.item_id, 1, r.total_price, r.total_price, si.cost_price
    from sale_return r
    join lateral (select * from sale_item si where si.sale_id = r.sale_id order by si.id limit 1) si on true
    where r.sale_id > ${afterSale} and not exists (select 1 from sale_return_item x where x.sale_return_id = r.id)`);
}

/**
 * The ledger rows of the documents of `table` (alias `d`) above `afterSale`: `lines` is the VALUES list of
 * (account_type, account_id, currency_id, debit, credit, rate, amount) of one document, `cost` its cost
 * of goods in the base currency (`c.cost`, base currency `base.id`); rows of a zero amount are not posted.
 */
const postings = (documentType: string, table: SQL, cost: SQL, lines: SQL, where: SQL) => sql`
  insert into ledger_entry (branch_id, account_type, account_id, currency_id, debit, credit, exchange_rate,
                            document_type, document_id, entry_date, memo, created_by, created_at)
  select d.branch_id, p.account_type, p.account_id, p.currency_id, p.debit, p.credit, p.rate,
         ${documentType}, d.id, d.input_date::date, '', d.created_by, d.created_at
  from ${table}
  cross join (select id from currency where is_base limit 1) base
  cross join lateral (${cost}) c
  cross join lateral (values ${lines}) p(account_type, account_id, currency_id, debit, credit, rate, amount)
  where p.amount > 0 and ${where}
  order by d.id`;

/** The ledger rows postSale and postSaleReturn give these documents (src/core/posting.ts), in SQL. */
async function benchPostings(db: Db, afterSale: number) {
  const paid = sql`case when d.cashbox_id is null then 0 else d.paid_amount end`;
  await db.execute(
    postings(
      "sale",
      sql`sale d`,
      sql`select coalesce(sum(si.cost_price * si.quantity), 0) as cost from sale_item si where si.sale_id = d.id`,
      sql`('customer', d.customer_id, d.currency_id, d.total_price - d.discount, 0::numeric, d.exchange_rate, d.total_price - d.discount),
        ('revenue', null::integer, d.currency_id, 0::numeric, d.total_price - d.discount, d.exchange_rate, d.total_price - d.discount),
        ('cashbox', d.cashbox_id, d.currency_id, d.paid_amount, 0::numeric, d.exchange_rate, ${paid}),
        ('customer', d.customer_id, d.currency_id, 0::numeric, d.paid_amount, d.exchange_rate, ${paid}),
        ('cost_of_goods', null::integer, base.id, c.cost, 0::numeric, 1::numeric, c.cost),
        ('inventory', null::integer, base.id, 0::numeric, c.cost, 1::numeric, c.cost)`,
      sql`d.id > ${afterSale}`,
    ),
  );
  await db.execute(
    postings(
      "sale_return",
      sql`sale_return d`,
      sql`select coalesce(sum(ri.cost_price * ri.quantity), 0) as cost from sale_return_item ri where ri.sale_return_id = d.id`,
      sql`('revenue', null::integer, d.currency_id, d.total_price, 0::numeric, d.exchange_rate, d.total_price),
        ('customer', d.customer_id, d.currency_id, 0::numeric, d.total_price, d.exchange_rate, d.total_price),
        ('inventory', null::integer, base.id, c.cost, 0::numeric, 1::numeric, c.cost),
        ('cost_of_goods', null::integer, base.id, 0::numeric, c.cost, 1::numeric, c.cost)`,
      sql`d.sale_id > ${afterSale} and not exists (select 1 from ledger_entry x where x.document_type = 'sale_return' and x.document_id = d.id)`,
    ),
  );
}

/** A year of sales ending `today` with `lines` lines, their returns and postings. */
async function generate(db: Db, lines: number, today: Date) {
  const [{ n: firstItem }] = await rowsOf<{ n: number }>(db, sql`select coalesce(max(id), 0)::int + 1 as n from item`);
  // Statistics after each step: planned as empty, the next step's joins would loop over whole tables.
  const step = async (name: string, run: () => Promise<unknown>) => {
    const start = performance.now();
    await run();
    await db.execute(sql`analyze`);
    console.log(`  ${name}: ${round1((performance.now() - start) / 1000)} s`);
  };
  await step("items and stock", async () => {
    await bulkItems(db, BENCH_ITEMS);
    await benchStock(db, firstItem);
  });
  const [{ n: afterSale }] = await rowsOf<{ n: number }>(db, sql`select coalesce(max(id), 0)::int as n from sale`);
  const days = { firstDay: iso(addDays(today, -364)), days: 365, cashboxes: true };
  await step("sales and returns", () => bulkSales(db, Math.ceil(lines / LINES_PER_SALE), days));
  await step("lines", () => benchLines(db, afterSale, firstItem, BENCH_ITEMS));
  await step("ledger", () => benchPostings(db, afterSale));
}

/** A branch manager of one branch: every dashboard card's permission and the two reports, nothing else. */
async function branchManager(db: Db, branchId: number) {
  const [user] = await rowsOf<{ id: number }>(
    db,
    sql`insert into app_user (username, password_hash) values (${MANAGER}, ${await hashPassword(MANAGER)})
      on conflict (username) do update set username = excluded.username returning id`,
  );
  const codes = [
    "view_sale",
    "view_cashbox",
    "view_customer_account_statement",
    "view_supplier_account_statement",
    "view_salepremium",
    "report_view_min_quantity_item",
    "report_view_expired_item",
    "report_view_profit",
    "view_saledetail",
  ];
  await db.execute(sql`delete from user_permission where user_id = ${user.id}`);
  await db.execute(sql`delete from user_branch where user_id = ${user.id}`);
  for (const code of codes) await db.execute(sql`insert into user_permission (user_id, code) values (${user.id}, ${code})`);
  await db.execute(sql`insert into user_branch (user_id, branch_id) values (${user.id}, ${branchId})`);
}

interface Timed {
  name: string;
  url: string;
  token: string;
  /** Asked together with the page, as the screen asks them (totals/ of the same filter). */
  withTotals?: boolean;
}

async function benchEngine(engine: "pglite" | "postgres", lines: number, rounds: number): Promise<BenchResult[]> {
  const url = engine === "postgres" ? process.env.BENCH_DATABASE_URL : undefined;
  if (engine === "postgres" && !url) throw new Error("the PostgreSQL report bench needs BENCH_DATABASE_URL");
  const keptDir = process.env.BENCH_REPORT_DIR;
  const dataDir = engine === "pglite" ? (keptDir ?? mkdtempSync(join(tmpdir(), "bench-report-"))) : undefined;
  if (url && process.env.BENCH_REPORT_REUSE !== "1") await wipePostgres(url);
  const label = engine === "postgres" ? "PostgreSQL" : "PGlite";
  const database = await openDatabase({ url, dataDir });
  const seedStart = performance.now();
  await database.migrateAndRun(async (db) => void (await seedIfEmpty(db, { demo: true })));
  console.log(`report bench (${engine}): migrated and seeded in ${round1((performance.now() - seedStart) / 1000)} s`);
  const db = database.db;
  const today = new Date();
  const app = await buildApp({ db });
  const results: BenchResult[] = [];
  try {
    const [{ n: existing }] = await rowsOf<{ n: number }>(db, sql`select count(*)::int as n from sale_item`);
    if (existing < lines) {
      const start = performance.now();
      await generate(db, lines, today);
      console.log(
        `report bench (${label}): generated ${lines.toLocaleString("en")} sale lines in ${round1((performance.now() - start) / 1000)} s`,
      );
    }
    await db.execute(sql`vacuum analyze`);
    const [counts] = await rowsOf<{ sales: number; lines: number; ledger: number; returns: number }>(
      db,
      sql`select (select count(*)::int from sale) as sales, (select count(*)::int from sale_item) as lines,
        (select count(*)::int from ledger_entry) as ledger, (select count(*)::int from sale_return) as returns`,
    );
    console.log(`report bench (${label}): ${JSON.stringify(counts)}`);
    // Generate (or check) the data set only: a 1M-line PGlite set takes long, timings come in later runs.
    if (process.env.BENCH_REPORT_GENERATE_ONLY === "1") return results;
    const [branch] = await rowsOf<{ id: number }>(db, sql`select min(id) as id from branch`);
    await branchManager(db, branch.id);
    const address = await app.listen({ host: "127.0.0.1", port: 0 });
    const login = async (username: string) => {
      const res = await fetch(`${address}/api/login/`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ username, password: username }),
      });
      return ((await res.json()) as { token: string }).token;
    };
    const admin = await login("admin");
    const manager = await login(MANAGER);
    const get = async (target: string, token: string) => {
      const res = await fetch(`${address}${target}`, { headers: { authorization: `Bearer ${token}`, "accept-encoding": "br, gzip" } });
      const body = await res.text();
      if (res.status !== 200) throw new Error(`${target}: ${res.status} ${body.slice(0, 300)}`);
      return body;
    };

    const yearStart = iso(addDays(today, -364));
    const monthStart = iso(startOfMonth(today));
    const todayIso = iso(today);
    const [pick] = await rowsOf<{ item: number; customer: number; usd: number }>(
      db,
      sql`select (select item_id from sale_item order by id desc limit 1) as item,
        (select customer_id from sale order by id desc limit 1) as customer,
        (select id from currency where code = 'USD') as usd`,
    );
    const year = `start_date=${yearStart}&end_date=${todayIso}`;
    const profit: Timed[] = ["day", "month", "branch", "item_group", "item"].map((group) => ({
      name: `profit by ${group} over the year`,
      url: `/api/report/profit/?${year}&group_by=${group}`,
      token: admin,
    }));
    const detail = "/api/report/sale-detail/?page_size=50";
    const month = `start_date=${monthStart}&end_date=${todayIso}`;
    const pages: Timed[] = [
      {
        name: "sale detail, this month, newest first (the screen's default)",
        url: `${detail}&${month}&ordering=-input_date`,
        token: admin,
        withTotals: true,
      },
      { name: "sale detail, the year, newest first", url: `${detail}&${year}&ordering=-input_date`, token: admin, withTotals: true },
      {
        name: "sale detail, the year, one item",
        url: `${detail}&${year}&item=${pick.item}&ordering=-input_date`,
        token: admin,
        withTotals: true,
      },
      {
        name: "sale detail, the year, one customer",
        url: `${detail}&${year}&customer=${pick.customer}&ordering=-input_date`,
        token: admin,
        withTotals: true,
      },
      {
        name: "sale detail, this month, one branch in USD",
        url: `${detail}&${month}&branch=${branch.id}&currency=${pick.usd}&ordering=-input_date`,
        token: admin,
        withTotals: true,
      },
      {
        name: "sale detail, this month, page 5 by profit",
        url: `${detail}&${month}&ordering=-profit&page=5`,
        token: admin,
        withTotals: true,
      },
    ];
    const dashboards: Timed[] = [
      { name: "dashboard, superuser (both branches)", url: "/api/dashboard/", token: admin },
      { name: "dashboard, one-branch manager", url: "/api/dashboard/", token: manager },
    ];
    const totalsUrl = (target: string) => target.replace("/?", "/totals/?");
    const once = async (q: Timed) => {
      const start = performance.now();
      if (q.withTotals) await Promise.all([get(q.url, q.token), get(totalsUrl(q.url), q.token)]);
      else await get(q.url, q.token);
      return performance.now() - start;
    };
    const measure = async (queries: Timed[], runs: number) => {
      const times = new Map<string, number[]>(queries.map((q) => [q.name, []]));
      for (const q of queries) console.log(`  ${label} ${q.name}: ${round1(await once(q))} ms cold`);
      for (let r = 0; r < runs; r += 1) for (const q of queries) times.get(q.name)!.push(await once(q));
      return times;
    };
    const describe = (times: Map<string, number[]>) =>
      [...times].map(([name, t]) => `${name}: p50 ${round1(percentile(t, 50))} / p95 ${round1(percentile(t, 95))} ms`).join("; ");
    const worst = (times: Map<string, number[]>, p: number) => Math.max(...[...times.values()].map((t) => percentile(t, p)));
    const data = `${counts.lines.toLocaleString("en")} sale lines in ${counts.sales.toLocaleString("en")} sales, ${counts.returns.toLocaleString("en")} returns, ${counts.ledger.toLocaleString("en")} ledger rows`;
    const load = `load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")}`;

    const parts = (process.env.BENCH_REPORT_PARTS ?? "profit,detail,dashboard").split(",").map((p) => p.trim());
    const profitTimes = parts.includes("profit") ? await measure(profit, rounds) : undefined;
    const byDay = profitTimes?.get(profit[0].name);
    if (profitTimes && byDay)
      results.push({
        name: `profit by day over a year (${label})`,
        value: round1(percentile(byDay, 95)),
        unit: "ms p95",
        budget: "< 1 s",
        detail: `${data}; ${rounds} runs each, one at a time, over HTTP; ${describe(profitTimes)}; ${load}`,
      });
    const pageTimes = parts.includes("detail") ? await measure(pages, rounds * 3) : undefined;
    if (pageTimes)
      results.push({
        name: `sale detail page of 50 with its totals/ (${label})`,
        value: round1(worst(pageTimes, 95)),
        unit: "ms p95 (worst filter)",
        budget: "p95 < 100 ms",
        detail: `page and totals/ asked together as the screen asks them, ${rounds * 3} runs each; ${describe(pageTimes)}; ${load}`,
      });
    const dashboardTimes = parts.includes("dashboard") ? await measure(dashboards, rounds * 3) : undefined;
    if (dashboardTimes)
      results.push({
        name: `dashboard (${label})`,
        value: round1(worst(dashboardTimes, 95)),
        unit: "ms p95 (worst user)",
        budget: "< 300 ms",
        detail: `${rounds * 3} runs each; ${describe(dashboardTimes)}; ${load}`,
      });
  } finally {
    await app.close();
    await database.close();
    if (dataDir && !keptDir) rmSync(dataDir, { recursive: true, force: true });
  }
  return results;
}

export async function runReportBench(): Promise<BenchResult[]> {
  const lines = Number(process.env.BENCH_SALE_LINES ?? 1_000_000);
  const rounds = Number(process.env.BENCH_REPORT_ROUNDS ?? 20);
  const engines = (process.env.BENCH_REPORT_ENGINES ?? (process.env.BENCH_DATABASE_URL ? "pglite,postgres" : "pglite"))
    .split(",")
    .map((e) => e.trim()) as ("pglite" | "postgres")[];
  const results: BenchResult[] = [];
  for (const engine of engines) results.push(...(await benchEngine(engine, lines, rounds)));
  return results;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const r of await runReportBench()) console.log(`${r.name}: ${r.value} ${r.unit}\n  ${r.detail}`);
}
