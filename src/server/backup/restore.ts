import { appendFile, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import pg from "pg";
import { startEmbeddedPostgres, unprivilegedUser, type EmbeddedPostgres } from "../db/embedded-postgres";
import { chownTree, copyFolder } from "./cluster-files";

/** Where recovery stops: the end of the archive, the backup's own end (the check), or a moment. */
export type RecoveryTarget = { kind: "end" } | { kind: "immediate" } | { kind: "time"; at: Date };

export interface RestoreOptions {
  /** `base/<name>` of a backup. */
  backupDir: string;
  /** The archive its WAL is read from. */
  walArchive: string;
  /** The new cluster's folder: must not hold a database. */
  clusterDir: string;
  target: RecoveryTarget;
  /** The restored server's own archiving, from its promotion on (off for a check's scratch copy). */
  archive: { mode: "off" | "on" | "always"; settings: Record<string, string> };
  log: (line: string) => void;
}

export class RestoreRefused extends Error {}

const RECOVERY_TIMEOUT_MS = 60 * 60 * 1000;
/** The settings a restore adds, reset once the server is promoted. */
const RECOVERY_SETTINGS = ["restore_command", "recovery_target", "recovery_target_time", "recovery_target_action"];

/** A POSIX shell word: single quotes, each inner quote closed, escaped and reopened. */
const shellWord = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;
/** A postgresql.conf string. */
const confString = (text: string) => `'${text.replace(/'/g, "''")}'`;

/** Whether a folder holds anything (a cluster, a PGlite database, any file). */
export async function holdsAnything(dir: string): Promise<boolean> {
  const entries = await readdir(dir).catch(() => [] as string[]);
  return entries.length > 0;
}

async function lastLogLines(clusterDir: string): Promise<string> {
  const logDir = join(clusterDir, "log");
  const files = await readdir(logDir).catch(() => [] as string[]);
  const dated = await Promise.all(files.map(async (f) => ({ f, t: (await stat(join(logDir, f))).mtimeMs })));
  const newest = dated.sort((a, b) => b.t - a.t)[0];
  if (!newest) return "";
  const text = await readFile(join(logDir, newest.f), "utf8").catch(() => "");
  return text.trim().split("\n").slice(-12).join("\n");
}

function recoveryConf(options: RestoreOptions): string {
  const restoreCommand = `cp ${shellWord(options.walArchive)}/%f %p`;
  const lines = [`restore_command = ${confString(restoreCommand)}`, "recovery_target_action = 'promote'"];
  if (options.target.kind === "immediate") lines.push("recovery_target = 'immediate'");
  // PostgreSQL's own timestamp form: "2026-12-02 01:06:02.000+00".
  if (options.target.kind === "time")
    lines.push(`recovery_target_time = ${confString(options.target.at.toISOString().replace("T", " ").replace("Z", "+00"))}`);
  return `\n# Added by the product's restore; reset once the server is promoted.\n${lines.join("\n")}\n`;
}

async function waitForPromotion(server: EmbeddedPostgres): Promise<void> {
  const until = Date.now() + RECOVERY_TIMEOUT_MS;
  for (;;) {
    const client = new pg.Client({ connectionString: server.url, connectionTimeoutMillis: 2000 });
    client.on("error", () => undefined);
    try {
      await client.connect();
      const { rows } = await client.query<{ recovering: boolean }>("select pg_is_in_recovery() as recovering");
      if (!rows[0].recovering) {
        for (const name of RECOVERY_SETTINGS) await client.query(`alter system reset ${name}`);
        return;
      }
    } catch {
      // The server ended (recovery failed) or is between states: checked below.
    } finally {
      await client.end().catch(() => undefined);
    }
    try {
      process.kill(server.pid, 0);
    } catch {
      throw new Error("PostgreSQL stopped during recovery");
    }
    if (Date.now() > until) throw new Error("Recovery did not end in time");
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * A base backup made a running server again: its files copied into a new cluster folder, the WAL
 * replayed from the archive (restore_command) up to the target, then promoted: a new timeline, so
 * its WAL never mixes with the old server's in the archive. Answers the running server; the caller
 * stops it. On failure nothing is left in `clusterDir`.
 */
export async function restoreBaseBackup(options: RestoreOptions): Promise<EmbeddedPostgres> {
  const { clusterDir, log } = options;
  if (await holdsAnything(clusterDir)) throw new RestoreRefused(`${clusterDir} is not empty: a restore goes into an empty folder.`);
  const scratch = `${clusterDir}.restore`;
  await rm(scratch, { recursive: true, force: true });
  await copyFolder(join(options.backupDir, "data"), scratch);
  await writeFile(join(scratch, "recovery.signal"), "");
  await appendFile(join(scratch, "postgresql.auto.conf"), recoveryConf(options));
  const runAs = await unprivilegedUser(log);
  if (runAs) await chownTree(scratch, runAs);
  await rm(clusterDir, { recursive: true, force: true });
  await rename(scratch, clusterDir);

  let server: EmbeddedPostgres | undefined;
  try {
    server = await startEmbeddedPostgres({ clusterDir, archiveMode: options.archive.mode, settings: options.archive.settings, log });
    await waitForPromotion(server);
    return server;
  } catch (error) {
    const why = await lastLogLines(clusterDir);
    await server?.stop().catch(() => undefined);
    await rm(clusterDir, { recursive: true, force: true });
    throw new Error(`${error instanceof Error ? error.message : String(error)}${why ? `\n${why}` : ""}`);
  }
}
