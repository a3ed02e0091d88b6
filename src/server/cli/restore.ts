import { access } from "node:fs/promises";
import { basename, dirname, join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { parseRestoreMoment } from "../../core/backup-plan";
import { archiveOptions, backupPaths, backupRootFromEnv, prepareBackupFolders } from "../backup/backup-config";
import { listManifests, readManifest, type BackupManifest } from "../backup/backup-manifest";
import { holdsAnything, restoreBaseBackup, RestoreRefused, type RecoveryTarget } from "../backup/restore";
import { unprivilegedUser } from "../db/embedded-postgres";

/**
 * `npm run restore -- <backup> [--until "YYYY-MM-DD HH:MM"]`: a base backup (its folder, its name in
 * BACKUP_DIR, or `latest`) restored into an empty DATA_DIR, replayed from the archive beside it to its
 * end or to the moment given (local time). A DATA_DIR that holds a database is refused.
 */
const log = (line: string) => console.log(line);
const fail = (message: string): never => {
  console.error(message);
  process.exit(2);
};

const { positionals, values } = parseArgs({ allowPositionals: true, options: { until: { type: "string" } } });
if (positionals.length !== 1) fail('usage: npm run restore -- <backup folder | name | latest> [--until "YYYY-MM-DD HH:MM"]');
const until = values.until === undefined ? null : parseRestoreMoment(values.until);
if (values.until !== undefined && !until) fail(`--until takes a moment as "YYYY-MM-DD HH:MM" (or HH:MM:SS), not "${values.until}"`);

const dataDir = resolve(process.env.DATA_DIR ?? "./data");
const clusterDir = join(dataDir, "pg");
const ownPaths = backupPaths(backupRootFromEnv());

const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  );

/** The backup asked for: a folder with a manifest, a name under BACKUP_DIR/base, or the newest good one (before --until). */
async function findBackup(wanted: string): Promise<{ manifest: BackupManifest; folder: string }> {
  if (wanted === "latest") {
    const good = (await listManifests(ownPaths.base)).filter((m) => m.verified !== false && (!until || new Date(m.finished_at) <= until));
    if (!good[0]) fail(`No backup in ${ownPaths.base}${until ? " ended before that moment" : ""}.`);
    return { manifest: good[0], folder: join(ownPaths.base, good[0].name) };
  }
  for (const folder of [resolve(wanted), join(ownPaths.base, basename(wanted))]) {
    const manifest = await readManifest(folder);
    if (manifest) return { manifest, folder };
  }
  return fail(`${wanted} is not a backup (no manifest.json there, nor in ${ownPaths.base}).`);
}

if ((await holdsAnything(clusterDir)) || (await exists(join(dataDir, "PG_VERSION"))))
  fail(`${dataDir} holds a database: a restore goes into an empty DATA_DIR (move that one aside first).`);
const { manifest: backup, folder } = await findBackup(positionals[0]);
// The archive beside the backup (BACKUP_DIR/wal): where the backup is now, wherever it was taken.
const walArchive = join(dirname(dirname(folder)), "wal");
if (until && until < new Date(backup.finished_at))
  fail(`That backup ended at ${backup.finished_at}: restoring to an earlier moment needs an older backup (or "latest", which picks one).`);

const target: RecoveryTarget = until ? { kind: "time", at: until } : { kind: "end" };
const { own, ...archive } = archiveOptions(ownPaths);
if (own) await prepareBackupFolders(ownPaths, await unprivilegedUser(log));
log(
  `restoring ${folder} into ${clusterDir}, ${until ? `up to ${until.toISOString()}` : "to the end of the archive"} (WAL from ${walArchive})`,
);
try {
  const server = await restoreBaseBackup({
    backupDir: folder,
    walArchive,
    clusterDir,
    target,
    archive: {
      mode: archive.archiveMode,
      settings: { ...archive.settings, ...(archive.archiveCommand ? { archive_command: archive.archiveCommand } : {}) },
    },
    log,
  });
  await server.stop();
  log(`restored: start the product with DATA_DIR=${dataDir} (npm start)`);
} catch (error) {
  if (error instanceof RestoreRefused) fail(error.message);
  console.error(`The restore failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
