import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql } from "drizzle-orm";
import type pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase, queryRows } from "../../src/server/db/client";
import { seedIfEmpty } from "../../src/server/seed/seed";
import {
  alive,
  api,
  embeddedClient,
  login,
  postgresChildren,
  postmasterPid,
  startServer,
  stopServer,
  type ServerProcess,
} from "./support/server-process";

/**
 * `npm start`'s server (a child process) on the embedded PostgreSQL: on an empty DATA_DIR it makes and
 * runs its own durable cluster; a DATA_DIR of the PGlite default is moved into it with every row; a
 * sale's 201 comes after its WAL flush (seen with strace); and a kill -9 of the server and the
 * database together loses nothing acknowledged and books nothing twice. The last three share one
 * server, on the moved demo business (seeding it costs most of this file's time).
 */

const dirs: string[] = [];
const newDataDir = () => {
  const dir = mkdtempSync(join(tmpdir(), "backoffice-server-test-"));
  dirs.push(dir);
  return dir;
};

let dataDir: string;
let server: ServerProcess;
let db: pg.Client;
let admin: string;

interface World {
  branch: number;
  inventory: number;
  cashbox: number;
  customer: number;
  currency: number;
  stock: number;
}
let w: World;

const one = async <T>(query: string, values: unknown[] = []) => (await db.query(query, values)).rows[0] as T;

async function readWorld(): Promise<World> {
  const { branch } = await one<{ branch: number }>("select id as branch from branch where name = 'Erbil Main'");
  const { currency } = await one<{ currency: number }>("select id as currency from currency where code = 'IQD'");
  const { inventory } = await one<{ inventory: number }>("select id as inventory from inventory where branch_id = $1 order by id limit 1", [
    branch,
  ]);
  const { cashbox } = await one<{ cashbox: number }>(
    "select id as cashbox from cashbox where branch_id = $1 and currency_id = $2 order by id limit 1",
    [branch, currency],
  );
  const { customer } = await one<{ customer: number }>("select id as customer from customer where name = 'Aram Market'");
  const { stock } = await one<{ stock: number }>(
    "select s.id as stock from stock s join item i on i.id = s.item_id where s.inventory_id = $1 and i.item_type = 1 order by s.quantity desc limit 1",
    [inventory],
  );
  return { branch, inventory, cashbox, customer, currency, stock };
}

/** One unit at 1,000 IQD, paid in cash into the cashbox. */
const sale = (formToken: string) => ({
  branch: w.branch,
  inventory: w.inventory,
  customer: w.customer,
  currency: w.currency,
  payment_type: "cash",
  cashbox: w.cashbox,
  paid_amount: "1000",
  discount: "0",
  items: [{ stock: w.stock, quantity: "1", price: "1000" }],
  form_token: formToken,
});

async function books() {
  const stock = await one<{ q: string }>("select quantity::text as q from stock where id = $1", [w.stock]);
  const cash = await one<{ b: string }>(
    "select coalesce(sum(debit - credit), 0)::text as b from ledger_entry where account_type = 'cashbox' and account_id = $1 and currency_id = $2",
    [w.cashbox, w.currency],
  );
  const sales = await one<{ n: string }>("select count(*)::text as n from sale");
  return { stock: Number(stock.q), cash: Number(cash.b), sales: Number(sales.n) };
}

/** Makes room for a burst: the stock row gets units through SQL so a short demo stock never refuses a sale. */
async function topUpStock(units: number) {
  await db.query("update stock set quantity = quantity + $2 where id = $1", [w.stock, units]);
}

