import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { countCached, metaValue, prepareData, startServer } from "./browser-bench";
import { launchDevice } from "./device-browser";
import { childCpu, cpuBetween } from "./process-cpu";
import { EmulatedLink, GOOD_BRANCH, LOOPBACK, POOR_BRANCH, isPull, type LinkProfile, type WireRequest } from "./emulated-link";
import { prepareSaleStock, signInCashier, stopOnce, type SaleDevice } from "./sale-benches";
import { runSaleReplayBench } from "./sale-replay-bench";
import type { BenchResult } from "./server-bench";
import { measureSyncFormats } from "./sync-format-sizes";

/**
 * Issue 12: the app over a branch's network, emulated in headless Chromium (emulated-link.ts), against the
 * real server on PGlite with the bench items and their stock (browser-bench.ts's data):
 * - first install (the app and the service worker's precache) and first reference load, on a good and a
 *   poor branch link: bytes on the wire (compressed) and time; the sign-in page's first contentful paint;
 * - the poor link's first load cut at its middle (offline for 30 s): it completes, and what it pulled twice;
 * - the sync pages as JSON objects against columns + arrays (sync-format-sizes.ts);
 * - the replay of sales queued offline, on the poor link (sale-replay-bench.ts), counted in the database.
 * The same install and load without emulation (loopback) come first: what the link adds is the difference.
 * BENCH_NETWORK_CUT_MS changes the cut (30,000 ms); BENCH_SALES the queued sales (1,000);
 * BENCH_NETWORK_PARTS picks parts (default "loopback,good,poor,cut,formats,replay"; cut runs poor too).
 * BENCH_DATABASE_URL runs the server on that PostgreSQL (wiped first) instead, without the replay part
 * (its counts read the PGlite directory).
 */

const LOAD_TIMEOUT_MS = 900_000;

interface BenchData {
  stockRows: number;
}

interface FirstLoad {
  profile: LinkProfile;
  installMs: number;
  installBytes: number;
  installRequests: number;
  workerRequests: number;
  workersThrottled: number;
  firstContentfulPaintMs: number | null;
  loadMs: number;
  items: number;
  stockRows: number;
  pulls: WireRequest[];
  loadBytes: number;
  cut: { atProgress: string; offlineMs: number } | null;
  /** CPU used during the load by the device (Chromium's processes) and the server. */
  cpu: string;
}

const mb = (bytes: number) => `${(bytes / 1_000_000).toFixed(2)} MB`;
const seconds = (ms: number) => Math.round(ms / 100) / 10;

/**
 * A new user on a new device: opens the sign-in page with an empty cache, waits for the service worker
 * to be installed (the app precached; a user types the password meanwhile), signs in as admin (every
 * branch) and waits until every bench item and stock row is in IndexedDB. With `cutMs`, the link goes
 * offline for that long once the load's progress passes half.
 */
async function firstLoad(base: string, profile: LinkProfile, data: BenchData, items: number, cutMs = 0): Promise<FirstLoad> {
  // A new device: its own profile on disk (device-browser.ts; an incognito context's IndexedDB is slower).
  const { browser, context, close } = await launchDevice();
  try {
    const page = await context.newPage();
    const link = await EmulatedLink.attach(browser, context, page, profile);
    const opened = Date.now();
    await page.goto(`${base}/login`, { timeout: 300_000 });
    await page.getByLabel("Username").waitFor({ timeout: 300_000 });
    // The paint entry may come after the label is in the DOM (a loaded machine): waited for, up to 10 s.
    const firstContentfulPaintMs = await page.evaluate(
      () =>
        new Promise<number | null>((resolve) => {
          new PerformanceObserver((list) => {
            const fcp = list.getEntries().find((e) => e.name === "first-contentful-paint");
            if (fcp) resolve(fcp.startTime);
          }).observe({ type: "paint", buffered: true });
          setTimeout(() => resolve(null), 10_000);
        }),
    );
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    const installMs = Date.now() - opened;
    const installRequests = link.requests.length;
    const installBytes = link.bytes();
    const workerRequests = link.requests.filter((r) => r.target === "worker").length;

    await page.getByLabel("Username").fill("admin");
    await page.getByLabel("Password").fill("admin");
    const cpuBefore = childCpu();
    const start = Date.now();
    await page.getByRole("button", { name: "Sign in" }).click();
    let cut: FirstLoad["cut"] = null;
    let counted = { items: 0, stockRows: 0 };
    let loadedAt = 0;
    while (Date.now() - start < LOAD_TIMEOUT_MS) {
      if (cutMs > 0 && !cut) {
        const walk = (await metaValue(page, "walk_progress")) as { done: number; total: number } | undefined;
        if (walk && walk.total > 0 && walk.done >= walk.total / 2) {
          await link.setOffline(true);
          const offlineAt = Date.now();
          await page.waitForTimeout(cutMs);
          await link.setOffline(false);
          cut = {
            atProgress: `${walk.done.toLocaleString("en")} of ${walk.total.toLocaleString("en")} rows`,
            offlineMs: Date.now() - offlineAt,
          };
        }
      }
      if ((await metaValue(page, "last_sync_at")) !== undefined) {
        loadedAt = Date.now();
        counted = await countCached(page);
        if (counted.items >= items && counted.stockRows >= data.stockRows) break;
      }
      await page.waitForTimeout(200);
    }
    if (!loadedAt || counted.items < items || counted.stockRows < data.stockRows)
      throw new Error(`${profile.name}: the first load did not finish (${counted.items} items, ${counted.stockRows} stock rows)`);
    const cpu = cpuBetween(cpuBefore, childCpu());
    const during = link.requests.filter((r) => r.startedAt >= start);
    return {
      profile,
      installMs,
      installBytes,
      installRequests,
      workerRequests,
      workersThrottled: link.workersThrottled,
      firstContentfulPaintMs,
      loadMs: loadedAt - start,
      ...counted,
      pulls: during.filter(isPull),
      loadBytes: during.reduce((sum, r) => sum + r.bytes, 0),
      cut,
      cpu,
    };
  } finally {
    await close();
  }
}

