import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { hashPassword } from "../../../src/server/http/passwords";
import { appUser, authToken, loginFailure } from "../../../src/server/db/tables";
import type { AuthUser } from "../../../src/core/api-types";
import type { FieldErrors } from "../support/json";
import { startTestApp, type TestApp } from "../support/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe("sign-in", () => {
  it("answers a token for the right password and stores only its hash", async () => {
    const res = await t.call<{ token: string }>(null, "POST", "/api/login/", { username: "admin", password: "admin" });
    expect(res.status).toBe(200);
    expect(res.body.token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    const stored = await t.db.select().from(authToken);
    expect(stored.some((row) => row.tokenHash === res.body.token)).toBe(false);
    expect(stored.every((row) => row.expiresAt.getTime() > Date.now())).toBe(true);
  });

  it("refuses a wrong password with a 400 message and no token", async () => {
    const res = await t.call(null, "POST", "/api/login/", { username: "cashier", password: "wrong" });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: "Invalid username or password" });
    await t.db.delete(loginFailure);
  });

  it("refuses an unknown user the same way", async () => {
    const res = await t.call(null, "POST", "/api/login/", { username: "nobody", password: "whatever" });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: "Invalid username or password" });
  });

  it("asks for both fields", async () => {
    const res = await t.call<FieldErrors>(null, "POST", "/api/login/", {});
    expect(res.status).toBe(400);
    expect(res.body.username).toEqual(["This field is required"]);
    expect(res.body.password).toEqual(["This field is required"]);
  });

  it("rate-limits repeated failures, even when the right password follows", async () => {
    for (let i = 0; i < 5; i += 1) {
      expect((await t.call(null, "POST", "/api/login/", { username: "cashier", password: "bad" })).status).toBe(400);
    }
    const res = await t.call(null, "POST", "/api/login/", { username: "cashier", password: "cashier" });
    expect(res.status).toBe(429);
    await t.db.delete(loginFailure);
    expect((await t.call(null, "POST", "/api/login/", { username: "cashier", password: "cashier" })).status).toBe(200);
  });
});

describe("tokens", () => {
  it("rejects a missing or unknown token with 401", async () => {
    expect((await t.call(null, "GET", "/api/user/me/")).status).toBe(401);
    expect((await t.call("not-a-token", "GET", "/api/user/me/")).status).toBe(401);
  });

  it("rejects an expired token", async () => {
    const token = await t.login("cashier");
    await t.db.update(authToken).set({ expiresAt: new Date(Date.now() - 1000) });
    expect((await t.call(token, "GET", "/api/user/me/")).status).toBe(401);
  });

  it("logout revokes only the caller's token", async () => {
    const first = await t.login("admin");
    const second = await t.login("admin");
    expect((await t.call(first, "POST", "/api/logout/")).status).toBe(200);
    expect((await t.call(first, "GET", "/api/user/me/")).status).toBe(401);
    expect((await t.call(second, "GET", "/api/user/me/")).status).toBe(200);
  });

  it("an inactive user's token stops working", async () => {
    const token = await t.login("cashier");
    await t.db.update(appUser).set({ isActive: false }).where(eq(appUser.username, "cashier"));
    expect((await t.call(token, "GET", "/api/user/me/")).status).toBe(401);
    await t.db.update(appUser).set({ isActive: true }).where(eq(appUser.username, "cashier"));
  });
});

describe("the signed-in user", () => {
  it("user/me/ describes the user, branches with inventories and cashboxes with currency", async () => {
    const token = await t.login("cashier");
    const me = (await t.call<AuthUser>(token, "GET", "/api/user/me/")).body;
    expect(me.username).toBe("cashier");
    expect(me.is_superuser).toBe(false);
    expect(me.permissions).toEqual(expect.arrayContaining(["view_sale", "add_sale", "view_customer", "add_customer", "view_stock"]));
    expect(me.permissions).not.toContain("view_itemgroup");
    expect(me.branches).toHaveLength(1);
    expect(me.default_branch_id).toBe(me.branches[0].id);
    expect(me.branches[0].inventories).toHaveLength(2);
    expect(me.cashboxes.map((c) => c.currency.code).sort()).toEqual(["IQD", "USD"]);
    expect(me.cashboxes.every((c) => c.branch_id === me.branches[0].id)).toBe(true);
    const perms = (await t.call(token, "GET", "/api/user/auth-permissions/")).body;
    expect(perms).toEqual(me.permissions);
  });

  it("admin is a superuser of both branches", async () => {
    const token = await t.login("admin");
    const me = (await t.call<AuthUser>(token, "GET", "/api/user/me/")).body;
    expect(me.is_superuser).toBe(true);
    expect(me.branches).toHaveLength(2);
    expect(me.cashboxes).toHaveLength(4);
  });

  it("changes its own info and validates the email", async () => {
    const token = await t.login("cashier");
    const bad = await t.call<FieldErrors>(token, "PUT", "/api/user/me/", { first_name: "Dara", email: "not-an-email" });
    expect(bad.status).toBe(400);
    expect(bad.body.email).toEqual(["must be a valid email"]);
    const ok = await t.call<AuthUser>(token, "PUT", "/api/user/me/", {
      first_name: "Dara",
      last_name: "Aziz",
      email: "dara@example.com",
      phone: "0750",
    });
    expect(ok.status).toBe(200);
    expect(ok.body.first_name).toBe("Dara");
    expect((await t.call<AuthUser>(token, "GET", "/api/user/me/")).body.email).toBe("dara@example.com");
  });

  it("changes its password with the old one, and signs out its other devices", async () => {
    const token = await t.login("cashier");
    const other = await t.login("cashier");
    const wrong = await t.call(token, "POST", "/api/user/change-password/", {
      old_password: "nope",
      new_password: "a-new-secret",
      confirm_password: "a-new-secret",
    });
    expect(wrong.status).toBe(400);
    const ok = await t.call(token, "POST", "/api/user/change-password/", {
      old_password: "cashier",
      new_password: "a-new-secret",
      confirm_password: "a-new-secret",
    });
    expect(ok.status).toBe(200);
    expect((await t.call(other, "GET", "/api/user/me/")).status).toBe(401);
    expect((await t.call(token, "GET", "/api/user/me/")).status).toBe(200);
    expect((await t.call(null, "POST", "/api/login/", { username: "cashier", password: "cashier" })).status).toBe(400);
    expect((await t.call(null, "POST", "/api/login/", { username: "cashier", password: "a-new-secret" })).status).toBe(200);
    // Put the demo password back for the other tests of this file.
    await t.db
      .update(appUser)
      .set({ passwordHash: await hashPassword("cashier") })
      .where(eq(appUser.username, "cashier"));
  });
});
