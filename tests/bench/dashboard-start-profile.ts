import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "playwright-core";
import { demoAdminSession, openSignedIn } from "../e2e/support/stored-session";
import { ARGS, CHROMIUM, startServer } from "./browser-bench";
import { stopOnce } from "./sale-benches";

/**
 * Where the signed-in dashboard's start-up spends the main thread (a diagnostic, not a
 * benchmark): serves WEB_ROOT (build it unminified for names) on a fresh PGlite with the demo data,
 * signs the demo admin in, opens the dashboard once (the device's kept copy), then reloads it RUNS
 * times with the HTTP cache cleared, 4x CPU slowdown (Lighthouse's mobile preset) and the JS profiler
 * on; prints the largest contentful paint, the long tasks, and the top functions by self time.
 *
 *   WEB_ROOT=$PWD/dist/nomin/web npx tsx tests/bench/dashboard-start-profile.ts
 */
const fontOverride = process.env.FONT_OVERRIDE; // "from=>to": a text swapped in every style sheet (an experiment on fonts)
const runs = Number(process.env.RUNS ?? 2);
const port = 20000 + Math.floor(Math.random() * 20000);
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(join(tmpdir(), "dashboard-profile-"));
const stop = stopOnce(await startServer(dataDir, port));

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}

try {
  const session = await demoAdminSession(base);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
  const context = await browser.newContext({ serviceWorkers: "block", viewport: { width: 412, height: 823 } });
  const page = await context.newPage();
  if (fontOverride)
    await page.route(/\.css$/, async (route) => {
      const response = await route.fetch();
      await route.fulfill({
        response,
        body: (await response.text()).replaceAll(fontOverride.split("=>")[0], fontOverride.split("=>")[1] ?? ""),
      });
    });
  await openSignedIn(page, session, base);
  await page.getByRole("heading", { name: "Your branches" }).waitFor();
  await page.waitForLoadState("networkidle");
  const cdp = await context.newCDPSession(page);
  for (let run = 1; run <= runs; run++) {
    await cdp.send("Network.enable");
    await cdp.send("Network.clearBrowserCache");
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: Number(process.env.CPU_RATE ?? 4) });
    await cdp.send("Profiler.enable");
    await cdp.send("Profiler.setSamplingInterval", { interval: 200 });
    await cdp.send("Profiler.start");
    await page.addInitScript(() => {
      const w = window as unknown as { __lcp: { t: number; el: string }[]; __long: { t: number; d: number }[] };
      w.__lcp = [];
      w.__long = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as (PerformanceEntry & { element?: Element })[])
          w.__lcp.push({ t: Math.round(e.startTime), el: e.element ? e.element.className || e.element.tagName : "?" });
      }).observe({ type: "largest-contentful-paint", buffered: true });
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) w.__long.push({ t: Math.round(e.startTime), d: Math.round(e.duration) });
      }).observe({ type: "longtask", buffered: true });
    });
    if (process.env.TRACE)
      await browser.startTracing(page, {
        path: join(dataDir, `run-${run}.trace.json`),
        categories: ["devtools.timeline", "v8.execute", "blink.user_timing", "loading", "disabled-by-default-devtools.timeline"],
      });
    await page.reload();
    await page.getByRole("heading", { name: "Your branches" }).waitFor({ timeout: 60_000 });
    await page.waitForTimeout(4000);
    if (process.env.TRACE) await browser.stopTracing();
    const { profile } = (await cdp.send("Profiler.stop")) as { profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] } };
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
    const marks = await page.evaluate(() => {
      const w = window as unknown as { __lcp: unknown; __long: unknown };
      return { __lcp: w.__lcp, __long: w.__long };
    });
    console.log(`run ${run}: LCP ${JSON.stringify(marks.__lcp)}`);
    console.log(`  long tasks (4x): ${JSON.stringify(marks.__long)}`);
    writeFileSync(join(dataDir, `run-${run}.cpuprofile`), JSON.stringify(profile));
    // Self time per function from the samples.
    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    const self = new Map<string, number>();
    const byUrl = new Map<string, number>();
    profile.samples.forEach((id, i) => {
      const node = byId.get(id);
      if (!node) return;
      const dt = (profile.timeDeltas[i] ?? 0) / 1000;
      const f = node.callFrame;
      const file = f.url.split("/").pop() ?? "";
      const key = `${f.functionName || "(anon)"} ${file}:${f.lineNumber}`;
      self.set(key, (self.get(key) ?? 0) + dt);
      byUrl.set(file || f.functionName, (byUrl.get(file || f.functionName) ?? 0) + dt);
    });
    const top = (m: Map<string, number>, n: number) =>
      [...m]
        .sort((a, b) => b[1] - a[1])
        .slice(0, n)
        .map(([k, v]) => `    ${v.toFixed(0).padStart(6)} ms  ${k}`)
        .join("\n");
    console.log(`  by file:\n${top(byUrl, 25)}`);
    console.log(`  by function:\n${top(self, 45)}`);
  }
  console.log(`profiles kept in ${dataDir}`);
  await browser.close();
} finally {
  await stop();
}