afterAll(async () => {
  await db?.end().catch(() => undefined);
  if (server) await stopServer(server);
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** Each table's rows as text in id order, hashed: equal digests, equal rows. */
const digestOf = (table: string) =>
  `select count(*)::int as n, md5(coalesce(string_agg(t::text, '|' order by t.id), '')) as digest from ${table} t`;
const MOVED_TABLES = ["sale", "sale_item", "ledger_entry", "app_user", "stock", "stock_movement"];
type Digests = Record<string, { n: number; digest: string }>;

/**
 * DATA_DIR as the PGlite default left it (PGlite's data directory straight in DATA_DIR), with the demo
 * business: seeded in memory (much faster than on PGlite's files) and written out by PGlite itself.
 */
async function pgliteDataDir(dir: string): Promise<Digests> {
  const seeded = await openDatabase({ dataDir: "memory://" });
  await seeded.migrateAndRun(async (db) => {
    await seedIfEmpty(db, { demo: true });
  });
  const dump = await (seeded.db as unknown as { $client: PGlite }).$client.dumpDataDir("none");
  await seeded.close();
  const onDisk = await PGlite.create({ dataDir: dir, loadDataDir: dump, extensions: { pg_trgm } });
  await onDisk.close();
  const reopened = await openDatabase({ dataDir: dir });
  await reopened.db.execute(sql`set timezone = 'UTC'`);
  const digests: Digests = {};
  for (const table of MOVED_TABLES)
    [digests[table]] = await queryRows<{ n: number; digest: string }>(reopened.db, sql.raw(digestOf(table)));
  await reopened.close();
  return digests;
}

let tokens = 0;
const newToken = () => `server-test-${Date.now()}-${++tokens}`;

describe("the embedded default", () => {
  it("starts on an empty folder on its own PostgreSQL, with fsync and synchronous_commit on, and stops it on SIGTERM", async () => {
    dataDir = newDataDir();
    server = await startServer(dataDir, { SEED_DEMO: "false", ADMIN_PASSWORD: "first admin password" });
    db = await embeddedClient(dataDir);
    const show = async (name: string) => (await db.query<Record<string, string>>(`show ${name}`)).rows[0][name];
    expect(await show("fsync")).toBe("on");
    expect(await show("synchronous_commit")).toBe("on");
    expect(await show("full_page_writes")).toBe("on");
    expect(await show("wal_level")).toBe("replica");
    expect(await show("listen_addresses")).toBe("127.0.0.1");
    expect(await show("unix_socket_directories")).toBe("");
    // The server's own pool is connected to this very cluster.
    const { n } = await one<{ n: string }>(
      "select count(*)::text as n from pg_stat_activity where application_name = 'backoffice' and datname = 'backoffice' and pid <> pg_backend_pid()",
    );
    expect(Number(n)).toBeGreaterThan(0);
    expect(server.output()).toContain("embedded PostgreSQL");
    await db.end();

    const postmaster = postmasterPid(dataDir);
    expect(await stopServer(server)).toBe(0);
    expect(alive(postmaster)).toBe(false);
  });

  it("moves a PGlite folder into the embedded PostgreSQL on first start: every sale, ledger row and user is there", async () => {
    dataDir = newDataDir();
    const before = await pgliteDataDir(dataDir);
    expect(before.sale.n).toBeGreaterThan(0);
    expect(before.ledger_entry.n).toBeGreaterThan(0);

    server = await startServer(dataDir);
    expect(server.output()).toMatch(/moved the PGlite database into the embedded PostgreSQL/);
    db = await embeddedClient(dataDir);
    await db.query("set timezone = 'UTC'");
    for (const table of MOVED_TABLES) {
      const { rows } = await db.query<{ n: number; digest: string }>(digestOf(table));
      expect({ table, ...rows[0] }).toEqual({ table, ...before[table] });
    }
    await db.query("reset timezone");
    // The demo users sign in with their passwords, on the moved database.
    admin = await login(server.baseUrl, "admin");
    w = await readWorld();

    // PGlite's files are kept whole beside the cluster, with the dump that was restored.
    expect(existsSync(join(dataDir, "PG_VERSION"))).toBe(false);
    const old = readdirSync(dataDir).filter((name) => name.startsWith("pglite-old-"));
    expect(old).toHaveLength(1);
    for (const kept of ["PG_VERSION", "base", "global", "pg_wal", "pglite-dump.sql"])
      expect(existsSync(join(dataDir, old[0], kept))).toBe(true);
  });

  it("answers each sale's 201 only after PostgreSQL flushed its WAL (strace of every postgres process)", async () => {
    await topUpStock(100);
    const postmaster = postmasterPid(dataDir);
    const pids = [postmaster, ...postgresChildren(postmaster)];
    const traceFile = join(dataDir, "strace.out");
    const strace = spawn(
      "/usr/bin/strace",
      ["-f", "-ttt", "-T", "-y", "-e", "trace=fdatasync,fsync", "-o", traceFile, ...pids.flatMap((p) => ["-p", String(p)])],
      {
        stdio: ["ignore", "ignore", "pipe"],
      },
    );
    let attached = 0;
    await new Promise<void>((ready, fail) => {
      strace.stderr.on("data", (chunk: Buffer) => {
        attached += (chunk.toString().match(/attached/g) ?? []).length;
        if (attached >= pids.length) ready();
      });
      strace.once("exit", (code) => fail(new Error(`strace ended (${code}) before attaching`)));
    });
    const stopped = new Promise((done) => strace.once("exit", done));

    const now = () => performance.timeOrigin + performance.now();
    const acknowledged: [number, number][] = [];
    for (let i = 0; i < 50; i++) {
      const sent = now();
      const res = await api(server.baseUrl, admin, "POST", "/api/sale/", sale(newToken()));
      const answered = now();
      expect(res.status).toBe(201);
      acknowledged.push([sent, answered]);
    }
    strace.kill("SIGINT");
    await stopped;

    // `PID 1764612345.123456 fdatasync(7</.../pg_wal/000000010000000000000001>) = 0 <0.000812>`
    const flushes = readFileSync(traceFile, "utf8")
      .split("\n")
      .map((line) => /^\d+\s+(\d+\.\d+) f(?:data)?sync\(\d+<([^>]*)>\) = 0 <(\d+\.\d+)>/.exec(line))
      .filter((m): m is RegExpExecArray => !!m && m[2].includes("/pg_wal/"))
      .map((m) => ({ start: Number(m[1]) * 1000, end: (Number(m[1]) + Number(m[3])) * 1000 }));
    expect(flushes.length).toBeGreaterThanOrEqual(50);
    // Every answer had a WAL flush that began after its request left and ended before its answer came.
    const unflushed = acknowledged.filter(([sent, answered]) => !flushes.some((f) => f.start >= sent && f.end <= answered));
    expect(unflushed).toEqual([]);
  });

  it("after a kill -9 of the server and PostgreSQL mid-burst, every sale replayed is booked once and stock and cashbox are exact", async () => {
    await topUpStock(100);
    const before = await books();
    await db.end();

    const burst = Array.from({ length: 40 }, () => newToken());
    const answers = new Map<string, number>();
    let resolveEnough: () => void;
    const enough = new Promise<void>((r) => (resolveEnough = r));
    const requests = burst.map(async (token) => {
      try {
        const res = await api<{ id: number }>(server.baseUrl, admin, "POST", "/api/sale/", sale(token));
        if (res.status === 201) answers.set(token, res.body.id);
        if (answers.size >= 5) resolveEnough();
      } catch {
        // cut off by the kill: the device keeps it in its outbox
      }
    });
    await Promise.race([enough, Promise.all(requests)]);
    const postmaster = postmasterPid(dataDir);
    const backends = postgresChildren(postmaster);
    process.kill(server.child.pid!, "SIGKILL");
    process.kill(postmaster, "SIGKILL");
    for (const pid of backends) if (alive(pid)) process.kill(pid, "SIGKILL");
    await Promise.all(requests);
    await server.exited;
    const acknowledgedBeforeCrash = new Map(answers);
    expect(acknowledgedBeforeCrash.size).toBeGreaterThanOrEqual(5);

    // The next start finds postmaster.pid of the dead postmaster and lets PostgreSQL recover.
    server = await startServer(dataDir);
    db = await embeddedClient(dataDir);
    admin = await login(server.baseUrl, "admin");
    // The devices replay everything they hold, acknowledged or not.
    const ids = new Set<number>();
    for (const token of burst) {
      const res = await api<{ id: number }>(server.baseUrl, admin, "POST", "/api/sale/", sale(token));
      expect(res.status).toBe(201);
      const earlier = acknowledgedBeforeCrash.get(token);
      if (earlier !== undefined) expect(res.body.id).toBe(earlier);
      ids.add(res.body.id);
    }
    expect(ids.size).toBe(burst.length);
    const after = await books();
    expect(after.sales - before.sales).toBe(burst.length);
    expect(before.stock - after.stock).toBe(burst.length);
    expect(after.cash - before.cash).toBe(burst.length * 1000);
  });
});
