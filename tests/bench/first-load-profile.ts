import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { chromium } from "playwright-core";
import { prepareData, startServer } from "./browser-bench";
import { CHROMIUM, launchDevice, type Device } from "./device-browser";
import { browserThreads, childCpu, type CpuSplit } from "./process-cpu";

/**
 * Where the first reference load spends its time (a diagnostic, not a benchmark):
 * `PROFILE_DIR=/tmp/fl BENCH_ITEMS=100000 npx tsx tests/bench/first-load-profile.ts`.
 * Prepares the data once in PROFILE_DIR (reused by later runs), starts the real server on it, signs in
 * through the UI RUNS times, each in a fresh browser context, and prints per pull request the server's
 * time (request to first byte) and the download from Resource Timing, and with CPU_PROFILE=1 the
 * page's main-thread profile (top functions by self time; the .cpuprofile is kept in PROFILE_DIR).
 * Also prints the CPU time Chromium and the server used during the load (steadier than wall time).
 */

const items = Number(process.env.BENCH_ITEMS ?? 100_000);
const dir = process.env.PROFILE_DIR ?? "/tmp/first-load-profile";
const runs = Number(process.env.RUNS ?? 1);
const port = 20000 + Math.floor(Math.random() * 20000);

const fresh = !existsSync(`${dir}/data.json`);
if (fresh) {
  mkdirSync(dir, { recursive: true });
  const data = await prepareData(`${dir}/db`, items, 0);
  writeFileSync(`${dir}/data.json`, JSON.stringify(data));
}
const data = JSON.parse(await import("node:fs").then((fs) => fs.readFileSync(`${dir}/data.json`, "utf8"))) as { stockRows: number };
const server = await startServer(`${dir}/db`, port);
/**
 * Each run a new device: its own Chromium profile on disk (device-browser.ts); INCOGNITO=1 an incognito
 * context instead (IndexedDB in memory), SERVICE_WORKERS=block no service worker (its install precaches
 * the app during the load).
 */
async function newDevice(): Promise<Device> {
  const serviceWorkers = process.env.SERVICE_WORKERS === "block" ? "block" : "allow";
  if (!process.env.INCOGNITO) return launchDevice({ serviceWorkers });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox", "--disable-gpu", "--no-first-run"] });
  return { browser, context: await browser.newContext({ serviceWorkers }), close: () => browser.close() };
}
let device: Device | null = null;
try {
  for (let run = 0; run < runs; run += 1) {
    device = await newDevice();
    const context = device.context;
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await page.goto(`http://127.0.0.1:${port}/login`);
    await page.getByLabel("Username").waitFor({ timeout: 120_000 });
    await page.getByLabel("Username").fill("admin");
    await page.getByLabel("Password").fill("admin");
    await cdp.send("Profiler.enable");
    await cdp.send("Profiler.setSamplingInterval", { interval: 1000 });
    if (process.env.CPU_PROFILE) await cdp.send("Profiler.start");
    const cpuBefore = childCpu();
    const threadsBefore = browserThreads();
    const start = Date.now();
    await page.getByRole("button", { name: "Sign in" }).click();
    page.on("console", (m) => {
      if (m.type() === "error" || m.type() === "warning") console.log("console:", m.text().slice(0, 300));
    });
    page.on("pageerror", (e) => console.log("pageerror:", e.message));
    // Done when the pull has stored its last page (meta.last_sync_at is written after it).
    while (Date.now() - start < 300_000) {
      const done = await page.evaluate(
        () =>
          new Promise<boolean>((resolve) => {
            const open = indexedDB.open("backoffice");
            open.onsuccess = () => {
              const db = open.result;
              if (!db.objectStoreNames.contains("meta")) return (db.close(), resolve(false));
              const req = db.transaction("meta").objectStore("meta").get("last_sync_at");
              req.onsuccess = () => (db.close(), resolve(req.result !== undefined));
              req.onerror = () => (db.close(), resolve(false));
            };
            open.onerror = () => resolve(false);
          }),
      );
      if (done) break;
      await page.waitForTimeout(100);
    }
    const total = (Date.now() - start) / 1000;
    const cpuAfter = childCpu();
    const threadsAfter = browserThreads();
    const stats = await page.evaluate(() => {
      const resources = performance
        .getEntriesByType("resource")
        .filter((e) => e.name.includes("sync/pull"))
        .map((e) => {
          const r = e as PerformanceResourceTiming;
          return {
            start: Math.round(r.startTime),
            wait: Math.round(r.responseStart - r.requestStart),
            body: Math.round(r.responseEnd - r.responseStart),
            size: r.encodedBodySize,
          };
        });
      return { resources };
    });
    console.log(`run ${run + 1}: ${total} s until the pull finished; ${stats.resources.length} pull requests`);
    const used = (kind: keyof CpuSplit) => (cpuAfter[kind] - cpuBefore[kind]).toFixed(1);
    // The renderer runs the page (JSON, Dexie, serializing each record); the browser process runs IndexedDB's backend.
    console.log(
      `CPU: page renderer ${used("renderer")} s, browser ${used("browser")} s (GPU process ${used("gpu")} s, network ${used("network")} s, storage ${used("storage")} s apart), server ${used("server")} s; load average ${readFileSync("/proc/loadavg", "utf8").split(" ")[0]}`,
    );
    const threadCpu = [...threadsAfter]
      .map(([name, cpu]) => [name, cpu - (threadsBefore.get(name) ?? 0)] as const)
      .filter(([, cpu]) => cpu >= 0.1)
      .sort((a, b) => b[1] - a[1]);
    console.log(`browser process threads: ${threadCpu.map(([name, cpu]) => `${name} ${cpu.toFixed(1)} s`).join(", ")}`);
    console.log(JSON.stringify(stats.resources.slice(0, 5)));
    console.log(JSON.stringify(stats.resources.slice(-3)));
    console.log(
      `server wait sum ${stats.resources.reduce((n, r) => n + r.wait, 0)} ms, body sum ${stats.resources.reduce((n, r) => n + r.body, 0)} ms`,
    );
    if (process.env.CPU_PROFILE) {
      const { profile } = (await cdp.send("Profiler.stop")) as {
        profile: {
          nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; hitCount?: number }[];
          samples: number[];
          timeDeltas: number[];
        };
      };
      const self = new Map<string, number>();
      const byId = new Map(profile.nodes.map((n) => [n.id, n]));
      profile.samples.forEach((id, i) => {
        const n = byId.get(id)!;
        const key = `${n.callFrame.functionName || "(anon)"} ${n.callFrame.url.split("/").pop()}:${n.callFrame.lineNumber}`;
        self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
      });
      console.log(
        [...self]
          .sort((a, b) => b[1] - a[1])
          .slice(0, 25)
          .map(([k, v]) => `${Math.round(v)} ms ${k}`)
          .join("\n"),
      );
      writeFileSync(`${dir}/profile-${run}.cpuprofile`, JSON.stringify(profile));
    }
    console.log(`stock rows expected ${data.stockRows}`);
    await device.close();
    device = null;
  }
} finally {
  await device?.close();
  server.kill();
}
