import { readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { openDatabase } from "../../../src/server/db/client";
import { seedIfEmpty } from "../../../src/server/seed/seed";

/**
 * Every API test file starts from the migrated demo database. Migrating and seeding it costs seconds
 * (more as the demo business grows), so the run does it once (`prepareSeededDatabase`, vitest's global
 * setup) and each file starts from a copy: on PGlite a dump of the data directory, on PostgreSQL a
 * database cloned from a template. Without the global setup (a bench, a script) each start seeds afresh.
 */

const SNAPSHOT_ENV = "API_TEST_PGLITE_SNAPSHOT";
const TEMPLATE_ENV = "API_TEST_PG_TEMPLATE";

/** The maintenance database's URL and the database name of a postgres:// URL. */
function splitUrl(url: string): { adminUrl: string; name: string } {
  const parsed = new URL(url);
  const name = decodeURIComponent(parsed.pathname.slice(1));
  parsed.pathname = "/postgres";
  return { adminUrl: parsed.toString(), name };
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

async function onMaintenanceDb(url: string, statements: string[]) {
  const client = new pg.Client({ connectionString: splitUrl(url).adminUrl });
  await client.connect();
  try {
    for (const statement of statements) await client.query(statement);
  } finally {
    await client.end();
  }
}

/** Global setup: builds the seeded database once and tells the test files where it is (by environment). */
export async function prepareSeededDatabase(testDatabaseUrl: string | undefined): Promise<void> {
  if (testDatabaseUrl) {
    const { name } = splitUrl(testDatabaseUrl);
    const template = `${name}_seeded`;
    await onMaintenanceDb(testDatabaseUrl, [
      `drop database if exists ${quoteIdent(template)} with (force)`,
      `create database ${quoteIdent(template)}`,
    ]);
    const templateUrl = new URL(testDatabaseUrl);
    templateUrl.pathname = `/${encodeURIComponent(template)}`;
    const database = await openDatabase({ url: templateUrl.toString() });
    await database.migrateAndRun((db) => seedIfEmpty(db, { demo: true }).then(() => undefined));
    await database.close();
    process.env[TEMPLATE_ENV] = template;
    return;
  }
  const database = await openDatabase({ dataDir: "memory://" });
  await database.migrateAndRun((db) => seedIfEmpty(db, { demo: true }).then(() => undefined));
  const client = (database.db as unknown as { $client: PGlite }).$client;
  const dump = await client.dumpDataDir("none");
  const path = join(tmpdir(), `backoffice-api-seeded-${process.pid}.tar`);
  await writeFile(path, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  process.env[SNAPSHOT_ENV] = path;
}

/** On PostgreSQL: replaces the test database with a fresh clone of the seeded one; false if there is none. */
export async function cloneSeededPostgres(testDatabaseUrl: string): Promise<boolean> {
  const template = process.env[TEMPLATE_ENV];
  if (!template) return false;
  const { name } = splitUrl(testDatabaseUrl);
  await onMaintenanceDb(testDatabaseUrl, [
    `drop database if exists ${quoteIdent(name)} with (force)`,
    `create database ${quoteIdent(name)} template ${quoteIdent(template)}`,
  ]);
  return true;
}

/** On PGlite: the seeded data directory to start from, if the global setup made one. */
export async function seededPgliteDump(): Promise<Blob | undefined> {
  const path = process.env[SNAPSHOT_ENV];
  return path ? new Blob([await readFile(path)]) : undefined;
}
