import { spawn } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmbeddedPostgres, type EmbeddedPostgres } from "../../src/server/db/embedded-postgres";
import { api, embeddedClient, login, startServer, stopServer, type ServerProcess } from "./support/server-process";

/**
 * The embedded default's backups, on `npm start`'s server with the demo business: a base backup taken
 * through the API and checked by the server (restored into a scratch folder, started, counted), then
 * `npm run restore` into empty folders, to the end of the archive and to a moment before a wrong
 * delete, and refused on a folder that holds a database.
 */

const root = resolve(fileURLToPath(new URL(".", import.meta.url)), "../..");
const dirs: string[] = [];
/** A temporary folder the `postgres` user may enter (the server runs PostgreSQL as it when the tests run as root). */
const newDir = () => {
  const dir = mkdtempSync(join(tmpdir(), "backoffice-backup-test-"));
  chmodSync(dir, 0o711);
  dirs.push(dir);
  return dir;
};

let server: ServerProcess;
let db: pg.Client;
let admin: string;
let backupDir: string;
const restored: EmbeddedPostgres[] = [];

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
  return one<World>(
    `select b.id as branch, c.id as currency,
       (select id from inventory where branch_id = b.id order by id limit 1) as inventory,
       (select id from cashbox where branch_id = b.id and currency_id = c.id order by id limit 1) as cashbox,
       (select id from customer where name = 'Aram Market') as customer
     from branch b, currency c where b.name = 'Erbil Main' and c.code = 'IQD'`,
  ).then(async (world) => {
    const { stock } = await one<{ stock: number }>(
      "select s.id as stock from stock s join item i on i.id = s.item_id where s.inventory_id = $1 and i.item_type = 1 order by s.quantity desc limit 1",
      [world.inventory],
    );
    await db.query("update stock set quantity = quantity + 100 where id = $1", [stock]);
    return { ...world, stock };
  });
}

let tokens = 0;
async function sell(count: number): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    const res = await api<{ id: number }>(server.baseUrl, admin, "POST", "/api/sale/", {
      branch: w.branch,
      inventory: w.inventory,
      customer: w.customer,
      currency: w.currency,
      payment_type: "cash",
      cashbox: w.cashbox,
      paid_amount: "1000",
      discount: "0",
      items: [{ stock: w.stock, quantity: "1", price: "1000" }],
      form_token: `backup-test-${Date.now()}-${++tokens}`,
    });
    expect(res.status).toBe(201);
    ids.push(res.body.id);
  }
  return ids;
}

/** Closes the current WAL segment and waits for the archive to hold it (what archive_timeout does on a quiet server). */
async function archiveNow() {
  const { wal } = await one<{ wal: string }>("select pg_walfile_name(pg_switch_wal()) as wal");
  const until = Date.now() + 30_000;
  for (;;) {
    const { last } = await one<{ last: string | null }>("select last_archived_wal as last from pg_stat_archiver");
    if (last && last >= wal) return;
    if (Date.now() > until) throw new Error(`${wal} not archived in time`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** `npm run restore -- <args>` with its own DATA_DIR and BACKUP_DIR. */
function runRestore(dataDir: string, args: string[]): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ["--import", "tsx", "src/server/cli/restore.ts", ...args], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, BACKUP_DIR: join(dataDir, "backups") },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((done) => child.once("exit", (code) => done({ code, output })));
}

/** The restored cluster, started as it is (no archiving), and its sales' ids. */
async function restoredSales(dataDir: string): Promise<number[]> {
  const started = await startEmbeddedPostgres({ clusterDir: join(dataDir, "pg"), log: () => undefined });
  restored.push(started);
  const client = new pg.Client({ connectionString: started.url });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: number }>("select id from sale order by id");
    return rows.map((r) => r.id);
  } finally {
    await client.end();
    await started.stop();
  }
}

const saleIds = async () => (await db.query<{ id: number }>("select id from sale order by id")).rows.map((r) => r.id);