function loadRows(load: FirstLoad, budgetS: number | null): BenchResult[] {
  const pullBytes = load.pulls.reduce((sum, r) => sum + r.bytes, 0);
  // What the link alone costs the load: every byte at the link's rate, and one latency per pull (a page is
  // asked for when the one before has arrived).
  const { downMbit, latencyMs } = load.profile;
  const floor =
    downMbit > 0 ? `; the link alone: at least ${seconds((load.loadBytes * 8) / (downMbit * 1000) + load.pulls.length * latencyMs)} s` : "";
  const fcp = load.firstContentfulPaintMs === null ? "no paint entry" : `${Math.round(load.firstContentfulPaintMs)} ms`;
  return [
    {
      name: `first install (sign-in page, the app precached by the service worker), ${load.profile.name}, cold cache`,
      value: seconds(load.installMs),
      unit: "s",
      budget: "",
      detail:
        `${mb(load.installBytes)} on the wire in ${load.installRequests} requests (${load.workerRequests} by the service worker, ` +
        `${load.workersThrottled} worker target(s) under the link); sign-in page first contentful paint ${fcp}`,
    },
    {
      name: `first reference load, ${load.items.toLocaleString("en")} items and ${load.stockRows.toLocaleString("en")} stock rows, ${load.profile.name}`,
      value: seconds(load.loadMs),
      unit: "s",
      budget: budgetS === null ? "(reference: no link)" : `< ${budgetS} s`,
      detail:
        `from the sign-in click; ${mb(load.loadBytes)} on the wire, of which ${mb(pullBytes)} in ${load.pulls.length} sync pulls ` +
        `(${load.pulls.filter((r) => r.target === "worker").length} of them from the service worker)${floor}; install + load ${seconds(load.installMs + load.loadMs)} s; CPU during the load: ${load.cpu}`,
    },
  ];
}

const sinceOf = (r: WireRequest) => new URL(r.url).searchParams.get("since") ?? "";

/** The cut load against the uncut one on the same link: pages asked for twice, bytes lost with the cut requests, bytes over the uncut load. */
function cutRow(cut: FirstLoad, uncut: FirstLoad): BenchResult {
  const bytes = (rs: WireRequest[]) => rs.reduce((sum, r) => sum + r.bytes, 0);
  const cutBytes = bytes(cut.pulls);
  const uncutBytes = bytes(uncut.pulls);
  const failed = cut.pulls.filter((r) => r.state !== "finished");
  const received = new Set<string>();
  let twice = 0;
  for (const r of cut.pulls.filter((p) => p.state === "finished")) {
    if (received.has(sinceOf(r))) twice += r.bytes;
    received.add(sinceOf(r));
  }
  const extra = cutBytes - uncutBytes;
  return {
    name: `first reference load cut at its middle (offline ${seconds(cut.cut?.offlineMs ?? 0)} s), ${cut.profile.name}: bytes sent twice`,
    value: Math.round((Math.max(extra, 0) / uncutBytes) * 1000) / 10,
    unit: "% of the load's sync bytes",
    budget: "completes; < 5 % sent twice",
    detail:
      `completed in ${seconds(cut.loadMs)} s from the sign-in click (uncut: ${seconds(uncut.loadMs)} s), ${cut.items.toLocaleString("en")} items and ` +
      `${cut.stockRows.toLocaleString("en")} stock rows (uncut: ${uncut.items.toLocaleString("en")} and ${uncut.stockRows.toLocaleString("en")}); ` +
      `cut at ${cut.cut?.atProgress}; sync pulls ${mb(cutBytes)} in ${cut.pulls.length} requests against ${mb(uncutBytes)} in ${uncut.pulls.length} uncut ` +
      `(${extra >= 0 ? "+" : ""}${(extra / 1000).toFixed(1)} kB); ${failed.length} pull(s) cut off with ${(bytes(failed) / 1000).toFixed(1)} kB received; ` +
      `${(twice / 1000).toFixed(1)} kB of pages received whole twice`,
  };
}

