import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { buildApp } from "../../src/server/app";
import { openDatabase } from "../../src/server/db/client";
import { seedIfEmpty } from "../../src/server/seed/seed";
import { wipePostgres } from "../api/support/test-app";
import type { AuthUser } from "../../src/core/api-types";
import type { BenchResult } from "./server-bench";
import { PGBENCH, pgbenchArgs, runPgbench, type PgbenchRun } from "./pgbench";
import { postgresCpuClock } from "./pg-cpu";
import { FLOOR_BRANCHES, saleBody, saleSqlFloor, type FloorRun } from "./sale-sql-floor";
import { saleProcedureFloor } from "./sale-procedure-floor";

/**
 * DESIGN section 6: document creation on the server (stock lock, movements, ledger) against
 * pgbench's TPC-B rate on the same PostgreSQL. Purchases and sales go through the real HTTP layer
 * (app.inject), several at once, as tablets would send them.
 */
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 4);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);

function pgbenchTpcB(url: string, cpuClock: (() => number) | null): PgbenchRun | null {
  if (!PGBENCH) return null;
  const args = pgbenchArgs(url);
  const db = "pgbench_compare";
  execFileSync(
    "psql",
    [...args, "-d", new URL(url).pathname.slice(1), "-c", `drop database if exists ${db}`, "-c", `create database ${db}`],
    { stdio: "ignore" },
  );
  execFileSync(PGBENCH, [...args, "-i", "-q", "-s", "10", db], { stdio: "ignore" });
  const compare = new URL(url);
  compare.pathname = `/${db}`;
  return runPgbench(compare.toString(), ["-c", String(CLIENTS), "-j", "2", "-T", String(SECONDS)], cpuClock);
}

/**
 * The floor any client of this server pays: transactions of `statements` trivial round trips from
 * pgbench's C client (no parsing, no JSON, no JavaScript), with the same clients.
 */
function roundTripTps(url: string, statements: number): number | null {
  const script = join(mkdtempSync(join(tmpdir(), "bench-rt-")), "round-trips.sql");
  writeFileSync(script, ["begin;", ...Array.from({ length: Math.max(statements - 2, 1) }, () => "select 1;"), "commit;", ""].join("\n"));
  return runPgbench(url, ["-n", "-c", String(CLIENTS), "-j", "2", "-T", String(SECONDS), "-f", script])?.tps ?? null;
}

/** Counts the statements every pg client of this process sends (begin and commit included). */
function countStatements(): { read: () => number; stop: () => void } {
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = proto.query;
  let count = 0;
  proto.query = function (this: unknown, ...args: unknown[]) {
    count += 1;
    return original.apply(this, args);
  };
  return { read: () => count, stop: () => void (proto.query = original) };
}

/** One API call; the body is unknown until the reader names its shape (`read`). */
type Call = (method: "GET" | "POST", path: string, token: string | null, payload?: unknown) => Promise<{ status: number; body: unknown }>;

const WORKER_COUNTS = (process.env.BENCH_WORKERS ?? "1,2")
  .split(",")
  .map(Number)
  .filter((n) => n > 0);
const SERVER_PORT = Number(process.env.BENCH_SERVER_PORT ?? 18_765);

