import { addDays, format } from "date-fns";
import { sql } from "drizzle-orm";
import { ISO_DATE } from "../../src/core/dates";
import { openDatabase, queryRows } from "../../src/server/db/client";
import type { AuthContext } from "../../src/server/http/access";
import * as repo from "../../src/server/modules/report/dashboard.repository";
import { dashboard, salesDates } from "../../src/server/modules/report/dashboard.service";
import { coverLedgerDaysThrough } from "../../src/server/modules/report/ledger-day-totals";
import { salePremiumReport } from "../../src/server/modules/report/sale-premium-report.service";

/**
 * Where the dashboard's time goes: each card's query alone, then the whole dashboard, for the
 * superuser (every branch) and a one-branch manager, on the database of a report bench run
 * (BENCH_DATABASE_URL, or the PGlite data in BENCH_REPORT_DIR). Migrates it first.
 *
 *   BENCH_REPORT_DIR=/tmp/bench-reports-pglite npx tsx tests/bench/dashboard-profile.ts
 */
const runs = Number(process.env.BENCH_PROFILE_RUNS ?? 10);
const database = await openDatabase({ url: process.env.BENCH_DATABASE_URL, dataDir: process.env.BENCH_REPORT_DIR });
await database.migrateAndRun(async () => undefined);
const db = database.db;
const iso = (d: Date) => format(d, ISO_DATE);
const today = iso(new Date());
const branches = (await queryRows<{ id: number }>(db, sql`select id from branch order by id`)).map((b) => b.id);
const auth = (branchIds: number[]): AuthContext => ({ userId: 1, tokenId: 0, isSuperuser: true, permissions: [], branchIds });
const p95 = (t: number[]) => [...t].sort((a, b) => a - b)[Math.min(t.length - 1, Math.floor(0.95 * t.length))];
async function time(name: string, run: () => Promise<unknown>) {
  const t: number[] = [];
  for (let i = 0; i <= runs; i += 1) {
    const start = performance.now();
    await run();
    if (i > 0) t.push(performance.now() - start);
  }
  console.log(
    `${name}: p50 ${p95(
      t.map((x) => x) &&
        t
          .slice()
          .sort((a, b) => a - b)
          .slice(0, Math.ceil(t.length / 2)),
    ).toFixed(1)} / p95 ${p95(t).toFixed(1)} ms`,
  );
}
const start = performance.now();
const covered = await coverLedgerDaysThrough(db, iso(addDays(new Date(), -1)));
console.log(`cover days through ${covered}: ${(performance.now() - start).toFixed(0)} ms`);
for (const ids of [branches, branches.slice(0, 1)]) {
  const label = ids.length > 1 ? "all branches" : "one branch";
  const chartFrom = iso(addDays(new Date(), -29));
  const d = salesDates(today);
  await time(`${label} salesDays`, () => repo.salesDays(db, ids, d.lastMonthStart < chartFrom ? d.lastMonthStart : chartFrom, today));
  await time(`${label} topItems`, () => repo.topItems(db, ids, chartFrom, today));
  await time(`${label} cashboxes`, () => repo.cashboxBalances(db, ids, covered));
  await time(`${label} customers owe`, () => repo.partyBalances(db, "customer", ids, covered));
  await time(`${label} suppliers owed`, () => repo.partyBalances(db, "supplier", ids, covered));
  await time(`${label} installments`, () => salePremiumReport(db, auth(ids), "due", { branch: ids.join(",") }, today));
  await time(`${label} min quantity`, () => repo.minQuantityCount(db, ids, auth(ids)));
  await time(`${label} expiring`, () => repo.expiringFigures(db, ids, auth(ids), 30));
  await time(`${label} DASHBOARD`, () => dashboard(db, auth(ids), ids, today));
}
await database.close();
