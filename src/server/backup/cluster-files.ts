import { chown, copyFile, lstat, mkdir, readdir, readlink, symlink } from "node:fs/promises";
import { join } from "node:path";
import type { RunAs } from "../db/embedded-postgres";

/**
 * What a base backup leaves out of the cluster's folder (PostgreSQL's documentation, "Backing up the
 * data directory"): folders whose contents the server makes again, and files of the running server.
 * The folders themselves are kept, empty.
 */
const EMPTIED_FOLDERS = new Set([
  "pg_wal",
  "pg_replslot",
  "pg_dynshmem",
  "pg_notify",
  "pg_serial",
  "pg_snapshots",
  "pg_stat_tmp",
  "pg_subtrans",
  // The product's own: the server's log.
  "log",
]);
const LEFT_OUT_FILES = new Set(["postmaster.pid", "postmaster.opts", "backup_label", "tablespace_map", "start.log", "pg_internal.init"]);

const gone = (error: unknown) => (error as NodeJS.ErrnoException).code === "ENOENT";

/**
 * Copies a cluster's folder while its server runs, between pg_backup_start and pg_backup_stop: a file
 * that disappears meanwhile (a dropped table, a temporary file) is skipped, one that changes is
 * copied as it is (the WAL replayed from the backup's start puts it right). Answers the bytes copied.
 */
export async function copyClusterFiles(from: string, to: string, top = true): Promise<number> {
  await mkdir(to, { recursive: true, mode: 0o700 });
  let bytes = 0;
  let entries;
  try {
    entries = await readdir(from, { withFileTypes: true });
  } catch (error) {
    if (gone(error)) return 0;
    throw error;
  }
  for (const entry of entries) {
    const source = join(from, entry.name);
    const target = join(to, entry.name);
    if (entry.name.startsWith("pgsql_tmp") || LEFT_OUT_FILES.has(entry.name)) continue;
    if (entry.isDirectory()) {
      if (top && EMPTIED_FOLDERS.has(entry.name)) await mkdir(target, { mode: 0o700 });
      else bytes += await copyClusterFiles(source, target, false);
    } else if (entry.isSymbolicLink()) {
      await symlink(await readlink(source), target);
    } else if (entry.isFile()) {
      try {
        await copyFile(source, target);
        bytes += (await lstat(target)).size;
      } catch (error) {
        if (!gone(error)) throw error;
      }
    }
  }
  return bytes;
}

/** Copies a backup's files (at rest) into a new cluster folder. */
export async function copyFolder(from: string, to: string): Promise<void> {
  await mkdir(to, { recursive: true, mode: 0o700 });
  for (const entry of await readdir(from, { withFileTypes: true })) {
    const source = join(from, entry.name);
    const target = join(to, entry.name);
    if (entry.isDirectory()) await copyFolder(source, target);
    else if (entry.isSymbolicLink()) await symlink(await readlink(source), target);
    else await copyFile(source, target);
  }
}

/** Gives a whole folder to the user PostgreSQL runs as (when the product runs as root). */
export async function chownTree(dir: string, runAs: RunAs): Promise<void> {
  await chown(dir, runAs.uid, runAs.gid);
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) await chownTree(path, runAs);
    else await chown(path, runAs.uid, runAs.gid);
  }
}

/** Bytes of the files under a folder. */
export async function folderSize(dir: string): Promise<number> {
  let bytes = 0;
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) bytes += await folderSize(path);
    else bytes += (await lstat(path)).size;
  }
  return bytes;
}
