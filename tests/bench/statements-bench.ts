import { loadavg } from "node:os";
import { sql } from "drizzle-orm";
import { buildApp } from "../../src/server/app";
import { openDatabase, queryRows, type Db } from "../../src/server/db/client";
import { seedIfEmpty } from "../../src/server/seed/seed";
import { accountLines, accountLinesSummary, accountSums, type BooksQuery } from "../../src/server/modules/accounting/books.repository";
import { wipePostgres } from "../api/support/test-app";
import { bulkLedger, throwawayPostgres } from "./accounting-bench";
import type { BenchResult } from "./server-bench";

/**
 * The financial statements over a large ledger: the trial balance, the profit and loss and the balance
 * sheet, each under 1 s, and a page of the general ledger p95 under 100 ms, over 2M ledger rows (the
 * accounting bench's generated postings: sales, purchases, receipts, payments, expenses and incomes of
 * three years, a fifth in USD). Timed through the real app (buildApp + inject) on PGlite and on
 * PostgreSQL.
 *
 *   BENCH_ONLY=statements npx tsx tests/bench/run.ts
 *   BENCH_LEDGER_ROWS=2000000     ledger rows (default 2M)
 *   BENCH_STATEMENT_ROUNDS=5      timed rounds of each statement (the general ledger page: 6 times as many)
 *   BENCH_STATEMENT_ENGINES=pglite,postgres
 *   BENCH_DATABASE_URL=postgres://...   PostgreSQL to use (wiped); else a throwaway cluster
 */
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};
const round1 = (n: number) => Math.round(n * 10) / 10;

