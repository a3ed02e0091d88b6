import { execFileSync } from "node:child_process";
import { loadavg } from "node:os";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import { buildApp } from "../../src/server/app";
import { openDatabase, queryRows, type Db, type Executor } from "../../src/server/db/client";
import { seedIfEmpty } from "../../src/server/seed/seed";
import { wipePostgres } from "../api/support/test-app";
import type { BenchResult } from "./server-bench";

/**
 * DESIGN section 6: "an account statement of a party with 100k of 1M ledger rows (one page,
 * opening balance): p95 under 100 ms; the cashbox list with balances over 1M ledger rows under 100 ms".
 * The ledger rows are generated in SQL (generate_series) as the postings of src/core/posting.ts and
 * accounting-posting.ts shape them (a sale: customer / revenue, cashbox / customer, cost_of_goods /
 * inventory; a purchase, a payment, a receipt, an expense, an income), over the demo's branches and
 * cashboxes and BENCH_CUSTOMERS customers and BENCH_SUPPLIERS suppliers; one customer holds a tenth of
 * the rows (100k of 1M) and one supplier a twenty-fifth. Then the statements, the cashbox list and the
 * dashboard are timed through the real app (buildApp + inject, signed in as the demo admin), on PGlite
 * and on PostgreSQL.
 *
 *   BENCH_ONLY=accounting npx tsx tests/bench/run.ts
 *   BENCH_LEDGER_ROWS=1000000   ledger rows (default 1M; 100000 for a quick check)
 *   BENCH_ACCOUNTING_ROUNDS=30  timed rounds of every request
 *   BENCH_ACCOUNTING_ENGINES=pglite,postgres   which engines (default both)
 *   BENCH_DATABASE_URL=postgres://...          PostgreSQL to use (wiped); else a throwaway cluster is
 *                                               started as scripts/pg-test-cluster.sh does, and removed
 *   BENCH_EXPLAIN=1             print EXPLAIN ANALYZE of the statement and balance reads
 */
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};
const round1 = (n: number) => Math.round(n * 10) / 10;

const FIRST_DAY = "2023-01-01";
const DAYS = 3 * 365;
const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 3_000);
const SUPPLIERS = Number(process.env.BENCH_SUPPLIERS ?? 500);
const PAGE_SIZE = 50;

/**
 * Postings of two lines each (a transfer of posting.ts), 10 kinds by g % 10. Kinds 0-3 and 7 touch a
 * customer (a quarter of the rows on customer accounts, two fifths of those on the hot customer: a tenth of all),
 * 5 and 6 a supplier (two fifths of those on the hot supplier), 2, 3 and 6 to 9 a cashbox (the branch's
 * cashbox of the posting's currency). One posting in five, never the hot ones, is in USD.
 */
export async function bulkLedger(db: Db, rows: number) {
  await db.execute(sql`
    insert into customer (name, phone, branch_id, city_id)
    select 'Bench customer ' || g, '+964 750 ' || lpad(g::text, 7, '0'),
           (select id from branch order by id offset (g % (select count(*) from branch)) limit 1), (select min(id) from city)
    from generate_series(1, ${CUSTOMERS}) g`);
  await db.execute(sql`insert into supplier (name) select 'Bench supplier ' || g from generate_series(1, ${SUPPLIERS}) g`);
  await db.execute(sql`
    insert into supplier_branch (supplier_id, branch_id)
    select s.id, b.id from supplier s cross join branch b where s.name like 'Bench supplier %'`);
  const pairs = Math.floor(rows / 2);
  await withoutLedgerIndexes(db, (tx) => insertPairs(tx, pairs));
}

/**
 * Runs the bulk insert as a restore would: without the ledger's secondary indexes (built again after,
 * each in one pass, from their own definitions) and without per-row foreign key checks (the ids are
 * the demo's own), so a million rows load in a minute or two instead of many.
 */
