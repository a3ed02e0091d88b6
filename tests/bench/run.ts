import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { runAccountingBench } from "./accounting-bench";
import { runStatementsBench } from "./statements-bench";
import { runBrowserBench } from "./browser-bench";
import { runDocumentsBench } from "./documents-bench";
import { runEmbeddedDefaultBench } from "./embedded-default-bench";
import { runEmbeddedListsBench } from "./embedded-lists-bench";
import { runItemListBench } from "./item-list-bench";
import { runLighthouseBench } from "./lighthouse-bench";
import { runNetworkBench } from "./network-bench";
import { runServerBench, type BenchResult } from "./server-bench";
import { runSalesListBench } from "./sales-list-bench";
import { runSaleBenches } from "./sale-benches";
import { runReportBench } from "./report-bench";
import { describeMachine, probeMachine } from "./machine-probe";

/**
 * `npm run bench`: runs the benchmarks and rewrites BENCHMARKS.md with the figures.
 * BENCH_SALE_DEVICE=1 adds the cashier's tablet (sale-benches.ts, 15 to 20 minutes here): scan to line on
 * the sale screen with 100k items cached, and the replay of 1,000 sales queued offline. It serves
 * WEB_ROOT when set, else dist/web; BENCH_SCANS and BENCH_SALES change the counts; BENCH_SCAN_PROFILE=<file>
 * writes a CPU profile of the page during the scans, BENCH_SCAN_TRACE=<file> a performance trace (style,
 * layout, compositing and script per event; tests/bench/trace-summary.ts sums it).
 * BENCH_ONLY=list runs only the list benchmarks (the item list, and the sales list with BENCH_SALES_LIST=1),
 * each on PGlite and, with BENCH_DATABASE_URL, on PostgreSQL after it, and prints them, leaving BENCHMARKS.md as it is (`npx tsx tests/bench/run.ts` skips the build).
 * BENCH_ONLY=network runs only the network benchmark (network-bench.ts: install, first load, first
 * load cut off for 30 s, sync row formats, replay of BENCH_SALES queued sales, over an emulated good and poor
 * branch link; 15 to 25 minutes with 100k items here) and prints it, leaving BENCHMARKS.md as it is;
 * BENCH_NETWORK=1 adds it to `npm run bench`. It serves WEB_ROOT when set, else dist/web (build it first);
 * BENCH_NETWORK_CUT_MS changes how long the load is cut off (30,000 ms).
 * BENCH_ONLY=reports runs only the reports benchmark (report-bench.ts: profit, sale detail and the
 * dashboard over a year of BENCH_SALE_LINES sale lines, 1M by default, on PGlite and, with BENCH_DATABASE_URL,
 * PostgreSQL) and prints it, leaving BENCHMARKS.md as it is; BENCH_REPORTS=1 adds it to `npm run bench`.
 * BENCH_ONLY=accounting runs only the accounting benchmark (accounting-bench.ts: statements of a
 * party with 100k of 1M ledger rows, the cashbox list and the dashboard's balances, on PGlite and on a
 * throwaway PostgreSQL; BENCH_LEDGER_ROWS changes the 1M) and prints it, leaving BENCHMARKS.md as it is;
 * BENCH_ACCOUNTING=1 adds it to `npm run bench`.
 * BENCH_ONLY=statements runs only the financial statements benchmark (statements-bench.ts: trial balance, profit and
 * loss, balance sheet and general ledger pages over 2M ledger rows, on PGlite and on a throwaway PostgreSQL) and prints it.
 * BENCH_ONLY=embedded runs the embedded default before and after side by side (embedded-default-bench.ts: PGlite on
 * files against the PostgreSQL server the product starts itself; starts on an empty and a full folder, sales by one
 * client and four) and prints it, leaving BENCHMARKS.md as it is. BENCH_ONLY=embedded-lists does the same for the sale
 * list over 1M sales and the server side of the first load of 100k items (embedded-lists-bench.ts).
 * BENCH_ONLY=counter runs only the counter (counter-bench.ts, on the tablet of sale-benches.ts, 15 to 25 minutes
 * here for the first load): scan to line, Pay to receipt on screen and a parked sale back, with 100k items cached.
 * BENCH_ONLY=import runs only the import of 100k items from a CSV (import-bench.ts: preview, commit, again).
 * BENCH_ONLY=lighthouse runs only Lighthouse (lighthouse-bench.ts: the sign-in page and the signed-in
 * dashboard, mobile preset, 3 runs each, median) on WEB_ROOT (else dist/web; build it first) and prints it.
 */
