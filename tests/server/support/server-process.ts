import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { createServer } from "node:net";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";

/**
 * The product's start as `npm start` runs it after its build (`node --import tsx src/server/main.ts`),
 * in a child process on a DATA_DIR of the test's, and what the test reads of the embedded PostgreSQL
 * it runs (the port from postmaster.pid, the password the server connects with).
 */

const root = resolve(fileURLToPath(new URL(".", import.meta.url)), "../../..");
const START_TIMEOUT_MS = 300_000;

export interface ServerProcess {
  child: ChildProcess;
  baseUrl: string;
  output(): string;
  exited: Promise<number | null>;
}

export async function freePort(): Promise<number> {
  return new Promise((done, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? done(address.port) : reject(new Error("no port"))));
    });
  });
}

export async function startServer(dataDir: string, env: Record<string, string> = {}): Promise<ServerProcess> {
  const port = await freePort();
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: "127.0.0.1",
    LOG_LEVEL: "silent",
    SEED_DEMO: "true",
    // The test's own archive and backups, none on a schedule (a test asks for one when it wants one).
    BACKUP_DIR: join(dataDir, "backups"),
    BACKUP_EVERY_HOURS: "0",
    ...env,
  };
  // The embedded default: no server of the caller's shell.
  delete childEnv.DATABASE_URL;
  delete childEnv.TEST_DATABASE_URL;
  const child = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    cwd: root,
    env: childEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let text = "";
  child.stdout?.on("data", (chunk: Buffer) => (text += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (text += chunk.toString()));
  const exited = new Promise<number | null>((done) => child.once("exit", (code) => done(code)));
  let gone = false;
  void exited.then(() => (gone = true));
  const baseUrl = `http://127.0.0.1:${port}`;
  const until = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (gone) throw new Error(`the server ended at start:\n${text}`);
    try {
      const res = await fetch(`${baseUrl}/api/health/`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > until) {
      child.kill("SIGKILL");
      throw new Error(`the server did not answer in time:\n${text}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { child, baseUrl, output: () => text, exited };
}

export const clusterDir = (dataDir: string) => join(dataDir, "pg");

export function postmasterPid(dataDir: string): number {
  return Number(readFileSync(join(clusterDir(dataDir), "postmaster.pid"), "utf8").split("\n")[0]);
}

/** The postmaster's children (backends and background processes), from /proc. */
export function postgresChildren(postmaster: number): number[] {
  const out: number[] = [];
  const tasks = readFileSync(`/proc/${postmaster}/task/${postmaster}/children`, "utf8").trim();
  for (const pid of tasks ? tasks.split(/\s+/) : []) out.push(Number(pid));
  return out;
}

/** A connection to the embedded server as the product makes it (postmaster.pid's port, the cluster's password). */
export async function embeddedClient(dataDir: string): Promise<pg.Client> {
  const lines = readFileSync(join(clusterDir(dataDir), "postmaster.pid"), "utf8").split("\n");
  const password = readFileSync(join(clusterDir(dataDir), "backoffice.password"), "utf8").trim();
  const client = new pg.Client({ host: "127.0.0.1", port: Number(lines[3]), user: "postgres", password, database: "backoffice" });
  await client.connect();
  return client;
}

export async function stopServer(server: ServerProcess, signal: NodeJS.Signals = "SIGTERM"): Promise<number | null> {
  if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill(signal);
  return server.exited;
}

export const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

export async function api<T = unknown>(baseUrl: string, token: string | null, method: string, path: string, body?: unknown) {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { "content-type": "application/json" }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
}

export async function login(baseUrl: string, username: string): Promise<string> {
  const res = await api<{ token: string }>(baseUrl, null, "POST", "/api/login/", { username, password: username });
  if (res.status !== 200) throw new Error(`login ${username}: ${res.status}`);
  return res.body.token;
}
