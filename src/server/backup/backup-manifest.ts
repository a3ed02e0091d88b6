import { readdir, readFile, rename, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { BackupInfo } from "../../core/api-types";
import type { BackupRecord } from "../../core/backup-plan";

/** `base/<name>/manifest.json`: what a base backup is (as the API answers it), and what its check found. */
export interface BackupManifest extends Omit<BackupInfo, "counts"> {
  start_lsn: string;
  stop_lsn: string;
  start_wal: string;
  timeline: number;
  /** Rows per table as the backup began and as it ended; the check finds each between the two. */
  counts_before: Record<string, number>;
  counts_after: Record<string, number>;
  /** Rows per table of the copy the check restored and started. */
  restored_counts: Record<string, number> | null;
}

export const MANIFEST_FILE = "manifest.json";

export async function writeManifest(manifest: BackupManifest): Promise<void> {
  const path = join(manifest.file, MANIFEST_FILE);
  await writeFile(`${path}.tmp`, JSON.stringify(manifest, null, 2));
  await rename(`${path}.tmp`, path);
}

export async function readManifest(backupDir: string): Promise<BackupManifest | null> {
  try {
    return JSON.parse(await readFile(join(backupDir, MANIFEST_FILE), "utf8")) as BackupManifest;
  } catch {
    return null;
  }
}

/** Every written backup under `base/`, newest first (a backup cut short has no manifest and is not one). */
export async function listManifests(baseDir: string): Promise<BackupManifest[]> {
  const names = await readdir(baseDir).catch(() => [] as string[]);
  const manifests = await Promise.all(names.map((name) => readManifest(join(baseDir, name))));
  return manifests.filter((m): m is BackupManifest => !!m).sort((a, b) => b.created_at.localeCompare(a.created_at));
}

export const recordOf = (m: BackupManifest): BackupRecord => ({
  name: m.name,
  createdAt: m.created_at,
  finishedAt: m.finished_at,
  verified: m.verified,
  startWal: m.start_wal,
});
