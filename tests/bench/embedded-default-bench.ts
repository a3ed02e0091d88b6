import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildApp } from "../../src/server/app";
import { openDatabase, type Database } from "../../src/server/db/client";
import { startEmbeddedPostgres, type EmbeddedPostgres } from "../../src/server/db/embedded-postgres";
import { seedIfEmpty } from "../../src/server/seed/seed";
import type { AuthUser } from "../../src/core/api-types";
import { saleBody } from "./sale-sql-floor";
import type { BenchResult } from "./server-bench";

/**
 * The embedded default before and after, side by side in one run: PGlite on files (fsync off) and the
 * PostgreSQL server the product starts itself (fsync and synchronous commit on). For each: the start on
 * an empty folder (migrations), the demo seeded, the start on that full folder, and sales through the
 * HTTP layer by one client and by four.
 */
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);

export interface Engine {
  name: string;
  open(dir: string): Promise<{ database: Database; stop: () => Promise<void> }>;
}

export const ENGINES: Engine[] = [
  {
    name: "PGlite on files (old default)",
    async open(dir) {
      const database = await openDatabase({ dataDir: join(dir, "pglite") });
      return { database, stop: () => database.close() };
    },
  },
  {
    name: "embedded PostgreSQL (new default)",
    async open(dir) {
      const server: EmbeddedPostgres = await startEmbeddedPostgres({ clusterDir: join(dir, "pg"), log: () => undefined });
      const database = await openDatabase({ url: server.url });
      return {
        database,
        stop: async () => {
          await database.close();
          await server.stop();
        },
      };
    },
  },
];

const seconds = (ms: number) => Math.round(ms / 100) / 10;

async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const t0 = performance.now();
  const value = await work();
  return [value, performance.now() - t0];
}

/** Sales per second over SECONDS with `clients` in flight, each sale three lines of the demo's stock. */
export async function salesPerSecond(database: Database, clients: number): Promise<{ rate: number; refused: number }> {
  const app = await buildApp({ db: database.db });
  try {
    const call = async (method: "GET" | "POST", path: string, token: string | null, payload?: object) => {
      const res = await app.inject({ method, url: `/api/${path}`, payload, headers: token ? { authorization: `Bearer ${token}` } : {} });
      return { status: res.statusCode, body: res.json<unknown>() };
    };
    const { token } = (await call("POST", "login/", null, { username: "admin", password: "admin" })).body as { token: string };
    const read = async <T>(path: string) => (await call("GET", path, token)).body as T;
    const me = await read<AuthUser>("user/me/");
    const branch = me.branches[0].id;
    const inventory = me.branches[0].inventories[0].id;
    const iqd = (await read<{ id: number }>("currency/base-currency/")).id;
    const customer = (await read<{ id: number; is_general: boolean }[]>(`customer/all/?branch=${branch}`)).find((c) => c.is_general)!.id;
    // Enough stock for every sale of the run: one purchase of 30 items.
    const supplier = (await read<{ id: number }[]>(`supplier/all/?branch=${branch}`))[0].id;
    const items = (await read<{ id: number }[]>("item/all/?item_type=1&is_active=true&ordering=id")).slice(0, 30);
    const purchase = await call("POST", "purchase/", token, {
      branch,
      inventory,
      supplier,
      currency: iqd,
      payment_type: "debit",
      cashbox: null,
      paid_amount: "0",
      discount: "0",
      items: items.map((item) => ({
        item: item.id,
        quantity: "100000",
        purchase_price: "1000",
        sale_price: "1500",
        batch_number: "",
        expire_date: null,
      })),
      form_token: `bench-default-purchase-${Date.now()}`,
    });
    if (purchase.status !== 201) throw new Error(`the bench's purchase was refused: ${JSON.stringify(purchase.body)}`);
    const stock = (await read<{ id: number }[]>(`stock/all/?inventory=${inventory}&quantity__gte=100000&ordering=-quantity`)).slice(0, 30);
    let n = 0;
    let done = 0;
    let refused = 0;
    const deadline = Date.now() + SECONDS * 1000;
    await Promise.all(
      Array.from({ length: clients }, async () => {
        while (Date.now() < deadline) {
          n += 1;
          const lines = [...new Set([0, 1, 2].map((k) => stock[(n * 3 + k) % stock.length].id))];
          const res = await call(
            "POST",
            "sale/",
            token,
            saleBody({ branch, inventory, customer }, lines, iqd, `bench-default-${Date.now()}-${n}`),
          );
          if (res.status === 201) done += 1;
          else refused += 1;
        }
      }),
    );
    return { rate: done / SECONDS, refused };
  } finally {
    await app.close();
  }
}

export async function runEmbeddedDefaultBench(): Promise<BenchResult[]> {
  const results: BenchResult[] = [];
  for (const engine of ENGINES) {
    const dir = mkdtempSync(join(tmpdir(), "bench-default-"));
    try {
      const [first, emptyMs] = await timed(async () => {
        const opened = await engine.open(dir);
        await opened.database.migrateAndRun(async () => undefined);
        return opened;
      });
      const [, seedMs] = await timed(() => seedIfEmpty(first.database.db, { demo: true }));
      await first.stop();
      const [full, fullMs] = await timed(async () => {
        const opened = await engine.open(dir);
        await opened.database.migrateAndRun(async () => undefined);
        return opened;
      });
      try {
        const one = await salesPerSecond(full.database, 1);
        const four = await salesPerSecond(full.database, 4);
        results.push(
          { name: `start on an empty folder, migrations applied (${engine.name})`, value: seconds(emptyMs), unit: "s" },
          {
            name: `start on the folder with the demo business (${engine.name})`,
            value: seconds(fullMs),
            unit: "s",
            detail: `seeding it took ${seconds(seedMs)} s`,
          },
          {
            name: `sales, one client (${engine.name})`,
            value: Math.round(one.rate),
            unit: "sales/s",
            detail: `${SECONDS} s, 3 lines each${one.refused ? `, ${one.refused} refused` : ""}`,
          },
          {
            name: `sales, four clients (${engine.name})`,
            value: Math.round(four.rate),
            unit: "sales/s",
            detail: `${SECONDS} s, 3 lines each${four.refused ? `, ${four.refused} refused` : ""}`,
          },
        );
      } finally {
        await full.stop();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  return results;
}