async function benchEngine(name: "PGlite" | "PostgreSQL", url: string | undefined, rows: number, rounds: number): Promise<BenchResult[]> {
  if (url) await wipePostgres(url);
  const database = await openDatabase({ url, dataDir: "memory://" });
  await database.migrateAndRun(async (db) => void (await seedIfEmpty(db, { demo: true })));
  const app = await buildApp({ db: database.db });
  const db = database.db;
  try {
    const loadStart = performance.now();
    await bulkLedger(db, rows);
    await db.execute(sql`vacuum analyze`);
    const total = (await queryRows<{ n: number }>(db, sql`select count(*)::int as n from ledger_entry`))[0].n;
    console.log(
      `statements bench (${name}): ${total.toLocaleString("en")} ledger rows in ${round1((performance.now() - loadStart) / 1000)} s`,
    );
    const [{ id: box }] = await queryRows<{ id: number }>(
      db,
      sql`select account_id as id from ledger_entry where account_type = 'cashbox' group by account_id order by count(*) desc limit 1`,
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
    const ledgerBase = `/api/accounting/general-ledger/?account=cashbox-${box}&start_date=2023-01-01&end_date=2025-12-31&page_size=100`;
    const count = (await get(ledgerBase)).body.count as number;
    const middle = Math.max(1, Math.ceil(count / 200));
    const statements: [string, string][] = [
      [
        "trial balance, 2025 (opening before it), base currency",
        "/api/accounting/trial-balance/?start_date=2025-01-01&end_date=2025-12-31",
      ],
      ["profit and loss, 2025", "/api/accounting/profit-and-loss/?start_date=2025-01-01&end_date=2025-12-31"],
      ["balance sheet at 2025-12-31", "/api/accounting/balance-sheet/?date=2025-12-31"],
    ];
    const pages: [string, string][] = [
      ["general ledger of the busiest cashbox, first page", `${ledgerBase}&page=1`],
      ["general ledger of the busiest cashbox, middle page", `${ledgerBase}&page=${middle}`],
    ];
    for (const [label, target] of [...statements, ...pages]) console.log(`  ${label}: ${round1((await get(target)).elapsed)} ms cold`);
    const times = new Map<string, number[]>();
    for (let r = 0; r < rounds; r += 1) {
      for (const [label, target] of statements) times.set(label, [...(times.get(label) ?? []), (await get(target)).elapsed]);
      for (let p = 0; p < 6; p += 1)
        for (const [label, target] of pages) times.set(label, [...(times.get(label) ?? []), (await get(target)).elapsed]);
    }
    await sameWithAndWithoutDayTotals(db, box, Math.max(0, (middle - 1) * 100));
    const load = loadavg()
      .map((l) => l.toFixed(2))
      .join(" ");
    const result = (label: string, budget: string, p: number, extra = ""): BenchResult => {
      const t = times.get(label) ?? [];
      return {
        name: `${label}, ${total.toLocaleString("en")} ledger rows (${name})`,
        value: round1(percentile(t, p)),
        unit: p === 100 ? "ms max" : `ms p${p}`,
        budget,
        detail: `median ${round1(percentile(t, 50))} ms over ${t.length} requests${extra}; load average ${load}`,
      };
    };
    return [
      ...statements.map(([label]) => result(label, "< 1 s", 100)),
      ...pages.map(([label]) => result(label, "p95 < 100 ms", 95, `; ${count.toLocaleString("en")} lines in the range`)),
    ];
  } finally {
    await app.close();
    await database.close();
  }
}

/**
 * The day totals change no figure: the sums and a middle page of the general ledger read with the totals
 * equal those read from the ledger's lines alone, and the page's running balance equals a window over
 * every line of the period (the way the page was read before the totals).
 */
async function sameWithAndWithoutDayTotals(db: Db, box: number, offset: number) {
  const [{ covered }] = await queryRows<{ covered: string | null }>(
    db,
    sql`select covered_through::text as covered from ledger_account_day_total_state`,
  );
  if (!covered) throw new Error("the statements' day totals cover no day after the timed requests");
  const branchIds = (await queryRows<{ id: number }>(db, sql`select id from branch order by id`)).map((b) => b.id);
  const [{ usd }] = await queryRows<{ usd: number }>(db, sql`select id as usd from currency where code = 'USD'`);
  const sorted = (rows: { account_type: string; account_id: number | null }[]) =>
    JSON.stringify([...rows].sort((a, b) => `${a.account_type}-${a.account_id}`.localeCompare(`${b.account_type}-${b.account_id}`)));
  const queries: BooksQuery[] = [
    { branchIds, startDate: "2025-01-01", endDate: "2025-12-31", currencyId: null },
    { branchIds, startDate: "2024-03-15", endDate: "2025-06-30", currencyId: usd },
    { branchIds: branchIds.slice(0, 1), startDate: "2025-01-01", endDate: "2025-12-31", currencyId: null, withoutClosing: true },
  ];
  for (const q of queries) {
    const [withTotals, withoutTotals] = [await accountSums(db, { ...q, coveredThrough: covered }), await accountSums(db, q)];
    if (sorted(withTotals) !== sorted(withoutTotals)) throw new Error(`the day totals changed the sums of ${JSON.stringify(q)}`);
  }
  const lineQuery = { branchIds, startDate: "2023-01-01", endDate: "2025-12-31", currencyId: null, accountType: "cashbox", accountId: box };
  const summaries = [await accountLinesSummary(db, { ...lineQuery, coveredThrough: covered }), await accountLinesSummary(db, lineQuery)];
  if (JSON.stringify(summaries[0]) !== JSON.stringify(summaries[1])) throw new Error("the day totals changed the general ledger's summary");
  const page = await accountLines(db, { ...lineQuery, coveredThrough: covered }, offset, 100);
  const windowed = await queryRows<{ id: number; running: string }>(
    db,
    sql`select id, round(running, 2)::text as running from (
          select le.id, sum(round(le.debit * le.exchange_rate, 2) - round(le.credit * le.exchange_rate, 2))
                   over (order by le.entry_date, le.id) as running
          from ledger_entry le
          where le.account_type = 'cashbox' and le.account_id = ${box} and le.entry_date between '2023-01-01' and '2025-12-31'
          order by le.entry_date, le.id offset ${offset} limit 100) w`,
  );
  const pageIds = JSON.stringify(page.map((l) => [l.id, l.running]));
  if (pageIds !== JSON.stringify(windowed.map((l) => [l.id, l.running])))
    throw new Error("the general ledger's page differs from a window over every line");
  console.log(`  the day totals change no figure (3 sums, the ledger's summary and page at offset ${offset}: the same)`);
}

export async function runStatementsBench(): Promise<BenchResult[]> {
  const rows = Number(process.env.BENCH_LEDGER_ROWS ?? 2_000_000);
  const rounds = Number(process.env.BENCH_STATEMENT_ROUNDS ?? 5);
  const engines = (process.env.BENCH_STATEMENT_ENGINES ?? "pglite,postgres").split(",");
  const results: BenchResult[] = [];
  if (engines.includes("pglite")) results.push(...(await benchEngine("PGlite", undefined, rows, rounds)));
  if (engines.includes("postgres")) {
    const given = process.env.BENCH_DATABASE_URL;
    const cluster = given ? null : throwawayPostgres();
    try {
      results.push(...(await benchEngine("PostgreSQL", given ?? cluster?.url, rows, rounds)));
    } finally {
      cluster?.stop();
    }
  }
  return results;
}
