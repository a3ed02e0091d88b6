import { readFile } from "node:fs/promises";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, queryRows } from "../../../src/server/db/client";
import { BUSINESS_ID_SETTING } from "../../../src/web/offline/outbox-file";
import { startTestApp, type TestApp } from "../support/test-app";

/**
 * The business's own id (the device's safety net: a file of unsynced documents names its business by
 * it, not by the server's address): a UUID the database makes once when it is created or migrated,
 * which every signed-in user reads with the settings, every device pulls, and nothing writes.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
type Setting = { key: string; value: string };
type PullAnswer = { cursor: string; has_more: boolean; tables: Record<string, { upserts: Record<string, unknown>[] }> };

let t: TestApp;
let admin: string;
let cashier: string;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login("admin");
  cashier = await t.login("cashier");
});
afterAll(() => t.close());

async function businessIdOf(token: string): Promise<string | undefined> {
  const res = await t.call<Setting[]>(token, "GET", "/api/setting/");
  expect(res.status).toBe(200);
  return res.body.find((s) => s.key === BUSINESS_ID_SETTING)?.value;
}

describe("the business id", () => {
  it("is a UUID every signed-in user reads with the settings, the same for all", async () => {
    const id = await businessIdOf(admin);
    expect(id).toMatch(UUID);
    expect(await businessIdOf(cashier)).toBe(id);
    const rows = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from setting where key = ${BUSINESS_ID_SETTING}`);
    expect(rows[0].n).toBe(1);
  });

  it("reaches a device with its first pull", async () => {
    const pulled: Record<string, unknown>[] = [];
    let cursor: string | undefined;
    for (;;) {
      const qs = new URLSearchParams({ limit: "5000", ...(cursor ? { since: cursor } : {}) });
      const res = await t.call<PullAnswer>(cashier, "GET", `/api/sync/pull/?${qs}`);
      expect(res.status).toBe(200);
      pulled.push(...(res.body.tables.setting?.upserts ?? []));
      cursor = res.body.cursor;
      if (!res.body.has_more) break;
    }
    expect(pulled).toContainEqual(expect.objectContaining({ key: BUSINESS_ID_SETTING, value: await businessIdOf(cashier) }));
  }, 120_000);

  it("the settings form does not change it, even when sent one", async () => {
    const before = await businessIdOf(admin);
    const [base] = await queryRows<{ id: number }>(t.db, sql`select id from currency where is_base`);
    const res = await t.call<Setting[]>(admin, "PUT", "/api/setting/", {
      batch_number: true,
      base_currency: base.id,
      business_id: "00000000-0000-4000-8000-000000000000",
    });
    expect(res.status).toBe(200);
    expect(res.body).toContainEqual(expect.objectContaining({ key: BUSINESS_ID_SETTING, value: before }));
    expect(await businessIdOf(admin)).toBe(before);
  });

  it("is made once: the migration run again keeps it, and another new database gets another", async () => {
    const before = await businessIdOf(admin);
    const migration = await readFile(new URL("../../../src/server/db/migrations/0044_business_id.sql", import.meta.url), "utf8");
    await t.db.execute(sql.raw(migration));
    expect(await businessIdOf(admin)).toBe(before);

    const other = await openDatabase({ dataDir: "memory://" });
    try {
      await other.migrateAndRun(async () => undefined);
      const [row] = await queryRows<Setting>(other.db, sql`select key, value from setting where key = ${BUSINESS_ID_SETTING}`);
      expect(row.value).toMatch(UUID);
      expect(row.value).not.toBe(before);
    } finally {
      await other.close();
    }
  }, 120_000);
});
