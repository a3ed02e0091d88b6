import { join, resolve } from "node:path";
import { archiveOptions, backupPaths, backupRootFromEnv, prepareBackupFolders, unmanagedReason } from "../backup/backup-config";
import { takeCheckedBackup } from "../backup/backup-service";
import { runningClusterUrl } from "../backup/running-cluster";
import { startEmbeddedPostgres, unprivilegedUser, type EmbeddedPostgres } from "../db/embedded-postgres";

/**
 * `npm run backup`: a base backup of the embedded default now, checked (restored into a scratch
 * folder, started, counted) and the old ones pruned. Against the running server when there is one,
 * otherwise on a server started for it and stopped after.
 */
const log = (line: string) => console.log(line);
const dataDir = resolve(process.env.DATA_DIR ?? "./data");
const clusterDir = join(dataDir, "pg");
const paths = backupPaths(backupRootFromEnv());

const reason = unmanagedReason();
if (reason) {
  console.error(
    reason === "external"
      ? "DATABASE_URL names another server: back it up with its own tools (pg_basebackup, WAL archiving, pg_dump)."
      : "The embedded PostgreSQL's archiving is off or the administrator's own (PG_ARCHIVE_MODE, PG_ARCHIVE_COMMAND): the product takes no backups of its own.",
  );
  process.exit(2);
}

let started: EmbeddedPostgres | undefined;
let url = await runningClusterUrl(clusterDir);
if (!url) {
  const { own, ...archive } = archiveOptions(paths);
  if (own) await prepareBackupFolders(paths, await unprivilegedUser(log));
  started = await startEmbeddedPostgres({ clusterDir, ...archive, log });
  url = started.url;
}
try {
  const backup = await takeCheckedBackup({ url, clusterDir, paths, log }, "manual");
  console.log(JSON.stringify({ file: backup.file, created_at: backup.created_at, size: backup.size, verified: backup.verified }, null, 2));
  process.exitCode = backup.verified ? 0 : 1;
} finally {
  await started?.stop();
}
