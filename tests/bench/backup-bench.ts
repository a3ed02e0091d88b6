import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { archiveOptions, backupPaths, prepareBackupFolders } from "../../src/server/backup/backup-config";
import { openDatabase, queryRows } from "../../src/server/db/client";
import { startEmbeddedPostgres, unprivilegedUser } from "../../src/server/db/embedded-postgres";
import { seedIfEmpty } from "../../src/server/seed/seed";
import { bulkSales } from "./sales-list-bench";

/**
 * The embedded default's backup and restore on a big business (issue 36): the demo business plus
 * BENCH_BACKUP_SALES sale headers (sales-list-bench.ts's bulkSales: headers, 20k customers, a return in a
 * hundred; no lines nor postings), then `npm run backup` (a base backup, checked: restored into a scratch
 * folder, started, counted) and `npm run restore -- latest` into an empty DATA_DIR, each timed as a whole
 * process; the restored database is started and its sales counted.
 *
 *   npx tsx tests/bench/backup-bench.ts      BENCH_BACKUP_SALES=1000000
 */
const SALES = Number(process.env.BENCH_BACKUP_SALES ?? 1_000_000);
const root = mkdtempSync(join(tmpdir(), "bench-backup-"));
const dataDir = join(root, "data");
const backupDir = join(root, "backups");
const restoredDir = join(root, "restored");
const log = () => undefined;
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(" ");
const du = (path: string) => spawnSync("du", ["-sh", path], { encoding: "utf8" }).stdout.split("\t")[0];
const env = { ...process.env, BACKUP_DIR: backupDir, DATABASE_URL: "" };

const countSales = async (clusterDir: string) => {
  const server = await startEmbeddedPostgres({ clusterDir, log });
  const database = await openDatabase({ url: server.url });
  try {
    return (await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from sale`))[0].n;
  } finally {
    await database.close();
    await server.stop();
  }
};

const timedRun = (args: string[], extra: Record<string, string>) => {
  const t0 = performance.now();
  const run = spawnSync("npm", ["run", "--silent", ...args], { env: { ...env, ...extra }, encoding: "utf8" });
  const seconds = (performance.now() - t0) / 1000;
  if (run.status !== 0) throw new Error(`npm run ${args.join(" ")}: exit ${run.status}\n${run.stdout}\n${run.stderr}`);
  return { seconds, out: run.stdout };
};

try {
  const t0 = performance.now();
  const paths = backupPaths(backupDir);
  const { own, ...archive } = archiveOptions(paths);
  if (own) await prepareBackupFolders(paths, await unprivilegedUser(log));
  const server = await startEmbeddedPostgres({ clusterDir: join(dataDir, "pg"), ...archive, log });
  const database = await openDatabase({ url: server.url });
  await database.migrateAndRun(async (db) => void (await seedIfEmpty(db, { demo: true })));
  await bulkSales(database.db, SALES);
  await database.db.execute(sql`vacuum analyze`);
  const [{ n: sales }] = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from sale`);
  await database.close();
  await server.stop();
  console.log(
    `backup bench: ${sales.toLocaleString("en")} sales, ${du(dataDir)} on disk, made in ${((performance.now() - t0) / 1000).toFixed(1)} s; load ${load()}`,
  );

  const backup = timedRun(["backup"], { DATA_DIR: dataDir });
  const manifest = JSON.parse(backup.out.slice(backup.out.indexOf("{"))) as { size: number; verified: boolean };
  console.log(
    `npm run backup (base backup and its check): ${backup.seconds.toFixed(1)} s, ${(manifest.size / 1024 / 1024).toFixed(0)} MiB, verified ${manifest.verified}; ` +
      `archive ${du(join(backupDir, "wal"))}; load ${load()}`,
  );
  const restore = timedRun(["restore", "--", "latest"], { DATA_DIR: restoredDir });
  console.log(`npm run restore -- latest (into an empty folder, archive replayed): ${restore.seconds.toFixed(1)} s; load ${load()}`);
  const restored = await countSales(join(restoredDir, "pg"));
  console.log(`the restored database starts and holds ${restored.toLocaleString("en")} sales (${restored === sales ? "all" : "NOT all"})`);
  if (restored !== sales) process.exitCode = 1;
} finally {
  rmSync(root, { recursive: true, force: true });
}