const items = Number(process.env.BENCH_ITEMS ?? 100_000);
const machine = describeMachine(probeMachine());
console.log(`this machine: ${machine}`);
/** Issue 16: the item list, and the 1M sales list on demand (minutes to generate), on each engine. */
async function runListBenches(): Promise<BenchResult[]> {
  const rows: BenchResult[] = [];
  const pg = process.env.BENCH_DATABASE_URL;
  for (const url of pg ? [undefined, pg] : [undefined]) {
    rows.push(...(await runItemListBench(items, url)));
    if (process.env.BENCH_SALES_LIST === "1") rows.push(...(await runSalesListBench(url)));
  }
  return rows;
}
const printRows = (rows: BenchResult[]) => {
  for (const r of rows) console.log(`| ${r.name} | ${r.value} ${r.unit} | ${r.budget ?? ""} | ${r.detail ?? ""} |`);
};
if (process.env.BENCH_ONLY === "list") {
  const listResults = await runListBenches();
  printRows(listResults);
  process.exit(0);
}
if (process.env.BENCH_ONLY === "reports") {
  printRows(await runReportBench());
  process.exit(0);
}
if (process.env.BENCH_ONLY === "accounting") {
  printRows(await runAccountingBench());
  process.exit(0);
}
if (process.env.BENCH_ONLY === "statements") {
  printRows(await runStatementsBench());
  process.exit(0);
}
if (process.env.BENCH_ONLY === "embedded") {
  printRows(await runEmbeddedDefaultBench());
  process.exit(0);
}
if (process.env.BENCH_ONLY === "embedded-lists") {
  printRows(await runEmbeddedListsBench());
  process.exit(0);
}
if (process.env.BENCH_ONLY === "lighthouse") {
  printRows(await runLighthouseBench());
  process.exit(0);
}
if (process.env.BENCH_ONLY === "import") {
  const { runImportBench } = await import("./import-bench");
  printRows(await runImportBench());
  process.exit(0);
}
if (process.env.BENCH_ONLY === "counter") {
  const { runCounterBenches } = await import("./counter-bench");
  printRows(await runCounterBenches(items));
  process.exit(0);
}
if (process.env.BENCH_ONLY === "network") {
  printRows(await runNetworkBench(items));
  process.exit(0);
}
const results: BenchResult[] = await runServerBench(items);
results.push(...(await runListBenches()));
results.push(...(await runDocumentsBench()));
if (existsSync(new URL("../../dist/web/index.html", import.meta.url))) results.push(...(await runBrowserBench(items)));
else console.warn("dist/web is missing: run `npm run build` for the browser benchmarks");
if (process.env.BENCH_SALE_DEVICE === "1") results.push(...(await runSaleBenches(items)));
if (process.env.BENCH_ACCOUNTING === "1") results.push(...(await runAccountingBench()));
if (process.env.BENCH_NETWORK === "1") results.push(...(await runNetworkBench(items)));
if (process.env.BENCH_REPORTS === "1") results.push(...(await runReportBench()));

const lines = [
  `## Last full run: ${new Date().toISOString().slice(0, 10)}`,
  "",
  `\`npm run bench\`, Node ${process.version}, ${process.platform}. The machine when the run started (tests/bench/machine-probe.ts): ${machine}.`,
  "",
  "| benchmark | result | budget | detail |",
  "| --- | --- | --- | --- |",
  ...results.map((r) => `| ${r.name} | ${r.value} ${r.unit} | ${r.budget ?? ""} | ${r.detail ?? ""} |`),
  "",
];
writeLastRun(lines.join("\n"));
console.log(lines.join("\n"));

/** The summary table at the top of BENCHMARKS.md is kept by hand (latest figure per budget); a run replaces what follows its marker. */
function writeLastRun(section: string) {
  const file = new URL("../../BENCHMARKS.md", import.meta.url);
  const marker = "<!-- last-run -->";
  const current = readFileSync(file, "utf8");
  const head = current.includes(marker) ? current.slice(0, current.indexOf(marker)) : current.trimEnd() + "\n\n";
  writeFileSync(file, `${head}${marker}\n\n${section}`);
}
