import { chmod, chown, mkdir, stat } from "node:fs/promises";
import { join, resolve } from "node:path";
import type { RunAs } from "../db/embedded-postgres";

/**
 * Where the embedded default keeps its backups: BACKUP_DIR (default ./backups, resolved like
 * DATA_DIR) holds `wal/` (the continuous archive, written by PostgreSQL's basic_archive module,
 * which syncs each segment before PostgreSQL forgets it) and `base/<name>/` (one base backup each:
 * `data/` and `manifest.json`).
 */
export interface BackupPaths {
  root: string;
  wal: string;
  base: string;
  /** Scratch clusters of the checks. */
  check: string;
}

export const backupPaths = (root: string): BackupPaths => ({
  root,
  wal: join(root, "wal"),
  base: join(root, "base"),
  check: join(root, ".check"),
});

export const backupRootFromEnv = () => resolve(process.env.BACKUP_DIR ?? "./backups");

/** Why the product does not take its own backups (archiving turned off or left to the administrator's command), or null. */
export function unmanagedReason(env: NodeJS.ProcessEnv = process.env): string | null {
  if (env.DATABASE_URL) return "external";
  if ((env.PG_ARCHIVE_MODE ?? "on").toLowerCase() === "off") return "archiving_off";
  if (env.PG_ARCHIVE_COMMAND) return "own_archive_command";
  return null;
}

/** A segment archived for this long is also closed when the server is quiet (the most a lost disk can cost). */
export const ARCHIVE_TIMEOUT_SECONDS = 600;

/** The embedded server's settings for continuous archiving into `paths.wal`. */
export const archiveSettings = (paths: BackupPaths): Record<string, string> => ({
  archive_library: "basic_archive",
  "basic_archive.archive_directory": paths.wal,
  archive_timeout: String(ARCHIVE_TIMEOUT_SECONDS),
});

/**
 * The folders, made before the server starts: PostgreSQL (the `postgres` user when the product runs
 * as root) writes the archive, and enters BACKUP_DIR to reach it and the checks' scratch clusters.
 */
export async function prepareBackupFolders(paths: BackupPaths, runAs: RunAs | undefined) {
  for (const dir of [paths.root, paths.wal, paths.base, paths.check]) await mkdir(dir, { recursive: true, mode: 0o700 });
  if (!runAs) return;
  const root = await stat(paths.root);
  if (!(root.mode & 0o001)) await chmod(paths.root, (root.mode & 0o777) | 0o001);
  await chown(paths.wal, runAs.uid, runAs.gid);
  const check = await stat(paths.check);
  if (!(check.mode & 0o001)) await chmod(paths.check, (check.mode & 0o777) | 0o001);
}

export interface ArchiveOptions {
  archiveMode: "off" | "on" | "always";
  archiveCommand?: string;
  settings?: Record<string, string>;
  /** Whether the archive is the product's own, in BACKUP_DIR. */
  own: boolean;
}

/**
 * The embedded server's archiving, from PG_ARCHIVE_MODE (on by default: the archive in BACKUP_DIR is
 * what a restore replays) and PG_ARCHIVE_COMMAND (an administrator's own command instead).
 */
export function archiveOptions(paths: BackupPaths, env: NodeJS.ProcessEnv = process.env): ArchiveOptions {
  const mode = (env.PG_ARCHIVE_MODE ?? "on").toLowerCase();
  if (mode !== "on" && mode !== "always" && mode !== "off") throw new Error(`PG_ARCHIVE_MODE must be off, on or always, not ${mode}`);
  if (mode === "off") return { archiveMode: mode, own: false };
  if (env.PG_ARCHIVE_COMMAND) return { archiveMode: mode, archiveCommand: env.PG_ARCHIVE_COMMAND, own: false };
  return { archiveMode: mode, settings: archiveSettings(paths), own: true };
}