async function withoutLedgerIndexes(db: Db, load: (tx: Executor) => Promise<void>) {
  const indexes = await queryRows<{ name: string; def: string }>(
    db,
    sql`select indexname as name, indexdef as def from pg_indexes where tablename = 'ledger_entry' and indexname <> 'ledger_entry_pkey'`,
  );
  await db.transaction(async (tx) => {
    for (const index of indexes) await tx.execute(sql.raw(`drop index "${index.name}"`));
    await tx.execute(sql`set local session_replication_role = replica`);
    await load(tx);
    await tx.execute(sql`set local session_replication_role = origin`);
    // The load bypassed the ledger's triggers, so the day totals (ledger-day-totals.ts, statement-day-totals.ts) are rebuilt from the
    // ledger by the next request that reads them.
    await tx.execute(sql`delete from ledger_day_total`);
    await tx.execute(sql`update ledger_day_total_state set covered_through = null`);
    await tx.execute(sql`delete from ledger_account_day_total`);
    await tx.execute(sql`update ledger_account_day_total_state set covered_through = null`);
    for (const index of indexes) await tx.execute(sql.raw(index.def));
  });
}

async function insertPairs(db: Executor, pairs: number) {
  await db.execute(sql`
    insert into ledger_entry (branch_id, account_type, account_id, currency_id, debit, credit, exchange_rate,
                              document_type, document_id, entry_date, memo, created_by)
    with cu as (select (select id from currency where code = 'IQD') iqd, (select id from currency where code = 'USD') usd),
         bc as (select array_agg(id order by id) ids, count(*)::int n from customer where name like 'Bench customer %'),
         bs as (select array_agg(id order by id) ids, count(*)::int n from supplier where name like 'Bench supplier %'),
         boxes as (select branch_id, currency_id, min(id) id from cashbox where deleted_at is null group by branch_id, currency_id),
         u as (select min(id) id from app_user),
         p as (
           select g, g % 10 as k,
                  case when (g / 10) % 5 in (0, 2) then bc.ids[1] else bc.ids[1 + (hashint4(g) & 2147483647) % bc.n] end as cust,
                  case when (g / 10) % 5 in (0, 2) then bs.ids[1] else bs.ids[1 + (hashint4(g + 1) & 2147483647) % bs.n] end as sup,
                  case when (g / 10) % 5 = 1 then cu.usd else cu.iqd end as cur,
                  case when (g / 10) % 5 = 1 then 1320 else 1 end as rate,
                  (1000 + (g::bigint * 7919) % 250000)::numeric(18, 2) as amount,
                  (${FIRST_DAY}::date + ((g::bigint * ${DAYS}) / ${pairs})::int) as day
           from generate_series(1, ${pairs}) g, cu, bc, bs),
         q as (
           select p.*, c.branch_id as br, boxes.id as box,
                  case when p.k in (0, 1, 2, 3, 4) then 'sale' when p.k = 5 then 'purchase' when p.k = 6 then 'payment'
                       when p.k = 7 then 'receipt' when p.k = 8 then 'expense' else 'income' end as doc
           from p join customer c on c.id = p.cust join boxes on boxes.branch_id = c.branch_id and boxes.currency_id = p.cur)
    select q.br, l.account_type, l.account_id, q.cur, l.debit, l.credit, q.rate, q.doc, 10000000 + q.g, q.day, '', u.id
    from q, u, lateral (values
      -- the debit line, then the credit line, of the kind's transfer
      (case q.k when 0 then 'customer' when 1 then 'customer' when 2 then 'cashbox' when 3 then 'cashbox' when 4 then 'cost_of_goods'
                when 5 then 'inventory' when 6 then 'supplier' when 7 then 'cashbox' when 8 then 'expense' else 'cashbox' end,
       case when q.k in (0, 1) then q.cust when q.k in (2, 3, 7, 9) then q.box when q.k = 6 then q.sup when q.k = 8 then 1 end,
       q.amount, 0::numeric(18, 2)),
      (case q.k when 0 then 'revenue' when 1 then 'revenue' when 2 then 'customer' when 3 then 'customer' when 4 then 'inventory'
                when 5 then 'supplier' when 6 then 'cashbox' when 7 then 'customer' when 8 then 'cashbox' else 'income' end,
       case when q.k in (2, 3, 7) then q.cust when q.k = 5 then q.sup when q.k in (6, 8) then q.box when q.k = 9 then 1 end,
       0::numeric(18, 2), q.amount)
    ) as l(account_type, account_id, debit, credit)`);
}

interface Engine {
  name: "PGlite" | "PostgreSQL";
  url: string | undefined;
}

