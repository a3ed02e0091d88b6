import { describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { openDatabase, queryRows } from "../../../src/server/db/client";
import { testDatabaseUrl } from "../support/test-app";

describe.runIf(!!testDatabaseUrl)("on PostgreSQL, a connection the database ends", () => {
  it("is replaced while idle, and the server process goes on (a restart or failover must not end it)", async () => {
    const database = await openDatabase({ url: testDatabaseUrl });
    const other = await openDatabase({ url: testDatabaseUrl });
    try {
      const [{ pid }] = await queryRows<{ pid: number }>(database.db, sql`select pg_backend_pid() as pid`);
      const [{ ended }] = await queryRows<{ ended: boolean }>(other.db, sql`select pg_terminate_backend(${pid}) as ended`);
      expect(ended).toBe(true);
      // The idle client hears of its end asynchronously; an unheard error would fail this file as unhandled.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const [{ pid: next }] = await queryRows<{ pid: number }>(database.db, sql`select pg_backend_pid() as pid`);
      expect(next).not.toBe(pid);
    } finally {
      await other.close();
      await database.close();
    }
  });
});