/** Sales queued offline on the cashier's tablet, replayed over the poor link; the server's database counted afterwards. */
async function replayOnPoorLink(
  base: string,
  data: Awaited<ReturnType<typeof prepareData>>,
  items: number,
  sales: number,
  before: Map<number, number>,
  dataDir: string,
  stopServer: () => Promise<void>,
): Promise<BenchResult[]> {
  // As in sale-benches.ts: no service worker (the replay page is routed on the app's origin). The
  // cashier's first load runs unthrottled (measured above); the link is poor from the queueing on.
  const { browser, context, close } = await launchDevice({ serviceWorkers: "block" });
  try {
    const page = await context.newPage();
    await signInCashier(page, base, items);
    const link = await EmulatedLink.attach(browser, context, page, POOR_BRANCH);
    const device: SaleDevice = {
      ...data,
      inventoryName: "",
      base,
      page,
      context,
      dataDir,
      items,
      stopServer,
    };
    const rows = await runSaleReplayBench(device, sales, before, link);
    // The outbox sends its entries in batches (sync/replay/); a sale sent alone would be a sale/ POST.
    const batches = link.requests.filter((r) => r.method === "POST" && r.url.includes("/api/sync/replay/"));
    const single = link.requests.filter((r) => r.method === "POST" && r.url.includes("/api/sale/"));
    return rows.map((row) => ({
      ...row,
      name: `${row.name}, ${POOR_BRANCH.name}`,
      budget: "< 120 s on the poor link, each booked once",
      detail:
        `${row.detail}; ${batches.length} batch POSTs (sync/replay/) and ${single.length} single sale POSTs on the wire, ` +
        `${(link.bytes((r) => batches.includes(r) || single.includes(r)) / 1000).toFixed(1)} kB down (responses, compressed)`,
    }));
  } finally {
    await close();
  }
}

export async function runNetworkBench(items: number): Promise<BenchResult[]> {
  const dataDir = mkdtempSync(join(tmpdir(), "bench-network-"));
  const port = 20000 + Math.floor(Math.random() * 20000);
  const sales = Number(process.env.BENCH_SALES ?? 1000);
  const cutMs = Number(process.env.BENCH_NETWORK_CUT_MS ?? 30_000);
  const parts = new Set((process.env.BENCH_NETWORK_PARTS ?? "loopback,good,poor,cut,formats,replay").split(","));
  const log = (what: string) => console.log(`network bench ${new Date().toISOString().slice(11, 19)}: ${what}`);
  const url = process.env.BENCH_DATABASE_URL;
  if (url) parts.delete("replay");
  const data = await prepareData(dataDir, items, sales, url);
  const before =
    parts.has("replay") && sales > 0 ? await prepareSaleStock(dataDir, data.inventoryId, data.saleStockIds) : new Map<number, number>();
  log(`data ready (${items} items, ${data.stockRows} stock rows${url ? ", on PostgreSQL" : ""})`);
  const server = await startServer(dataDir, port, url);
  const stopServer = stopOnce(server);
  const base = `http://127.0.0.1:${port}`;
  const results: BenchResult[] = [];
  try {
    const loadOn = async (profile: LinkProfile, budgetS: number | null) => {
      const load = await firstLoad(base, profile, data, items);
      results.push(...loadRows(load, budgetS));
      log(`${profile.name}: install ${seconds(load.installMs)} s, load ${seconds(load.loadMs)} s`);
      return load;
    };
    if (parts.has("loopback")) await loadOn(LOOPBACK, null);
    if (parts.has("good")) await loadOn(GOOD_BRANCH, 20);
    const poor = parts.has("poor") || parts.has("cut") ? await loadOn(POOR_BRANCH, 90) : null;
    if (poor && parts.has("cut")) {
      const cut = await firstLoad(base, POOR_BRANCH, data, items, cutMs);
      results.push(cutRow(cut, poor));
      log(`cut load: ${seconds(cut.loadMs)} s`);
    }
    if (parts.has("formats")) results.push(...(await measureSyncFormats(base)));
    if (parts.has("replay") && sales > 0) results.push(...(await replayOnPoorLink(base, data, items, sales, before, dataDir, stopServer)));
    return url ? results.map((row) => ({ ...row, name: `${row.name}, server on PostgreSQL` })) : results;
  } finally {
    await stopServer();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