/** A throwaway PostgreSQL (scripts/pg-test-cluster.sh in a folder of this bench's own), stopped afterwards. */
export function throwawayPostgres(): { url: string; stop: () => void } {
  const script = fileURLToPath(new URL("../../scripts/pg-test-cluster.sh", import.meta.url));
  const env = { ...process.env, PGTEST_DIR: "/tmp/bench-accounting-pg", PGTEST_PORT: "55470", PGTEST_DB: "bench_accounting" };
  const out = execFileSync(script, ["start"], { env, encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] });
  const url = /TEST_DATABASE_URL=(\S+)/.exec(out)?.[1];
  if (!url) throw new Error(`pg-test-cluster.sh answered no URL: ${out}`);
  return { url, stop: () => void execFileSync(script, ["stop"], { env, stdio: "inherit" }) };
}

async function explain(db: Db, label: string, query: ReturnType<typeof sql>) {
  const plan = await queryRows<Record<string, string>>(db, sql`explain (analyze, buffers) ${query}`);
  console.log(`--- ${label}\n${plan.map((r) => Object.values(r)[0]).join("\n")}`);
}

async function benchEngine(engine: Engine, rows: number, rounds: number): Promise<BenchResult[]> {
  if (engine.url) await wipePostgres(engine.url);
  const database = await openDatabase({ url: engine.url, dataDir: "memory://" });
  await database.migrateAndRun(async (db) => void (await seedIfEmpty(db, { demo: true })));
  const app = await buildApp({ db: database.db });
  const db = database.db;
  try {
    const loadStart = performance.now();
    await bulkLedger(db, rows);
    // Autovacuum would do this on a live server: the visibility map lets the balance reads stay in the index.
    await db.execute(sql`vacuum analyze`);
    const total = (await queryRows<{ n: number }>(db, sql`select count(*)::int as n from ledger_entry`))[0].n;
    console.log(
      `accounting bench (${engine.name}): ${total.toLocaleString("en")} ledger rows in ${round1((performance.now() - loadStart) / 1000)} s`,
    );

    const one = async (query: ReturnType<typeof sql>) => (await queryRows<{ id: number }>(db, query))[0].id;
    const iqd = await one(sql`select id from currency where code = 'IQD'`);
    const customer = await one(sql`select id from customer where name = 'Bench customer 1'`);
    const supplier = await one(sql`select id from supplier where name = 'Bench supplier 1'`);
    const customerRows = await one(
      sql`select count(*)::int as id from ledger_entry where account_type = 'customer' and account_id = ${customer} and currency_id = ${iqd}`,
    );

    const login = await app.inject({ method: "POST", url: "/api/login/", payload: { username: "admin", password: "admin" } });
    const headers = { authorization: `Bearer ${login.json<{ token: string }>().token}` };
    const get = async (target: string) => {
      const start = performance.now();
      const res = await app.inject({ method: "GET", url: target, headers });
      const elapsed = performance.now() - start;
      if (res.statusCode !== 200) throw new Error(`${target}: ${res.statusCode} ${res.body.slice(0, 300)}`);
      return { elapsed, body: res.json<Record<string, unknown>>() };
    };

    const customerBase = `/api/accounting/statement/customer/?customer=${customer}&currency=${iqd}&page_size=${PAGE_SIZE}`;
    const supplierBase = `/api/accounting/statement/supplier/?supplier=${supplier}&currency=${iqd}&page_size=${PAGE_SIZE}`;
    const pagesOf = async (base: string) => (await get(base)).body.pages as number;
    const customerPages = await pagesOf(customerBase);
    const supplierPages = await pagesOf(supplierBase);
    const lastYear = `&start_date=2025-01-01&end_date=2025-12-31`;
    const yearPages = await pagesOf(customerBase + lastYear);
    const queries: [string, string][] = [
      ["customer statement, first page", `${customerBase}&page=1`],
      ["customer statement, middle page", `${customerBase}&page=${Math.ceil(customerPages / 2)}`],
      ["customer statement, last page", `${customerBase}&page=${customerPages}`],
      ["customer statement, 2025, last page (opening before the range)", `${customerBase}${lastYear}&page=${yearPages}`],
      [
        "customer statement, one month whole (the screen's default range)",
        customerBase.replace(`&page_size=${PAGE_SIZE}`, "") + "&start_date=2025-06-01&end_date=2025-06-30",
      ],
      ["supplier statement, last page", `${supplierBase}&page=${supplierPages}`],
      ["cashbox list with balances", "/api/accounting/cashbox/?page_size=50"],
      ["dashboard (cashbox and party balance cards)", "/api/dashboard/"],
    ];
    for (const [name, target] of queries) {
      const { elapsed, body } = await get(target);
      const shape = Array.isArray(body.rows)
        ? `${(body.rows as unknown[]).length} rows, opening ${String(body.opening_balance)}`
        : Array.isArray(body.results)
          ? `${(body.results as unknown[]).length} cashboxes`
          : "answered";
      console.log(`  ${name}: ${shape} (${round1(elapsed)} ms cold)`);
    }
    if (process.env.BENCH_EXPLAIN === "1") {
      const account = sql`le.account_type = 'customer' and le.account_id = ${customer} and le.currency_id = ${iqd}`;
      await explain(db, "statement summary", sql`select count(*), sum(le.debit - le.credit) from ledger_entry le where ${account}`);
      await explain(
        db,
        "statement page (middle)",
        sql`select le.id from ledger_entry le where ${account} order by le.entry_date, le.id offset ${Math.floor(customerRows / 2)} limit ${PAGE_SIZE}`,
      );
      await explain(
        db,
        "cashbox balances",
        sql`select cb.id, (select sum(le.debit - le.credit) from ledger_entry le where le.account_type = 'cashbox'
              and le.account_id = cb.id and le.currency_id = cb.currency_id) from cashbox cb`,
      );
      await explain(
        db,
        "customer balances of the branches (dashboard)",
        sql`select le.currency_id, sum(le.debit - le.credit) from ledger_entry le where le.account_type = 'customer' group by le.currency_id`,
      );
    }

    const perQuery = new Map<string, number[]>(queries.map(([name]) => [name, []]));
    for (let r = 0; r < rounds; r += 1) {
      for (const [name, target] of queries) perQuery.get(name)?.push((await get(target)).elapsed);
    }
    const load = loadavg()
      .map((l) => l.toFixed(2))
      .join(" ");
    const scale = `${customerRows.toLocaleString("en")} of ${total.toLocaleString("en")} ledger rows`;
    const row = (name: string, budget: string, extra = ""): BenchResult => {
      const times = perQuery.get(name) ?? [];
      return {
        name: `${name}, ${scale} (${engine.name})`,
        value: round1(percentile(times, 95)),
        unit: "ms p95",
        budget,
        detail: `median ${round1(percentile(times, 50))} ms over ${times.length} requests${extra}; load average ${load}`,
      };
    };
    const statementBudget = "p95 < 100 ms (DESIGN section 6)";
    return [
      row("customer statement, first page", statementBudget, `; page of ${PAGE_SIZE}`),
      row("customer statement, middle page", statementBudget, `; page ${Math.ceil(customerPages / 2)} of ${customerPages}`),
      row("customer statement, last page", statementBudget, `; page ${customerPages}, the newest rows`),
      row("customer statement, 2025, last page (opening before the range)", statementBudget),
      row("customer statement, one month whole (the screen's default range)", statementBudget),
      row("supplier statement, last page", statementBudget, `; page ${supplierPages}`),
      row("cashbox list with balances", "< 100 ms (DESIGN section 6)"),
      row("dashboard (cashbox and party balance cards)", ""),
    ];
  } finally {
    await app.close();
    await database.close();
  }
}

export async function runAccountingBench(): Promise<BenchResult[]> {
  const rows = Number(process.env.BENCH_LEDGER_ROWS ?? 1_000_000);
  const rounds = Number(process.env.BENCH_ACCOUNTING_ROUNDS ?? 30);
  const engines = (process.env.BENCH_ACCOUNTING_ENGINES ?? "pglite,postgres").split(",");
  const results: BenchResult[] = [];
  if (engines.includes("pglite")) results.push(...(await benchEngine({ name: "PGlite", url: undefined }, rows, rounds)));
  if (engines.includes("postgres")) {
    const given = process.env.BENCH_DATABASE_URL;
    const cluster = given ? null : throwawayPostgres();
    try {
      results.push(...(await benchEngine({ name: "PostgreSQL", url: given ?? cluster?.url }, rows, rounds)));
    } finally {
      cluster?.stop();
    }
  }
  return results;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const r of await runAccountingBench()) console.log(`${r.name}: ${r.value} ${r.unit}\n  ${r.detail}`);
}
