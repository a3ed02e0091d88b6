import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { desc, eq } from "drizzle-orm";
import { hashPassword } from "../../../src/server/http/passwords";
import { appUser, authToken, loginFailure, passwordCheckFailure } from "../../../src/server/db/tables";
import { DEFAULT_TOKEN_IDLE_DAYS, TOKEN_LIFETIME_DAYS } from "../../../src/server/http/session-policy";
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

  it("rejects a token unused for longer than the idle limit; one in use lives on", async () => {
    const idle = await t.login("cashier");
    const used = await t.login("cashier");
    const stamp = (days: number) => new Date(Date.now() - days * 86_400_000);
    // Shifts the last use of each token back in time, as days without a request would.
    const [idleRow, usedRow] = await t.db
      .select({ id: authToken.id })
      .from(authToken)
      .orderBy(desc(authToken.id))
      .limit(2)
      .then((rows) => [rows[1], rows[0]]);
    await t.db
      .update(authToken)
      .set({ lastSeenAt: stamp(DEFAULT_TOKEN_IDLE_DAYS + 0.01) })
      .where(eq(authToken.id, idleRow.id));
    await t.db
      .update(authToken)
      .set({ lastSeenAt: stamp(DEFAULT_TOKEN_IDLE_DAYS - 0.01) })
      .where(eq(authToken.id, usedRow.id));
    expect((await t.call(idle, "GET", "/api/user/me/")).status).toBe(401);
    expect((await t.call(used, "GET", "/api/user/me/")).status).toBe(200);
    // Its use moved the stamp on: the same token still works once the first week has passed.
    const [after] = await t.db.select({ lastSeenAt: authToken.lastSeenAt }).from(authToken).where(eq(authToken.id, usedRow.id));
    expect(after.lastSeenAt.getTime()).toBeGreaterThan(Date.now() - 60_000);

    const sessions = await t.call<{ current: boolean; expires_at: string; idle_until: string }[]>(used, "GET", "/api/user/sessions/");
    expect(sessions.body).toHaveLength(1);
    const [session] = sessions.body;
    const expiresIn = new Date(session.expires_at).getTime() - Date.now();
    const idleIn = new Date(session.idle_until).getTime() - Date.now();
    expect(expiresIn).toBeGreaterThan((TOKEN_LIFETIME_DAYS - 1) * 86_400_000);
    expect(idleIn).toBeGreaterThan((DEFAULT_TOKEN_IDLE_DAYS - 0.01) * 86_400_000);
    expect(idleIn).toBeLessThanOrEqual(DEFAULT_TOKEN_IDLE_DAYS * 86_400_000);
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

  it("slows down guesses of the current password per user (429 with Retry-After), even when the right one follows", async () => {
    const token = await t.login("cashier");
    const change = (old_password: string) =>
      t.call(token, "POST", "/api/user/change-password/", { old_password, new_password: "a-new-secret", confirm_password: "a-new-secret" });
    for (let i = 0; i < 5; i += 1) expect((await change(`guess ${i}`)).status).toBe(400);
    const refused = await t.app.inject({
      method: "POST",
      url: "/api/user/change-password/",
      headers: { authorization: `Bearer ${token}` },
      payload: { old_password: "cashier", new_password: "a-new-secret", confirm_password: "a-new-secret" },
    });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    // Another device of the same user is slowed down too: the count is the user's.
    const other = await t.login("cashier");
    expect(
      (
        await t.call(other, "POST", "/api/user/change-password/", {
          old_password: "cashier",
          new_password: "a-new-secret",
          confirm_password: "a-new-secret",
        })
      ).status,
    ).toBe(429);
    expect((await t.call(null, "POST", "/api/login/", { username: "cashier", password: "cashier" })).status).toBe(200);
    await t.db.delete(passwordCheckFailure);
    expect((await change("still wrong")).status).toBe(400);
  });
});
