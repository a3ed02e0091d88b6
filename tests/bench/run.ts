import { writeFileSync } from "node:fs";
import { existsSync } from "node:fs";
import { runBrowserBench } from "./browser-bench";
import { runDocumentsBench } from "./documents-bench";
import { runItemListBench } from "./item-list-bench";
import { runServerBench, type BenchResult } from "./server-bench";
import { runSalesListBench } from "./sales-list-bench";
import { runSaleBenches } from "./sale-benches";

/**
 * `npm run bench`: runs the benchmarks and rewrites BENCHMARKS.md with the figures.
 * BENCH_SALE_DEVICE=1 adds the cashier's tablet (sale-benches.ts, 15 to 20 minutes here): scan to line on
 * the sale screen with 100k items cached, and the replay of 1,000 sales queued offline. It serves
 * WEB_ROOT when set, else dist/web; BENCH_SCANS and BENCH_SALES change the counts; BENCH_SCAN_PROFILE=<file>
 * writes a CPU profile of the page during the scans, BENCH_SCAN_TRACE=<file> a performance trace (style,
 * layout, compositing and script per event; tests/bench/trace-summary.ts sums it).
 * BENCH_ONLY=list runs only the list benchmarks (the item list, and the sales list with BENCH_SALES_LIST=1)
 * and prints them, leaving BENCHMARKS.md as it is (`npx tsx tests/bench/run.ts` skips the build).
 */
const items = Number(process.env.BENCH_ITEMS ?? 100_000);
if (process.env.BENCH_ONLY === "list") {
  const listResults = await runItemListBench(items);
  if (process.env.BENCH_SALES_LIST === "1") listResults.push(...(await runSalesListBench()));
  for (const r of listResults) console.log(`| ${r.name} | ${r.value} ${r.unit} | ${r.budget ?? ""} | ${r.detail ?? ""} |`);
  process.exit(0);
}
const results: BenchResult[] = await runServerBench(items);
results.push(...(await runItemListBench(items)));
// 1M sales take minutes to generate: only on demand, on PostgreSQL (BENCH_DATABASE_URL).
if (process.env.BENCH_SALES_LIST === "1") results.push(...(await runSalesListBench()));
results.push(...(await runDocumentsBench()));
if (existsSync(new URL("../../dist/web/index.html", import.meta.url))) results.push(...(await runBrowserBench(items)));
else console.warn("dist/web is missing: run `npm run build` for the browser benchmarks");
if (process.env.BENCH_SALE_DEVICE === "1") results.push(...(await runSaleBenches(items)));

const lines = [
  "# Benchmarks",
  "",
  `Measured by \`npm run bench\` on ${new Date().toISOString().slice(0, 10)}, Node ${process.version}, ${process.platform}.`,
  "Figures from a shared 2-core machine: compare runs on one machine, not across machines.",
  "",
  "| benchmark | result | budget | detail |",
  "| --- | --- | --- | --- |",
  ...results.map((r) => `| ${r.name} | ${r.value} ${r.unit} | ${r.budget ?? ""} | ${r.detail ?? ""} |`),
  "",
];
writeFileSync(new URL("../../BENCHMARKS.md", import.meta.url), lines.join("\n"));
console.log(lines.join("\n"));
