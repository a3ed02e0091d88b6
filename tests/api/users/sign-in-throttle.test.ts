import { describe, expect, it } from "vitest";
import { loginFailure } from "../../../src/server/db/tables";
import { withTestApp } from "../support/test-lifecycle";
import type { TestApp } from "../support/test-app";

let t: TestApp;
withTestApp(async (app) => {
  t = app;
});

/** A sign-in from an address, with the device cookie a browser would send back. */
async function signIn(username: string, password: string, ip: string, cookie?: string, forwardedFor?: string) {
  const response = await t.app.inject({
    method: "POST",
    url: "/api/login/",
    payload: { username, password },
    remoteAddress: ip,
    headers: { ...(cookie ? { cookie } : {}), ...(forwardedFor ? { "x-forwarded-for": forwardedFor } : {}) },
  });
  const setCookie = response.headers["set-cookie"];
  const device = [setCookie ?? []].flat().find((c) => c.startsWith("bo_device="));
  return { status: response.statusCode, retryAfter: response.headers["retry-after"], cookie: device?.split(";")[0] };
}

describe("sign-in throttling that cannot be turned against the owner", () => {
  it("gives a device that signs in a device cookie it sends back", async () => {
    const first = await signIn("admin", "admin", "10.0.0.1");
    expect(first.status).toBe(200);
    expect(first.cookie).toMatch(/^bo_device=[\w-]{40,}$/);
    const again = await signIn("admin", "admin", "10.0.0.1", first.cookie);
    expect(again.status).toBe(200);
    expect(again.cookie).toBeUndefined();
  });

  it("five wrong passwords from one address: that address waits (429), the owner's known device signs in", async () => {
    const owner = (await signIn("admin", "admin", "10.0.0.1")).cookie!;
    for (let i = 0; i < 5; i += 1) expect((await signIn("admin", "guess" + i, "10.0.0.66")).status).toBe(400);
    const refused = await signIn("admin", "admin", "10.0.0.66");
    expect(refused.status).toBe(429);
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    expect(Number(refused.retryAfter)).toBeLessThanOrEqual(30);

    // The owner's device, from its own address and even from the attacker's (a shared NAT).
    expect((await signIn("admin", "admin", "10.0.0.1", owner)).status).toBe(200);
    expect((await signIn("admin", "admin", "10.0.0.66", owner)).status).toBe(200);
    // The owner's success did not clear the attacker's count: that address still waits.
    expect((await signIn("admin", "admin", "10.0.0.66")).status).toBe(429);
    // Another address without a cookie is not held back by the first one's failures.
    expect((await signIn("admin", "admin", "10.0.0.2")).status).toBe(200);
  });

  it("a client cannot pick a new address per try with X-Forwarded-For (no proxy is trusted unless TRUST_PROXY says so)", async () => {
    await t.db.delete(loginFailure);
    for (let i = 0; i < 5; i += 1) expect((await signIn("admin", "guess" + i, "10.0.2.66", undefined, `192.0.2.${i}`)).status).toBe(400);
    expect((await signIn("admin", "admin", "10.0.2.66", undefined, "192.0.2.200")).status).toBe(429);
  });

  it("a device cookie counts only for its own user, and one that keeps failing is trusted no more", async () => {
    await t.db.delete(loginFailure);
    const cashierDevice = (await signIn("cashier", "cashier", "10.0.1.1")).cookie!;
    for (let i = 0; i < 5; i += 1) expect((await signIn("admin", "guess" + i, "10.0.1.9")).status).toBe(400);
    // The cashier's cookie does not vouch for admin.
    expect((await signIn("admin", "admin", "10.0.1.9", cashierDevice)).status).toBe(429);

    for (let i = 0; i < 5; i += 1) expect((await signIn("cashier", "guess" + i, "10.0.1.1", cashierDevice)).status).toBe(400);
    expect((await signIn("cashier", "cashier", "10.0.1.1", cashierDevice)).status).toBe(429);
  });

  it("slows down rather than locks out: the wait is short and then the address may try again", async () => {
    await t.db.delete(loginFailure);
    for (let i = 0; i < 5; i += 1) expect((await signIn("cashier", "guess" + i, "10.0.2.1")).status).toBe(400);
    expect((await signIn("cashier", "cashier", "10.0.2.1")).status).toBe(429);
    // Thirty seconds later (the failures moved back in time) the right password goes through.
    await t.db.update(loginFailure).set({ at: new Date(Date.now() - 31_000) });
    expect((await signIn("cashier", "cashier", "10.0.2.1")).status).toBe(200);
  });
});

describe("lockouts in the audit trail", () => {
  it("records when an address starts waiting for a username and until when, and its end", async () => {
    await t.db.delete(loginFailure);
    const { queryRows } = await import("../../../src/server/db/client");
    const { sql } = await import("drizzle-orm");
    const lockouts = () =>
      queryRows<{ action: string; changes: { username: string; ip: string; until: string } }>(
        t.db,
        sql`select action, changes from audit_log where action in ('lockout', 'lockout-end') and changes->>'ip' = '10.0.3.1' order by id`,
      );
    for (let i = 0; i < 5; i += 1) await signIn("cashier", "guess" + i, "10.0.3.1");
    const [lockout] = await lockouts();
    expect(lockout.action).toBe("lockout");
    expect(lockout.changes).toMatchObject({ username: "cashier", ip: "10.0.3.1" });
    expect(new Date(lockout.changes.until).getTime()).toBeGreaterThan(Date.now());
    await t.db.update(loginFailure).set({ at: new Date(Date.now() - 31_000) });
    expect((await signIn("cashier", "cashier", "10.0.3.1")).status).toBe(200);
    expect((await lockouts()).map((r) => r.action)).toEqual(["lockout", "lockout-end"]);
  });
});
