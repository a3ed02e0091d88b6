import { rm } from "node:fs/promises";
import { join } from "node:path";
import pg from "pg";
import type { BackupPaths } from "./backup-config";
import { writeManifest, type BackupManifest } from "./backup-manifest";
import { restoreBaseBackup } from "./restore";
import { countRows } from "./table-counts";

/**
 * Tables whose restored rows are not between the counts taken as the backup began and as it ended
 * (equal on a quiet server; writes during the backup put the copy's count between the two).
 */
export function countMismatches(manifest: BackupManifest, restored: Record<string, number>): string[] {
  const wrong: string[] = [];
  for (const [table, before] of Object.entries(manifest.counts_before)) {
    const after = manifest.counts_after[table] ?? before;
    const got = restored[table];
    if (got === undefined) wrong.push(`${table}: missing`);
    else if (got < Math.min(before, after) || got > Math.max(before, after))
      wrong.push(`${table}: ${got} rows, expected ${before}..${after}`);
  }
  return wrong;
}

/**
 * Checks a backup the way it would be used: restored into a scratch folder with the archive, started
 * as a server of its own, and its tables counted. The manifest records the outcome either way.
 */
export async function checkBackup(manifest: BackupManifest, paths: BackupPaths, log: (line: string) => void): Promise<BackupManifest> {
  const scratch = join(paths.check, `pg-${manifest.name}`);
  await rm(scratch, { recursive: true, force: true });
  let checked: BackupManifest;
  try {
    const server = await restoreBaseBackup({
      backupDir: manifest.file,
      walArchive: paths.wal,
      clusterDir: scratch,
      target: { kind: "immediate" },
      archive: { mode: "off", settings: {} },
      log,
    });
    let restored: Record<string, number>;
    try {
      const client = new pg.Client({ connectionString: server.url });
      await client.connect();
      try {
        restored = await countRows(client);
      } finally {
        await client.end();
      }
    } finally {
      await server.stop();
    }
    const wrong = countMismatches(manifest, restored);
    checked = { ...manifest, verified: wrong.length === 0, check_error: wrong.length ? wrong.join("; ") : null, restored_counts: restored };
  } catch (error) {
    checked = { ...manifest, verified: false, check_error: error instanceof Error ? error.message : String(error) };
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
  checked.checked_at = new Date().toISOString();
  await writeManifest(checked);
  log(`backup ${manifest.name}: ${checked.verified ? "checked, restored and counted" : `check failed: ${checked.check_error}`}`);
  return checked;
}
