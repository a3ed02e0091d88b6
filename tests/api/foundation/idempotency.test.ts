import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { buildApp } from "../../../src/server/app";
import { openDatabase, queryRows } from "../../../src/server/db/client";
import { seedIfEmpty } from "../../../src/server/seed/seed";
import { newFormToken } from "../../../src/core/form-token";
import type { Created, FieldErrors } from "../support/json";
import { formToken, startTestApp, testDatabaseUrl, wipePostgres, type TestApp } from "../support/test-app";

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login("admin");
});
afterAll(() => t.close());

const countNamed = async (name: string) =>
  (await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from item_group where name = ${name}`))[0].n;

describe("idempotent creates", () => {
  it("a create needs a form_token", async () => {
    const res = await t.call(admin, "POST", "/api/item-group/", { name: "No token" });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ form_token: ["This field is required"] });
    expect(await countNamed("No token")).toBe(0);
  });

  it("a replayed form_token answers the first response and creates nothing", async () => {
    const token = formToken();
    const first = await t.call(admin, "POST", "/api/item-group/", { name: "Replayed", form_token: token });
    const again = await t.call(admin, "POST", "/api/item-group/", { form_token: token, name: "Replayed" });
    expect(first.status).toBe(201);
    expect(again).toEqual(first);
    expect(await countNamed("Replayed")).toBe(1);
  });

  it("the same token with another body is a 422 and changes nothing", async () => {
    const token = formToken();
    await t.call(admin, "POST", "/api/item-group/", { name: "Original", form_token: token });
    const other = await t.call(admin, "POST", "/api/item-group/", { name: "Different", form_token: token });
    expect(other.status).toBe(422);
    expect(await countNamed("Different")).toBe(0);
  });

  it("a refused create leaves the token free for the corrected body", async () => {
    const token = formToken();
    const bad = await t.call<FieldErrors>(admin, "POST", "/api/item-group/", { name: "", form_token: token });
    expect(bad.status).toBe(400);
    expect(bad.body.name).toEqual(["This field is required"]);
    const good = await t.call(admin, "POST", "/api/item-group/", { name: "Corrected", form_token: token });
    expect(good.status).toBe(201);
  });

  it("a token is scoped to its user: another user's same token is a new create", async () => {
    const token = formToken();
    const mine = await t.call<Created>(admin, "POST", "/api/item-group/", { name: "Scoped", form_token: token });
    await t.db.execute(
      sql`insert into user_permission (user_id, code) select id, 'add_itemgroup' from app_user where username = 'cashier'`,
    );
    await t.db.execute(
      sql`insert into user_permission (user_id, code) select id, 'view_itemgroup' from app_user where username = 'cashier'`,
    );
    const cashier = await t.login("cashier");
    const theirs = await t.call<Created>(cashier, "POST", "/api/item-group/", { name: "Scoped", form_token: token });
    expect(theirs.status).toBe(201);
    expect(theirs.body.id).not.toBe(mine.body.id);
    expect(await countNamed("Scoped")).toBe(2);
  });

  describe("a token carried to another user in a file of unsynced documents", () => {
    let cashier: string;
    let adminId: number;
    beforeAll(async () => {
      await t.db.execute(
        sql`insert into user_permission (user_id, code) select id, code from app_user, (values ('add_itemgroup'), ('view_itemgroup')) as p(code)
            where username = 'cashier' on conflict do nothing`,
      );
      cashier = await t.login("cashier");
      adminId = (await queryRows<{ id: number }>(t.db, sql`select id from app_user where username = 'admin'`))[0].id;
    });

    it("booked by the user who loaded it: the author's own replay later gets that answer and books nothing more", async () => {
      const token = newFormToken(adminId);
      const loaded = await t.call<Created>(cashier, "POST", "/api/item-group/", { name: "Carried first", form_token: token });
      expect(loaded.status).toBe(201);
      const authors = await t.call<Created>(admin, "POST", "/api/item-group/", { name: "Carried first", form_token: token });
      expect(authors).toEqual(loaded);
      const again = await t.call<Created>(cashier, "POST", "/api/item-group/", { name: "Carried first", form_token: token });
      expect(again).toEqual(loaded);
      expect(await countNamed("Carried first")).toBe(1);
    });

    it("booked by its author first: the loader is refused without the author's answer, and nothing more is booked", async () => {
      const token = newFormToken(adminId);
      const authors = await t.call<Created>(admin, "POST", "/api/item-group/", { name: "Carried later", form_token: token });
      expect(authors.status).toBe(201);
      const loaded = await t.call(cashier, "POST", "/api/item-group/", { name: "Carried later", form_token: token });
      expect(loaded).toEqual({ status: 422, body: { message: "This document was already booked by the user who saved it" } });
      expect(await countNamed("Carried later")).toBe(1);
    });
  });

  it("twenty concurrent sends of one entry book it once", async () => {
    const token = formToken();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => t.call<Created>(admin, "POST", "/api/item-group/", { name: "Concurrent", form_token: token })),
    );
    expect(await countNamed("Concurrent")).toBe(1);
    const created = answers.filter((a) => a.status === 201);
    expect(created.length).toBeGreaterThanOrEqual(1);
    expect(new Set(created.map((a) => a.body.id)).size).toBe(1);
    // Any other answer is "still running": the client retries later and then gets the 201.
    expect(answers.every((a) => a.status === 201 || a.status === 409)).toBe(true);
  });
});

describe.runIf(!!testDatabaseUrl)("on a PostgreSQL server with several processes", () => {
  it("two app instances with their own pools book one entry once", async () => {
    const second = await openDatabase({ url: testDatabaseUrl });
    const other = await buildApp({ db: second.db });
    try {
      const token = formToken();
      const send = (app: typeof other) =>
        app.inject({
          method: "POST",
          url: "/api/item-group/",
          payload: { name: "Two processes", form_token: token },
          headers: { authorization: `Bearer ${admin}` },
        });
      const answers = await Promise.all([send(t.app), send(other), send(t.app), send(other)]);
      expect(answers.every((a) => a.statusCode === 201 || a.statusCode === 409)).toBe(true);
      expect(await countNamed("Two processes")).toBe(1);
      const retry = await send(other);
      expect(retry.statusCode).toBe(201);
    } finally {
      await other.close();
      await second.close();
    }
  });
});

describe.runIf(!!testDatabaseUrl)("start-up on an empty PostgreSQL", () => {
  it("replicas starting at once migrate and seed exactly once", async () => {
    const url = testDatabaseUrl!;
    await t.close();
    await wipePostgres(url);
    const replicas = await Promise.all([1, 2, 3].map(() => openDatabase({ url })));
    await Promise.all(replicas.map((r) => r.migrateAndRun(async (db) => void (await seedIfEmpty(db, { demo: true })))));
    const [{ users }] = await queryRows<{ users: number }>(replicas[0].db, sql`select count(*)::int as users from app_user`);
    const [{ branches }] = await queryRows<{ branches: number }>(replicas[0].db, sql`select count(*)::int as branches from branch`);
    // The demo's admin, cashier and hr users, and its two branches: once, not three times.
    expect(users).toBe(3);
    expect(branches).toBe(2);
    await Promise.all(replicas.map((r) => r.close()));
    t = await startTestApp();
  });
});
