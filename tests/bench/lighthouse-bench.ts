import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { chromium } from "playwright-core";
import { ARGS, CHROMIUM, startServer } from "./browser-bench";
import { demoAdminSession, openSignedIn } from "../e2e/support/stored-session";
import { describeMachine, probeMachine } from "./machine-probe";
import { stopOnce } from "./sale-benches";
import type { BenchResult } from "./server-bench";

/**
 * Issue 12: Lighthouse (npm, 12.x: 13 needs Node 22), mobile preset (its simulated slow 4G and 4x CPU
 * slowdown), on the sign-in page and on the dashboard signed in as the demo admin, against Debian's
 * Chromium (new headless, the project's Playwright flags). Serves WEB_ROOT (else dist/web) on a fresh
 * PGlite with the demo data, or audits LIGHTHOUSE_BASE_URL when set (a server already running).
 * LIGHTHOUSE_RUNS audits per page (3); each row is the median run by performance score.
 * LIGHTHOUSE_PAGES=sign-in or dashboard audits one of the two.
 * LIGHTHOUSE_REPORT_DIR=<dir> keeps each run's report there (<page>-<run>.json, opens in the Lighthouse viewer)
 * and its trace (<page>-<run>.trace.json).
 */

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const CATEGORIES = ["performance", "accessibility", "best-practices"] as const;
const METRICS = {
  fcp: "first-contentful-paint",
  lcp: "largest-contentful-paint",
  tbt: "total-blocking-time",
  si: "speed-index",
  cls: "cumulative-layout-shift",
} as const;

interface Audit {
  scores: Record<(typeof CATEGORIES)[number], number>;
  /** Milliseconds, except cls. */
  metrics: Record<keyof typeof METRICS, number>;
  /** Lighthouse's measure of the machine's speed (a loop that allocates nothing). */
  benchmarkIndex: number;
}

/**
 * Puts the session in the browser profile and opens the dashboard once, so the device is a signed-in
 * tablet (IndexedDB holds the reference data): Lighthouse then clears the HTTP cache, the service
 * worker and Cache Storage before each run, and keeps localStorage and IndexedDB.
 */
async function signIn(port: number, base: string): Promise<void> {
  const session = await demoAdminSession(base);
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  const page = await browser.contexts()[0].newPage();
  await openSignedIn(page, session, base);
  await page.getByRole("heading", { name: "Your branches" }).first().waitFor({ timeout: 120_000 });
  await page.waitForLoadState("networkidle");
  await page.close();
  await browser.close();
}

async function audit(port: number, url: string, name: string): Promise<Audit> {
  // LIGHTHOUSE_CPU_PROFILE=1: V8's sampling profiler in the kept trace too (names with an unminified build).
  const additionalTraceCategories = process.env.LIGHTHOUSE_CPU_PROFILE ? "disabled-by-default-v8.cpu_profiler" : undefined;
  const flags = { port, output: "json" as const, logLevel: "error" as const, onlyCategories: [...CATEGORIES], additionalTraceCategories };
  const result = await lighthouse(url, flags);
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`Lighthouse returned nothing for ${url}`);
  const reportDir = process.env.LIGHTHOUSE_REPORT_DIR;
  if (reportDir) {
    mkdirSync(reportDir, { recursive: true });
    writeFileSync(join(reportDir, `${name}.json`), JSON.stringify(lhr));
    // The page's trace too: what the simulation started from (open it in DevTools' Performance panel).
    writeFileSync(join(reportDir, `${name}.trace.json`), JSON.stringify(result.artifacts.Trace));
  }
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
  const scores = Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]));
  const metrics = Object.fromEntries(Object.entries(METRICS).map(([key, id]) => [key, lhr.audits[id]?.numericValue ?? NaN]));
  return { scores, metrics, benchmarkIndex: lhr.environment.benchmarkIndex } as Audit;
}

/** The run with the median performance score (its own metrics, so the figures belong together). */
function medianRun(runs: Audit[]): Audit {
  const sorted = [...runs].sort((a, b) => a.scores.performance - b.scores.performance);
  return sorted[Math.floor(sorted.length / 2)];
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

function row(page: string, runs: Audit[]): BenchResult {
  const median = medianRun(runs);
  const each = (c: (typeof CATEGORIES)[number]) => runs.map((r) => r.scores[c]).join("/");
  const m = median.metrics;
  return {
    name: `Lighthouse ${page}, mobile preset: performance >= 90, accessibility 100, best practices 100`,
    value: median.scores.performance,
    unit: "performance (median)",
    budget: "90 / 100 / 100",
    detail:
      `${runs.length} runs: performance ${each("performance")}, accessibility ${each("accessibility")}, ` +
      `best practices ${each("best-practices")}; median run: FCP ${seconds(m.fcp)}, LCP ${seconds(m.lcp)}, ` +
      `TBT ${Math.round(m.tbt)} ms, SI ${seconds(m.si)}, CLS ${m.cls.toFixed(3)}; Lighthouse's benchmarkIndex ` +
      `${runs.map((r) => Math.round(r.benchmarkIndex)).join("/")}; ${describeMachine(probeMachine())}`,
  };
}

async function auditPage(base: string, page: "sign-in" | "dashboard"): Promise<BenchResult> {
  // A fresh profile per page: the sign-in page must not find a session, the dashboard must.
  const profile = mkdtempSync(join(tmpdir(), "lighthouse-profile-"));
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ["--headless=new", ...ARGS],
    userDataDir: profile,
  });
  try {
    if (page === "dashboard") await signIn(chrome.port, base);
    const url = page === "dashboard" ? `${base}/` : `${base}/login`;
    const runs: Audit[] = [];
    for (let i = 0; i < RUNS; i++) {
      // Lighthouse now and then loses its trace (NO_NAVSTART, NO_FCP on a loaded machine): once more.
      runs.push(await audit(chrome.port, url, `${page}-${i + 1}`).catch(() => audit(chrome.port, url, `${page}-${i + 1}`)));
      const r = runs[runs.length - 1];
      console.log(`lighthouse ${page} run ${i + 1}: ${r.scores.performance} / ${r.scores.accessibility} / ${r.scores["best-practices"]}`);
    }
    return row(page, runs);
  } finally {
    chrome.kill();
    rmSync(profile, { recursive: true, force: true });
  }
}

export async function runLighthouseBench(): Promise<BenchResult[]> {
  const external = process.env.LIGHTHOUSE_BASE_URL;
  const dataDir = external ? null : mkdtempSync(join(tmpdir(), "lighthouse-bench-"));
  const port = Number(process.env.LIGHTHOUSE_PORT ?? 8790);
  const stop = dataDir ? stopOnce(await startServer(dataDir, port)) : null;
  const base = external ?? `http://127.0.0.1:${port}`;
  try {
    const pages = (process.env.LIGHTHOUSE_PAGES ?? "sign-in,dashboard").split(",") as ("sign-in" | "dashboard")[];
    const rows: BenchResult[] = [];
    for (const page of pages) rows.push(await auditPage(base, page));
    return rows;
  } finally {
    await stop?.();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}
