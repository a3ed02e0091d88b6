import "fake-indexeddb/auto";
import type { FastifyInstance } from "fastify";
import { sql } from "drizzle-orm";
import { buildApp } from "../../../src/server/app";
import { queryRows } from "../../../src/server/db/client";
import { OfflineDb } from "../../../src/web/offline/db";
import { createFetchTransport } from "../../../src/web/offline/http-transport";
import { Outbox, type OutboxOptions } from "../../../src/web/offline/outbox";
import { startTestApp, type TestApp } from "../../api/support/test-app";

/**
 * The real server (startTestApp on PGlite, or PostgreSQL with TEST_DATABASE_URL) listening on
 * loopback, and a fetch wrapper between the real outbox and it that injects faults: no answer
 * before or after the server committed, a substituted status, a hook per request. The outbox talks
 * to "http://server.test"; the wrapper maps that to wherever the server listens now, so the server
 * can be restarted on another port.
 */

export const VIRTUAL_BASE = "http://server.test";

/** What to do with one POST: reach the server or not, and what the client sees. */
export type Fault =
  | { kind: "pass" }
  | { kind: "network-before" }
  | { kind: "drop-after-commit" }
  | { kind: "answer"; status: number; body?: unknown }
  | { kind: "answer-after-commit"; status: number; body?: unknown };

export interface FaultServer {
  t: TestApp;
  server: FastifyInstance;
  /** Faults for the next POSTs, in order; a POST with none left goes through untouched. */
  faults: Fault[];
  /** Called before each POST is handled (after its fault is picked); may await (e.g. restart). */
  beforePost: ((index: number) => Promise<void> | void) | null;
  /** Called after the server answered a POST that reached it. */
  afterPost: ((index: number, status: number) => Promise<void> | void) | null;
  posts: number;
  fetch: typeof fetch;
  restart(): Promise<void>;
  stop(): Promise<void>;
  readonly running: boolean;
  /** A call to the server as it runs now (the TestApp's own `call` and `login` use the first app). */
  call(token: string | null, method: "GET" | "POST", url: string, payload?: unknown): Promise<{ status: number; body: unknown }>;
  login(username: string): Promise<string>;
  close(): Promise<void>;
  countNamed(table: "customer" | "item_group", name: string): Promise<number>;
  idNamed(table: "customer" | "item_group", name: string): Promise<number | null>;
  newOutbox(db: OfflineDb, getToken: () => string | null, getUserId: () => number | null, extra?: Partial<OutboxOptions>): Outbox;
}

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  if (!address || typeof address === "string") throw new Error("no port");
  return `http://127.0.0.1:${address.port}`;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body ?? { message: `HTTP ${status}` }), { status, headers: { "content-type": "application/json" } });

export async function startFaultServer(): Promise<FaultServer> {
  const t = await startTestApp();
  let realBase = await listen(t.app);
  let running = true;

  const fs: FaultServer = {
    t,
    server: t.app,
    faults: [],
    beforePost: null,
    afterPost: null,
    posts: 0,
    fetch: async (input, init) => {
      const url = (typeof input === "string" ? input : input instanceof URL ? input.href : input.url).replace(VIRTUAL_BASE, realBase);
      if ((init?.method ?? "GET") !== "POST") return fetch(url, init);
      const index = ++fs.posts;
      const fault = fs.faults.shift();
      await fs.beforePost?.(index);
      if (fault?.kind === "network-before") throw new TypeError("fetch failed");
      if (fault?.kind === "answer") return json(fault.status, fault.body);
      const response = await fetch(url, init);
      const text = await response.text();
      await fs.afterPost?.(index, response.status);
      if (fault?.kind === "drop-after-commit") throw new TypeError("fetch failed: connection reset");
      if (fault?.kind === "answer-after-commit") return json(fault.status, fault.body);
      return new Response(text, { status: response.status, headers: response.headers });
    },
    async call(token, method, url, payload) {
      const response = await fs.server.inject({
        method,
        url,
        payload: payload as Record<string, unknown> | undefined,
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
      return { status: response.statusCode, body: response.body ? (JSON.parse(response.body) as unknown) : null };
    },
    async login(username) {
      const res = await fs.call(null, "POST", "/api/login/", { username, password: username });
      if (res.status !== 200) throw new Error(`login ${username}: ${res.status}`);
      return (res.body as { token: string }).token;
    },
    get running() {
      return running;
    },
    async stop() {
      if (!running) return;
      running = false;
      await fs.server.close();
    },
    async restart() {
      await fs.stop();
      // Same database, a new process' worth of app: nothing kept in memory survives.
      fs.server = await buildApp({ db: t.database.db });
      realBase = await listen(fs.server);
      running = true;
    },
    async close() {
      await fs.stop();
      await t.database.close();
    },
    async idNamed(table, name) {
      const [row] = await queryRows<{ id: number }>(t.db, sql`select id from ${sql.identifier(table)} where name = ${name}`);
      return row?.id ?? null;
    },
    async countNamed(table, name) {
      const [row] = await queryRows<{ n: number }>(
        t.db,
        sql`select count(*)::int as n from ${sql.identifier(table)} where name = ${name} and deleted_at is null`,
      );
      return row.n;
    },
    newOutbox(db, getToken, getUserId, extra = {}) {
      return new Outbox({
        db,
        transport: createFetchTransport({ baseUrl: VIRTUAL_BASE, getToken, fetch: fs.fetch, timeoutMs: 10_000 }),
        getUserId,
        isOnline: () => true,
        backoffBaseMs: 50,
        ...extra,
      });
    },
  };
  return fs;
}

let dbCounter = 0;
export const newDeviceDb = (name = `device-${Date.now()}-${++dbCounter}`) => new OfflineDb(name);
