import type { ChildProcess } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import type { BrowserContext, Page } from "playwright-core";
import { openDatabase, queryRows } from "../../src/server/db/client";
import { countCached, metaValue, prepareData, startServer } from "./browser-bench";
import { launchDevice, type Device } from "./device-browser";
import { runSaleReplayBench } from "./sale-replay-bench";
import { runSaleScreenBench } from "./sale-screen-bench";
import type { BenchResult } from "./server-bench";

/**
 * The two sale budgets of DESIGN section 6 measured on a cashier's tablet (headless Chromium, the
 * built app, the real server on PGlite): scan to line on screen with 100k items cached, and the
 * replay of 1,000 sales queued offline. One data set and one first load serve both.
 */

/** Bench items get barcode 7000000000000 + n; this one also has two more batches (a scan with several rows). */
export const MULTI_ROW_ITEM = 1;
export const barcodeOf = (n: number) => String(7_000_000_000_000 + n);

export interface SaleDevice {
  base: string;
  page: Page;
  context: BrowserContext;
  dataDir: string;
  items: number;
  inventoryId: number;
  inventoryName: string;
  branchId: number;
  customerId: number;
  currencyId: number;
  /** Bench stock rows of the inventory, for the queued sales. */
  saleStockIds: number[];
  /** Stops the server (cleanly, so its PGlite directory can be opened to check what it booked). */
  stopServer: () => Promise<void>;
}

/** Adds the extra batches, and returns the server's quantity of each stock row the queued sales will sell. */
export async function prepareSaleStock(dataDir: string, inventoryId: number, saleStockIds: number[]): Promise<Map<number, number>> {
  const database = await openDatabase({ dataDir });
  await database.db.execute(sql`
    insert into stock (branch_id, inventory_id, item_id, batch_number, quantity, purchase_price, sale_price)
    select s.branch_id, s.inventory_id, s.item_id, b, s.quantity, s.purchase_price, s.sale_price
    from stock s join item i on i.id = s.item_id, unnest(array['B1', 'B2']) b
    where i.barcode = ${barcodeOf(MULTI_ROW_ITEM)} and s.inventory_id = ${inventoryId}`);
  const [rows] = await queryRows<{ n: number }>(
    database.db,
    sql`select count(*)::int as n from stock s join item i on i.id = s.item_id where i.barcode = ${barcodeOf(MULTI_ROW_ITEM)} and s.inventory_id = ${inventoryId}`,
  );
  const quantities = await queryRows<{ id: number; quantity: string }>(
    database.db,
    sql`select id, quantity::text from stock where id in ${sql.raw(`(${saleStockIds.join(",")})`)}`,
  );
  await database.close();
  if (rows.n !== 3) throw new Error(`expected 3 stock rows for the multi-row barcode, found ${rows.n}`);
  return new Map(quantities.map((r) => [r.id, Number(r.quantity)]));
}

/** Stops the server cleanly (its PGlite directory can then be opened), once however often it is called. */
export function stopOnce(server: ChildProcess): () => Promise<void> {
  let running = true;
  return async () => {
    if (!running) return;
    running = false;
    const exited = once(server, "exit");
    server.kill("SIGTERM");
    await exited;
  };
}

/** Signs the cashier in and waits until the first load has put every bench item and stock row in IndexedDB. */
export async function signInCashier(page: Page, base: string, items: number): Promise<number> {
  await page.goto(`${base}/login`);
  await page.getByLabel("Username").fill("cashier");
  await page.getByLabel("Password").fill("cashier");
  const start = Date.now();
  await page.getByRole("button", { name: "Sign in" }).click();
  while (Date.now() - start < Number(process.env.BENCH_WAIT_S ?? 300) * 1000) {
    const cached = (await metaValue(page, "last_sync_at")) !== undefined ? await countCached(page) : null;
    if (cached && cached.items >= items && cached.stockRows >= items) {
      return (Date.now() - start) / 1000;
    }
    await page.waitForTimeout(250);
  }
  throw new Error(`the cashier's first load did not finish in ${process.env.BENCH_WAIT_S ?? 300} s`);
}

export async function runSaleBenches(items: number): Promise<BenchResult[]> {
  const queued = Number(process.env.BENCH_SALES ?? 1000);
  return withSaleDevice(items, queued, async (device, before) => {
    const results = await runSaleScreenBench(device);
    results.push(...(await runSaleReplayBench(device, queued, before)));
    return results;
  });
}

/**
 * The cashier's tablet with `items` bench items and their stock cached (the first load done), the server
 * running, and `queued` stock rows set aside for queued sales; `run` gets the device and the server's
 * quantities of those rows. The counter bench (counter-bench.ts) and the two above share it.
 */
export async function withSaleDevice(
  items: number,
  queued: number,
  run: (device: SaleDevice, before: Map<number, number>) => Promise<BenchResult[]>,
): Promise<BenchResult[]> {
  const dataDir = mkdtempSync(join(tmpdir(), "bench-sale-"));
  const port = 20000 + Math.floor(Math.random() * 20000);
  const data = await prepareData(dataDir, items, queued);
  const before = await prepareSaleStock(dataDir, data.inventoryId, data.saleStockIds);
  const server = await startServer(dataDir, port);
  const stopServer = stopOnce(server);
  let tablet: Device | null = null;
  try {
    // A device with its IndexedDB on disk, as a tablet's (device-browser.ts: incognito keeps it in memory,
    // and slower as it fills). No service worker: the replay bench routes its own page on the app's origin
    // (the worker would answer that navigation with the app shell).
    tablet = await launchDevice({ serviceWorkers: "block" });
    const context = tablet.context;
    const page = await context.newPage();
    const base = `http://127.0.0.1:${port}`;
    const firstLoad = await signInCashier(page, base, items);
    const me = await page.evaluate(async (url) => {
      const token = JSON.parse(localStorage.getItem("bo.token") ?? "null") as string;
      return (await fetch(`${url}/api/user/me/`, { headers: { authorization: `Bearer ${token}` } })).json() as Promise<{
        default_branch_id: number;
        branches: { id: number; inventories: { id: number; name: string }[] }[];
      }>;
    }, base);
    const home = me.branches.find((b) => b.id === me.default_branch_id);
    if (home?.inventories[0]?.id !== data.inventoryId)
      throw new Error(`the cashier's sale screen opens on another inventory than the bench stock (${data.inventoryId})`);
    console.log(`sale benches: cashier's first load ${firstLoad.toFixed(1)} s`);
    const device: SaleDevice = { ...data, inventoryName: home.inventories[0].name, base, page, context, dataDir, items, stopServer };
    return await run(device, before);
  } finally {
    await tablet?.close();
    await stopServer();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
