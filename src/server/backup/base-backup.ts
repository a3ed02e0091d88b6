import { mkdir, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import pg from "pg";
import type { BackupPaths } from "./backup-config";
import { writeManifest, type BackupManifest } from "./backup-manifest";
import { copyClusterFiles } from "./cluster-files";
import { countRows } from "./table-counts";

/** One base backup at a time, across every process of the product (the schedule, the screen, npm run backup). */
const BACKUP_LOCK_KEY = 727_036;
/** pg_backup_stop waits until the WAL the backup needs is archived; an archive that fails for this long fails the backup. */
const ARCHIVE_WAIT = "15min";

export class BackupBusy extends Error {}

/** `20261202T005012.345Z`: names sort by time. */
const nameOf = (date: Date) => date.toISOString().replace(/[-:]/g, "");

/**
 * A base backup through PostgreSQL's low-level API: pg_backup_start (a checkpoint, fast), the
 * cluster's files copied while the server runs, pg_backup_stop (which writes the backup's end into the
 * WAL and waits for its archiving), and its backup_label beside the files. Restored with the archive,
 * that copy is the database as of pg_backup_stop. The manifest says "not checked" until the check ran.
 */
export async function takeBaseBackup(
  url: string,
  clusterDir: string,
  paths: BackupPaths,
  kind: BackupManifest["kind"],
): Promise<BackupManifest> {
  const client = new pg.Client({ connectionString: url, application_name: "backoffice-backup" });
  await client.connect();
  let target: string | null = null;
  try {
    const { rows: locked } = await client.query<{ ok: boolean }>("select pg_try_advisory_lock($1) as ok", [BACKUP_LOCK_KEY]);
    if (!locked[0].ok) throw new BackupBusy("A backup is already being taken.");
    const { rows: mode } = await client.query<{ archive_mode: string }>("show archive_mode");
    if (mode[0].archive_mode === "off")
      throw new Error("WAL archiving is off (PG_ARCHIVE_MODE=off): a base backup alone cannot be restored.");

    const created = new Date();
    const name = nameOf(created);
    target = join(paths.base, name);
    await mkdir(target, { recursive: true, mode: 0o700 });
    const countsBefore = await countRows(client);
    const { rows: started } = await client.query<{ lsn: string; wal: string; timeline: number }>(
      "select lsn::text, pg_walfile_name(lsn) as wal, (select timeline_id from pg_control_checkpoint()) as timeline from pg_backup_start($1, true) as lsn",
      [`backoffice ${name}`],
    );
    const size = await copyClusterFiles(clusterDir, join(target, "data"));
    await client.query(`set statement_timeout = '${ARCHIVE_WAIT}'`);
    const { rows: stopped } = await client.query<{ lsn: string; labelfile: string; spcmapfile: string }>(
      "select lsn::text, labelfile, spcmapfile from pg_backup_stop(true)",
    );
    await client.query("reset statement_timeout");
    await writeFile(join(target, "data", "backup_label"), stopped[0].labelfile);
    if (stopped[0].spcmapfile) await writeFile(join(target, "data", "tablespace_map"), stopped[0].spcmapfile);
    const finished = new Date();
    const manifest: BackupManifest = {
      name,
      file: target,
      created_at: created.toISOString(),
      finished_at: finished.toISOString(),
      size: size + Buffer.byteLength(stopped[0].labelfile),
      verified: null,
      checked_at: null,
      check_error: null,
      start_lsn: started[0].lsn,
      stop_lsn: stopped[0].lsn,
      start_wal: started[0].wal,
      timeline: Number(started[0].timeline),
      kind,
      counts_before: countsBefore,
      counts_after: await countRows(client),
      restored_counts: null,
    };
    await writeManifest(manifest);
    return manifest;
  } catch (error) {
    // A backup cut short leaves nothing that looks like one.
    if (target) await rm(target, { recursive: true, force: true });
    throw error;
  } finally {
    await client.end().catch(() => undefined);
  }
}
