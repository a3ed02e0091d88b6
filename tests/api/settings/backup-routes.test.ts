import { expect, it } from "vitest";
import { MESSAGES } from "../../../src/core/messages";
import type { TestApp } from "../support/test-app";
import { withTestApp } from "../support/test-lifecycle";

/**
 * The backup routes on a database that is not the embedded default's (the API tests' PGlite, like a
 * DATABASE_URL server): a superuser reads that backups are the database's own, nobody can take one,
 * and hostile requests get a 4xx. (Taking and checking backups: tests/server/backup-restore.test.ts.)
 */
let t: TestApp;
let admin: string;
let cashier: string;
withTestApp(async (app) => {
  t = app;
  admin = await t.login("admin");
  cashier = await t.login("cashier");
});

it("tells a superuser the backups are the database server's own, and lists none", async () => {
  const status = await t.call<{ managed: boolean; reason: string; last: null }>(admin, "GET", "/api/backup/status/");
  expect(status.status).toBe(200);
  expect(status.body).toMatchObject({ managed: false, reason: "external", last: null });
  const list = await t.call<unknown[]>(admin, "GET", "/api/backup/");
  expect(list.status).toBe(200);
  expect(list.body).toEqual([]);
  const take = await t.call<{ message: string }>(admin, "POST", "/api/backup/");
  expect(take.status).toBe(400);
  expect(take.body.message).toBe(MESSAGES.backupsNotManaged);
});

it("is for a superuser only, and answers hostile requests with a 4xx", async () => {
  for (const [method, url] of [
    ["GET", "/api/backup/"],
    ["GET", "/api/backup/status/"],
    ["POST", "/api/backup/"],
  ] as const) {
    expect((await t.call(null, method, url)).status).toBe(401);
    expect((await t.call(cashier, method, url)).status).toBe(403);
  }
  for (const payload of [{ file: "../../etc/passwd" }, "not json", [1, 2], { name: "\u0000" }]) {
    const res = await t.call(admin, "POST", "/api/backup/", payload);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  }
  for (const query of ["?page=-1", "?ordering=%00", "?file=../../x", "?name=%27;drop"]) {
    expect((await t.call(admin, "GET", `/api/backup/${query}`)).status).toBeLessThan(500);
    expect((await t.call(admin, "GET", `/api/backup/status/${query}`)).status).toBeLessThan(500);
  }
  const description = await t.call<{ paths: Record<string, object> }>(null, "GET", "/api/openapi.json");
  // In the API description, so the hostile-input sweep covers them too.
  expect(Object.keys(description.body.paths)).toEqual(expect.arrayContaining(["/api/backup/", "/api/backup/status/"]));
});