/** `YYYY-MM-DD HH:MM:SS` in local time, as someone reading the clock types it. */
const localMoment = (date: Date) => {
  const two = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())} ${two(date.getHours())}:${two(date.getMinutes())}:${two(date.getSeconds())}`;
};

interface BackupView {
  file: string;
  created_at: string;
  finished_at: string;
  size: number;
  verified: boolean | null;
  check_error: string | null;
  counts: Record<string, number>;
}
let backup: BackupView;

beforeAll(async () => {
  const dataDir = newDir();
  backupDir = join(newDir(), "backups");
  server = await startServer(dataDir, { BACKUP_DIR: backupDir, BACKUP_EVERY_HOURS: "0" });
  db = await embeddedClient(dataDir);
  admin = await login(server.baseUrl, "admin");
  w = await readWorld();
});

afterAll(async () => {
  await db?.end().catch(() => undefined);
  for (const started of restored) await started.stop().catch(() => undefined);
  if (server) await stopServer(server);
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe("backups of the embedded default", () => {
  it("archives the WAL into BACKUP_DIR by default, takes a base backup on POST backup/ and checks it by restoring and counting", async () => {
    const { archive_mode } = await one<{ archive_mode: string }>("show archive_mode");
    expect(archive_mode).toBe("on");
    await sell(3);
    const sales = (await saleIds()).length;

    const cashier = await login(server.baseUrl, "cashier");
    expect((await api(server.baseUrl, cashier, "POST", "/api/backup/")).status).toBe(403);
    expect((await api(server.baseUrl, cashier, "GET", "/api/backup/")).status).toBe(403);

    const taken = await api<BackupView>(server.baseUrl, admin, "POST", "/api/backup/");
    expect(taken.status).toBe(201);
    expect(taken.body.file.startsWith(join(backupDir, "base"))).toBe(true);
    expect(taken.body.size).toBeGreaterThan(1_000_000);
    expect(existsSync(join(taken.body.file, "data", "backup_label"))).toBe(true);

    // The check runs after the answer: restored into a scratch folder, started, counted.
    const until = Date.now() + 90_000;
    for (;;) {
      const list = await api<BackupView[]>(server.baseUrl, admin, "GET", "/api/backup/");
      expect(list.status).toBe(200);
      backup = list.body[0];
      if (backup.verified !== null || Date.now() > until) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    expect(backup.check_error).toBeNull();
    expect(backup.verified).toBe(true);
    expect(backup.counts.sale).toBe(sales);
    const manifest = JSON.parse(readFileSync(join(backup.file, "manifest.json"), "utf8")) as { restored_counts: Record<string, number> };
    expect(manifest.restored_counts.sale).toBe(sales);
    expect(manifest.restored_counts.app_user).toBeGreaterThan(0);
    // Nothing of the check is left behind.
    expect(existsSync(join(backupDir, ".check", `pg-${backup.file.split("/").pop()}`))).toBe(false);
  });

  it("answers the settings screen the last backup and how far back a restore can go", async () => {
    const status = await api<{
      managed: boolean;
      last: BackupView;
      restorable_from: string;
      restorable_until: string;
      warning: string | null;
    }>(server.baseUrl, admin, "GET", "/api/backup/status/");
    expect(status.status).toBe(200);
    expect(status.body.managed).toBe(true);
    expect(status.body.last).toMatchObject({ file: backup.file, created_at: backup.created_at, size: backup.size, verified: true });
    expect(status.body.restorable_from).toBe(backup.finished_at);
    expect(new Date(status.body.restorable_until).getTime()).toBeGreaterThanOrEqual(new Date(backup.created_at).getTime());
    expect(status.body.warning).toBeNull();
  });

  it("restores into an empty DATA_DIR to the end of the archive: every sale is back, and a folder holding a database is refused", async () => {
    await sell(4);
    await archiveNow();
    const live = await saleIds();

    const target = newDir();
    const run = await runRestore(target, [backup.file]);
    expect(run.output).toContain("restored");
    expect(run.code).toBe(0);
    expect(await restoredSales(target)).toEqual(live);

    const again = await runRestore(target, [backup.file]);
    expect(again.code).toBe(2);
    expect(again.output).toContain("holds a database");
    // The restored cluster is untouched.
    expect(await restoredSales(target)).toEqual(live);
  });

  it("restores to a moment before a wrong delete (--until): the deleted sales are back, later ones are not", async () => {
    await sell(2);
    // A whole second after every sale so far, before the delete.
    await new Promise((r) => setTimeout(r, 1100 - (Date.now() % 1000)));
    const moment = new Date(Math.floor(Date.now() / 1000) * 1000);
    const before = await saleIds();
    await new Promise((r) => setTimeout(r, 1100));
    const deleted = before.slice(-3);
    await db.query("delete from sale where id = any($1)", [deleted]);
    const [later] = await sell(1);
    await archiveNow();
    expect(await saleIds()).not.toEqual(expect.arrayContaining(deleted));

    const target = newDir();
    const run = await runRestore(target, [backup.file, "--until", localMoment(moment)]);
    expect(run.output).toContain("restored");
    expect(run.code).toBe(0);
    const back = await restoredSales(target);
    expect(back).toEqual(before);
    expect(back).toEqual(expect.arrayContaining(deleted));
    expect(back).not.toContain(later);
  });
});