/** The real server (src/server/main.ts) with WORKERS=n on the bench's database, and calls to it over HTTP. */
async function startServer(url: string, workers: number): Promise<{ call: Call; stop: () => Promise<void> }> {
  const main = fileURLToPath(new URL("../../src/server/main.ts", import.meta.url));
  const child = spawn(process.execPath, ["--import", "tsx", main], {
    env: {
      ...process.env,
      DATABASE_URL: url,
      WORKERS: String(workers),
      PORT: String(SERVER_PORT),
      HOST: "127.0.0.1",
      LOG_LEVEL: "silent",
      SEED_DEMO: "false",
      WEB_ROOT: "/nonexistent",
    },
    stdio: "ignore",
  });
  const exited = new Promise<void>((done) => child.once("exit", () => done()));
  const base = `http://127.0.0.1:${SERVER_PORT}/api/`;
  const call: Call = async (method, path, token, payload) => {
    const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
    if (payload !== undefined) headers["content-type"] = "application/json";
    const res = await fetch(base + path, { method, headers, body: payload === undefined ? undefined : JSON.stringify(payload) });
    return { status: res.status, body: await res.json() };
  };
  const stop = async () => {
    child.kill("SIGTERM");
    await exited;
  };
  for (let attempt = 0; attempt < 240; attempt++) {
    if (
      await fetch(`${base}health/`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { call, stop };
    await new Promise((wait) => setTimeout(wait, 250));
  }
  await stop();
  throw new Error(`the server with WORKERS=${workers} did not start`);
}

const SEQUENTIAL_SALES = Number(process.env.BENCH_SEQUENTIAL_SALES ?? 300);

/** Node CPU and wall time per sale, one sale at a time after a warm-up: the cost one process pays for each. */
async function sequentialCost(sell: () => Promise<number>): Promise<{ cpuMs: number; wallMs: number; load: string }> {
  for (let i = 0; i < 30; i++) await sell();
  const cpu0 = process.cpuUsage();
  const wall0 = performance.now();
  for (let i = 0; i < SEQUENTIAL_SALES; i++) {
    const status = await sell();
    if (status !== 201) throw new Error(`sequential sale answered ${status}`);
  }
  const cpu = process.cpuUsage(cpu0);
  return {
    cpuMs: (cpu.user + cpu.system) / 1000 / SEQUENTIAL_SALES,
    wallMs: (performance.now() - wall0) / SEQUENTIAL_SALES,
    load: loadavg()[0].toFixed(1),
  };
}

export async function runDocumentsBench(): Promise<BenchResult[]> {
  const url = process.env.BENCH_DATABASE_URL;
  if (!url) return [];
  await wipePostgres(url);
  const database = await openDatabase({ url });
  await database.migrateAndRun(async (db) => void (await seedIfEmpty(db, { demo: true })));
  const app = await buildApp({ db: database.db });
  const results: BenchResult[] = [];
  try {
    const call: Call = async (method, path, token, payload) => {
      const res = await app.inject({
        method,
        url: `/api/${path}`,
        payload: payload as object,
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
      return { status: res.statusCode, body: res.json() };
    };
    const read = async <T>(path: string, token: string): Promise<T> => (await call("GET", path, token)).body as T;
    const { token } = (await call("POST", "login/", null, { username: "admin", password: "admin" })).body as { token: string };
    const me = await read<AuthUser>("user/me/", token);
    const branch = me.branches[0].id;
    const inventory = me.branches[0].inventories[0].id;
    const iqd = (await read<{ id: number }>("currency/base-currency/", token)).id;
    const supplier = (await read<{ id: number }[]>(`supplier/all/?branch=${branch}`, token))[0].id;
    const customer = (await read<{ id: number; is_general: boolean }[]>(`customer/all/?branch=${branch}`, token)).find(
      (c) => c.is_general,
    )!.id;
    const items = (await read<{ id: number }[]>("item/all/?item_type=1&is_active=true&ordering=id", token)).slice(0, 40);

    let counter = 0;
    const purchaseBody = () => ({
      branch,
      inventory,
      supplier,
      currency: iqd,
      payment_type: "debit",
      cashbox: null,
      paid_amount: "0",
      discount: "0",
      items: [0, 1, 2].map((k) => ({
        item: items[(counter * 3 + k) % items.length].id,
        quantity: "50",
        purchase_price: "1000",
        sale_price: "1500",
        batch_number: "",
        expire_date: null,
      })),
      form_token: `bench-p-${Date.now()}-${++counter}`,
    });

    async function measure(name: string, make: () => Promise<number>): Promise<number> {
      const deadline = Date.now() + SECONDS * 1000;
      let done = 0;
      let failed = 0;
      await Promise.all(
        Array.from({ length: CLIENTS }, async () => {
          while (Date.now() < deadline) {
            const status = await make();
            if (status === 201) done += 1;
            else failed += 1;
          }
        }),
      );
      if (failed > 0) console.warn(`${name}: ${failed} refused`);
      return done / SECONDS;
    }

    const purchasesPerSecond = await measure("purchases", async () => (await call("POST", "purchase/", token, purchaseBody())).status);
    const stockRows = (await read<{ id: number }[]>(`stock/all/?inventory=${inventory}&quantity__gte=100&ordering=-quantity`, token)).slice(
      0,
      30,
    );
    let saleCounter = 0;
    const saleVia = (send: Call) => async () => {
      saleCounter += 1;
      const stocks = [...new Set([0, 1, 2].map((k) => stockRows[(saleCounter * 3 + k) % stockRows.length].id))];
      const res = await send(
        "POST",
        "sale/",
        token,
        saleBody({ branch, inventory, customer }, stocks, iqd, `bench-s-${Date.now()}-${saleCounter}`),
      );
      return res.status;
    };
    const sell = saleVia(call);
    const counter0 = saleCounter;
    const statements = countStatements();
    const salesPerSecond = await measure("sales", sell);
    statements.stop();
    const statementsPerSale = Math.round(statements.read() / (saleCounter - counter0));
    const cost = await sequentialCost(sell);
    const overHttp: { workers: number; rate: number }[] = [];
    for (const workers of WORKER_COUNTS) {
      const server = await startServer(url, workers);
      try {
        overHttp.push({ workers, rate: await measure(`sales over HTTP, ${workers} workers`, saleVia(server.call)) });
      } finally {
        await server.stop();
      }
    }
    const cpuClock = await postgresCpuClock(url);
    const tpcB = pgbenchTpcB(url, cpuClock);
    const tps = tpcB?.tps ?? null;
    const floor = roundTripTps(url, statementsPerSale);
    const tpsLoad = loadavg()[0].toFixed(1);
    const saleSql = await saleSqlFloor({
      url,
      clients: CLIENTS,
      seconds: SECONDS,
      cpuClock,
      currency: iqd,
      post: (body) => call("POST", "sale/", token, body),
    });
    const procedure = saleSql.runs.length
      ? await saleProcedureFloor({ url, clients: CLIENTS, seconds: SECONDS, cpuClock }, saleSql.third, saleSql.answerBytes)
      : [];
    const floorResult =
      (what: string, file: string) =>
      (run: FloorRun): BenchResult => ({
        name: `${what} (pgbench C client), ${run.branches === 1 ? "all clients in one branch" : `spread over ${FLOOR_BRANCHES} branches`}, ${CLIENTS} clients`,
        value: Math.round(run.tps),
        unit: "tps",
        detail: `${tps ? `${Math.round((run.tps / tps) * 100)}% of TPC-B` : "TPC-B not measured"} (${file}); per transaction ${run.rowsPerSale}${run.cpuMs !== null && tpcB?.cpuMs ? `; PostgreSQL CPU ${run.cpuMs.toFixed(2)} ms per transaction (TPC-B ${tpcB.cpuMs.toFixed(2)} ms)` : ""}; load average ${run.load} after, ${tpsLoad} after TPC-B${run.statementMeans ? `; means: ${run.statementMeans}` : ""}`,
      });
    const versus = (rate: number) =>
      tps ? `${Math.round((rate / tps) * 100)}% of pgbench TPC-B (${Math.round(tps)} tps, ${CLIENTS} clients)` : "pgbench not found";
    results.push(
      {
        name: `purchases created per second, 3 lines, ${CLIENTS} concurrent clients (PostgreSQL)`,
        value: Math.round(purchasesPerSecond),
        unit: "purchases/s",
        budget: "(issue 4: against pgbench)",
        detail: versus(purchasesPerSecond),
      },
      {
        name: `sales created per second, 3 lines, ${CLIENTS} concurrent clients (PostgreSQL)`,
        value: Math.round(salesPerSecond),
        unit: "sales/s",
        budget: "at least a third of pgbench TPC-B",
        detail: versus(salesPerSecond),
      },
      ...overHttp.map(({ workers, rate }) => ({
        name: `sales created per second over HTTP, WORKERS=${workers}, 3 lines, ${CLIENTS} concurrent clients (PostgreSQL)`,
        value: Math.round(rate),
        unit: "sales/s",
        detail: `${versus(rate)}; the clients (fetch) run on the same cores`,
      })),
      {
        name: "Node CPU per sale, one at a time (the server's process: HTTP layer, validation, queries, driver)",
        value: Number(cost.cpuMs.toFixed(2)),
        unit: "ms",
        detail: `${cost.wallMs.toFixed(1)} ms wall per sale; load average ${cost.load} during the run (CPU time is far less sensitive to load than wall time)`,
      },
      {
        name: "statements per sale (token check, begin and commit included)",
        value: statementsPerSale,
        unit: "statements",
        detail: floor
          ? `pgbench's C client doing ${statementsPerSale} trivial round trips per transaction: ${Math.round(floor)} tps (the floor without any server work)`
          : "pgbench not found",
      },
      ...saleSql.runs.map(floorResult("sale SQL alone", "statements of one captured sale, tests/bench/sale-sql-floor.ts")),
      ...procedure.map(
        floorResult("sale as one stored-procedure call", "same writes, one round trip, cached plans, tests/bench/sale-procedure-floor.ts"),
      ),
    );
  } finally {
    await app.close();
    await database.close();
  }
  return results;
}
