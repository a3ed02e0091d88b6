import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, queryRows, type Database } from "../../../src/server/db/client";
import { startPgliteMaintenance, vacuumTables } from "../../../src/server/db/pglite-maintenance";

/** The embedded database's stand-in for autovacuum (PGlite has none); PostgreSQL never runs it. */
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))("PGlite maintenance", () => {
  let database: Database;

  beforeAll(async () => {
    database = await openDatabase({ dataDir: "memory://" });
    await database.migrateAndRun(async () => undefined);
    // Rows whose indexed column every update changes: each update leaves a dead version and index entry.
    await database.db.execute(sql`CREATE TABLE maintenance_probe (id int PRIMARY KEY, version int NOT NULL)`);
    await database.db.execute(sql`CREATE INDEX maintenance_probe_version_idx ON maintenance_probe (version)`);
    await database.db.execute(sql`INSERT INTO maintenance_probe SELECT g, g FROM generate_series(1, 5000) g`);
    await database.db.execute(sql`UPDATE maintenance_probe SET version = version + 5000`);
  });
  afterAll(() => database.close());

  const probe = async () =>
    (
      await queryRows<{ visible: number; tuples: number }>(
        database.db,
        sql`SELECT relallvisible AS visible, reltuples::int AS tuples FROM pg_class WHERE relname = 'maintenance_probe'`,
      )
    )[0];

  it("vacuums and analyzes every table: dead versions gone, the visibility map set, statistics current", async () => {
    expect((await probe()).visible).toBe(0);
    const pass = await vacuumTables(database.db);
    const tables = await queryRows<{ name: string; vacuumed: boolean; analyzed: boolean }>(
      database.db,
      sql`SELECT relname AS name, last_vacuum IS NOT NULL AS vacuumed, last_analyze IS NOT NULL AS analyzed
          FROM pg_stat_user_tables WHERE schemaname = 'public'`,
    );
    expect(pass.tables).toBe(tables.length);
    expect(tables.length).toBeGreaterThan(40);
    expect(tables.filter((t) => !t.vacuumed || !t.analyzed).map((t) => t.name)).toEqual([]);
    const after = await probe();
    expect(after.visible).toBeGreaterThan(0);
    expect(after.tuples).toBe(5000);
  });

  it("runs a pass after its delay and then on its interval, one at a time, until stopped", async () => {
    const lines: string[] = [];
    const stop = startPgliteMaintenance(database.db, { firstDelayMs: 10, intervalMs: 20, log: (line) => lines.push(line) });
    await expect.poll(() => lines.length, { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
    await stop();
    const seen = lines.length;
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(lines.length).toBe(seen);
    expect(lines.every((line) => /^database maintenance: vacuumed and analyzed \d+ tables in \d+ ms$/.test(line))).toBe(true);
  });
});
