import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import { build, type Rollup } from "vite";
import { openDatabase, queryRows } from "../../src/server/db/client";
import type { SaleDevice } from "./sale-benches";
import type { QueueReport, ReplayReport } from "./sale-replay-page";
import type { BenchResult } from "./server-bench";

/**
 * Replay of sales queued offline (DESIGN section 6: 1,000 queued entries in < 60 s, each booked once).
 * The sales are queued through the web app's own command layer (`sale-create`: outbox entry, provisional
 * number, stock taken in the cache) in a page on the app's origin, offline; then the network comes back
 * and the bench times the outbox until it is empty. The server is then stopped and its database
 * checked: exactly the queued sales, each form_token once, each stock row down by what was sold.
 */

const PAGE_PATH = "/__bench/sale-replay";
const LINES_PER_SALE = 3;

interface SaleReplayApi {
  ready(): Promise<void>;
  queue(bodies: Record<string, unknown>[]): Promise<QueueReport>;
  waitForEmptyOutbox(timeoutMs: number): Promise<ReplayReport>;
}
type ReplayWindow = { saleReplay: SaleReplayApi };

/** sale-replay-page.ts as one ES module (vite, without the app's config). */
async function bundlePage(): Promise<string> {
  const output = (await build({
    configFile: false,
    logLevel: "warn",
    build: {
      write: false,
      minify: false,
      lib: { entry: fileURLToPath(new URL("./sale-replay-page.ts", import.meta.url)), formats: ["es"], fileName: "sale-replay" },
    },
  })) as Rollup.RollupOutput | Rollup.RollupOutput[];
  const chunk = (Array.isArray(output) ? output[0] : output).output.find((o): o is Rollup.OutputChunk => o.type === "chunk");
  if (!chunk) throw new Error("the replay page did not bundle");
  return chunk.code;
}

/** Sale i sells 1 to 3 units of three consecutive bench stock rows (each row sold about three times). */
function planSales(device: SaleDevice, count: number, userId: number) {
  const stamp = Date.now();
  const sold = new Map<number, number>();
  const bodies = Array.from({ length: count }, (_, i) => {
    const items = Array.from({ length: LINES_PER_SALE }, (_, k) => {
      const stock = device.saleStockIds[(i * LINES_PER_SALE + k) % device.saleStockIds.length];
      const quantity = 1 + ((i + k) % 3);
      sold.set(stock, (sold.get(stock) ?? 0) + quantity);
      return { stock, quantity: String(quantity), price: "1500" };
    });
    return {
      branch: device.branchId,
      inventory: device.inventoryId,
      customer: device.customerId,
      currency: device.currencyId,
      payment_type: "debit",
      cashbox: null,
      paid_amount: "0",
      discount: "0",
      items,
      form_token: `${userId}-${stamp}-sale-replay-${i}`,
    };
  });
  return { bodies, sold, tokenPattern: `${userId}-${stamp}-sale-replay-%` };
}

/** What the server booked, read from its database once it has stopped. */
async function checkBooked(device: SaleDevice, plan: ReturnType<typeof planSales>, before: Map<number, number>) {
  const database = await openDatabase({ dataDir: device.dataDir });
  try {
    const [sales] = await queryRows<{ n: number; tokens: number; lines: number }>(
      database.db,
      sql`select count(*)::int as n, count(distinct s.form_token)::int as tokens, (select count(*)::int from sale_item si join sale x on x.id = si.sale_id where x.form_token like ${plan.tokenPattern}) as lines
          from sale s where s.form_token like ${plan.tokenPattern}`,
    );
    const rows = await queryRows<{ id: number; quantity: string }>(
      database.db,
      sql`select id, quantity::text from stock where id in ${sql.raw(`(${[...plan.sold.keys()].join(",")})`)}`,
    );
    const wrong = rows.filter((r) => Number(r.quantity) !== (before.get(r.id) ?? NaN) - plan.sold.get(r.id)!);
    return { ...sales, stockRows: rows.length, wrongStock: wrong.length };
  } finally {
    await database.close();
  }
}

/** How the bench cuts the device's network and brings it back (default: Playwright's offline switch, which also lifts any throttling). */
export interface DeviceNetwork {
  setOffline(offline: boolean): Promise<void>;
}

export async function runSaleReplayBench(
  device: SaleDevice,
  count: number,
  before: Map<number, number>,
  network: DeviceNetwork = device.context,
): Promise<BenchResult[]> {
  const { page, base } = device;
  const code = await bundlePage();
  await page.route(`${base}${PAGE_PATH}`, (route) =>
    route.fulfill({
      contentType: "text/html",
      body: `<!doctype html><meta charset="utf-8"><title>sale replay</title><script type="module" src="${PAGE_PATH}.js"></script>`,
    }),
  );
  await page.route(`${base}${PAGE_PATH}.js`, (route) => route.fulfill({ contentType: "text/javascript", body: code }));
  await page.goto(`${base}${PAGE_PATH}`);
  await page.waitForFunction(() => "saleReplay" in window);
  await page.evaluate(() => (window as unknown as ReplayWindow).saleReplay.ready());
  const userId = await page.evaluate(() => (JSON.parse(localStorage.getItem("bo.user") ?? "null") as { id: number }).id);
  const plan = planSales(device, count, userId);

  await network.setOffline(true);
  const queued = await page.evaluate((bodies) => (window as unknown as ReplayWindow).saleReplay.queue(bodies), plan.bodies);
  if (queued.queued !== count) throw new Error(`${count - queued.queued} sales not queued: ${queued.refused.slice(0, 3).join("; ")}`);
  await network.setOffline(false);
  const replay = await page.evaluate((timeout) => (window as unknown as ReplayWindow).saleReplay.waitForEmptyOutbox(timeout), 600_000);
  await device.stopServer();
  const booked = await checkBooked(device, plan, before);

  const seconds = Math.round(replay.ms / 100) / 10;
  const linesExpected = count * LINES_PER_SALE;
  const exact =
    booked.n === count &&
    booked.tokens === count &&
    booked.lines === linesExpected &&
    booked.wrongStock === 0 &&
    booked.stockRows === plan.sold.size;
  return [
    {
      name: `outbox replay of ${count.toLocaleString("en")} sales queued offline through the sale-create command (${LINES_PER_SALE} lines each)`,
      value: seconds,
      unit: "s",
      budget: "< 60 s, each booked once",
      detail:
        `${replay.left === 0 ? "outbox empty" : `${replay.left} entries left (${replay.needsAttention.length} needing attention: ${replay.needsAttention.join("; ")})`}; ` +
        `server: ${booked.n} sales, ${booked.tokens} distinct form_tokens, ${booked.lines}/${linesExpected} lines, ` +
        `${booked.stockRows - booked.wrongStock}/${plan.sold.size} stock rows down by exactly what was sold${exact ? "" : " (MISMATCH)"}; ` +
        `queueing offline took ${Math.round(queued.ms / 100) / 10} s (${Math.round(queued.ms / count)} ms a sale)`,
    },
  ];
}
