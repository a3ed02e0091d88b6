import type { FastifyInstance, InjectOptions } from "fastify";
import pg from "pg";
import { buildApp } from "../../../src/server/app";
import { openDatabase, type Database, type Db } from "../../../src/server/db/client";
import { seedIfEmpty } from "../../../src/server/seed/seed";
import { cloneSeededPostgres, seededPgliteDump } from "./seeded-database";

/**
 * One real server per test file, on PGlite in memory, or on the PostgreSQL server named by
 * TEST_DATABASE_URL (recreated first), each with the demo data (a copy of the seeded database the
 * global setup built once: support/seeded-database.ts). Requests go through app.inject.
 */
export interface TestApp {
  app: FastifyInstance;
  db: Db;
  database: Database;
  onPostgres: boolean;
  login(username: string, password?: string): Promise<string>;
  /**
   * The body is `unknown` until the test states the shape it reads: `t.call<Answer>(...)` for the whole
   * answer, or json<T>() / pageRows<T>() of support/json.ts on a response already in hand.
   */
  call<T = unknown>(token: string | null, method: InjectOptions["method"], url: string, payload?: unknown): Promise<TestResponse<T>>;
  close(): Promise<void>;
}

/** An answer of app.inject: its status and its body parsed from JSON (text when it is not JSON). */
export interface TestResponse<T = unknown> {
  status: number;
  body: T;
}

export const testDatabaseUrl = process.env.TEST_DATABASE_URL;

export async function wipePostgres(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query("drop schema if exists public cascade; drop schema if exists drizzle cascade; create schema public;");
  await client.end();
}

export async function startTestApp(): Promise<TestApp> {
  if (testDatabaseUrl && !(await cloneSeededPostgres(testDatabaseUrl))) await wipePostgres(testDatabaseUrl);
  const loadDataDir = testDatabaseUrl ? undefined : await seededPgliteDump();
  const database = await openDatabase({ url: testDatabaseUrl, dataDir: "memory://", loadDataDir });
  await database.migrateAndRun(async (db) => {
    await seedIfEmpty(db, { demo: true });
  });
  const app = await buildApp({ db: database.db });
  await app.ready();

  const call = async <T = unknown>(
    token: string | null,
    method: InjectOptions["method"],
    url: string,
    payload?: unknown,
  ): Promise<TestResponse<T>> => {
    const response = await app.inject({
      method,
      url,
      payload: payload as InjectOptions["payload"],
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    const text = response.body;
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      // binary or html answers stay as text
    }
    return { status: response.statusCode, body: body as T };
  };

  return {
    app,
    db: database.db,
    database,
    onPostgres: !!testDatabaseUrl,
    call,
    async login(username, password = username) {
      const res = await call<{ token: string }>(null, "POST", "/api/login/", { username, password });
      if (res.status !== 200) throw new Error(`login ${username} failed: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body.token;
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
}

let counter = 0;
/** A fresh form_token for a create. */
export const formToken = (prefix = "t") => `${prefix}-${Date.now()}-${++counter}-${Math.random().toString(36).slice(2)}`;
