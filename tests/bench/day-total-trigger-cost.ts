import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { seedIfEmpty } from "../../src/server/seed/seed";
import { ENGINES, salesPerSecond } from "./embedded-default-bench";

/**
 * What the statements' day totals (migration 0042: statement-level triggers on ledger_entry) cost sale
 * creation: sales per second through the real app on the embedded PostgreSQL of the demo business, with
 * the triggers and with them disabled, in turns (with, without, with, without), one client.
 *
 *   npx tsx tests/bench/day-total-trigger-cost.ts     BENCH_SECONDS=15 per turn, BENCH_TURNS=2 pairs
 */
const TURNS = Number(process.env.BENCH_TURNS ?? 2);
const engine = ENGINES.find((e) => e.name.startsWith("embedded PostgreSQL"))!;
const dir = mkdtempSync(join(tmpdir(), "bench-day-trigger-"));
const opened = await engine.open(dir);
try {
  const { database } = opened;
  await database.migrateAndRun(async (db) => void (await seedIfEmpty(db, { demo: true })));
  const set = (on: boolean) =>
    Promise.all(
      ["insert", "update_old", "update_new", "delete"].map((t) =>
        database.db.execute(sql.raw(`alter table ledger_entry ${on ? "enable" : "disable"} trigger ledger_account_day_${t}`)),
      ),
    );
  const pairs: { with: number; without: number }[] = [];
  for (let turn = 0; turn < TURNS; turn += 1) {
    await set(true);
    const withTrigger = await salesPerSecond(database, 1);
    await set(false);
    const without = await salesPerSecond(database, 1);
    await set(true);
    pairs.push({ with: withTrigger.rate, without: without.rate });
    console.log(
      `turn ${turn + 1}: ${withTrigger.rate.toFixed(1)} sales/s with the day-total triggers, ${without.rate.toFixed(1)} without ` +
        `(ratio ${(withTrigger.rate / without.rate).toFixed(2)}; refused ${withTrigger.refused}/${without.refused}); load ${loadavg()
          .map((l) => l.toFixed(1))
          .join(" ")}`,
    );
  }
  const sum = (k: "with" | "without") => pairs.reduce((s, p) => s + p[k], 0) / pairs.length;
  console.log(
    `mean: ${sum("with").toFixed(1)} with, ${sum("without").toFixed(1)} without, ratio ${(sum("with") / sum("without")).toFixed(2)}`,
  );
} finally {
  await opened.stop();
  rmSync(dir, { recursive: true, force: true });
}
