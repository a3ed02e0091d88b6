import { readdir, rm, stat } from "node:fs/promises";
import { join } from "node:path";
import { backupsToKeep, backupWarning, isPrunableWal, oldestNeededWal, restorableFrom, type BackupWarning } from "../../core/backup-plan";
import type { BackupPaths } from "./backup-config";
import { checkBackup } from "./backup-check";
import { listManifests, recordOf, type BackupManifest } from "./backup-manifest";
import { takeBaseBackup } from "./base-backup";

/** What taking a backup needs: the embedded server's address and folder, and BACKUP_DIR. */
export interface BackupContext {
  url: string;
  clusterDir: string;
  paths: BackupPaths;
  log: (line: string) => void;
}

/** Removes the backups the 7-daily, 4-weekly rule lets go, and the archived WAL none of the rest needs. */
export async function pruneBackups(paths: BackupPaths, log: (line: string) => void): Promise<void> {
  const manifests = await listManifests(paths.base);
  const keep = backupsToKeep(manifests.map(recordOf));
  for (const m of manifests) {
    if (keep.has(m.name)) continue;
    await rm(m.file, { recursive: true, force: true });
    log(`backup ${m.name}: removed (older than the 7 daily and 4 weekly kept)`);
  }
  const oldest = oldestNeededWal(manifests.filter((m) => keep.has(m.name)).map(recordOf));
  if (!oldest) return;
  for (const file of await readdir(paths.wal)) if (isPrunableWal(file, oldest)) await rm(join(paths.wal, file), { force: true });
}

/** A base backup now, then its check, then the pruning: what the schedule and `npm run backup` run. */
export async function takeCheckedBackup(ctx: BackupContext, kind: BackupManifest["kind"]): Promise<BackupManifest> {
  const taken = await takeBaseBackup(ctx.url, ctx.clusterDir, ctx.paths, kind);
  ctx.log(`backup ${taken.name}: written (${taken.size} bytes), checking it`);
  const checked = await checkBackup(taken, ctx.paths, ctx.log);
  await pruneBackups(ctx.paths, ctx.log);
  return checked;
}

/** The newest archived file's time: a restore reaches up to about then. */
async function archivedUntil(paths: BackupPaths): Promise<string | null> {
  const files = await readdir(paths.wal).catch(() => [] as string[]);
  let newest = 0;
  for (const file of files) {
    if (file.endsWith(".history")) continue;
    const info = await stat(join(paths.wal, file)).catch(() => null);
    if (info && info.mtimeMs > newest) newest = info.mtimeMs;
  }
  return newest ? new Date(newest).toISOString() : null;
}

export interface BackupStatus {
  backups: BackupManifest[];
  last: BackupManifest | null;
  restorable_from: string | null;
  restorable_until: string | null;
  warning: BackupWarning | null;
}

export async function backupStatus(paths: BackupPaths, now = new Date()): Promise<BackupStatus> {
  const backups = await listManifests(paths.base);
  const records = backups.map(recordOf);
  return {
    backups,
    last: backups[0] ?? null,
    restorable_from: restorableFrom(records),
    restorable_until: await archivedUntil(paths),
    warning: backupWarning(records, now),
  };
}

const HOUR_MS = 60 * 60 * 1000;

/**
 * The daily base backup, taken by the server itself: every hour it looks whether the newest backup
 * began `everyHours` ago or more, and takes one then (a server that was down catches up on start).
 */
export function startBackupSchedule(ctx: BackupContext, everyHours: number): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  const tick = () => {
    running = (async () => {
      const [newest] = await listManifests(ctx.paths.base);
      if (newest && Date.now() - new Date(newest.created_at).getTime() < everyHours * HOUR_MS) return;
      await takeCheckedBackup(ctx, "daily");
    })().catch((error: unknown) => ctx.log(`scheduled backup failed: ${error instanceof Error ? error.message : String(error)}`));
  };
  // A minute after start, so the start itself (migrations, the first requests) goes first.
  const first = setTimeout(tick, 60_000);
  const timer = setInterval(tick, HOUR_MS);
  first.unref();
  timer.unref();
  return async () => {
    clearTimeout(first);
    clearInterval(timer);
    await running;
  };
}
