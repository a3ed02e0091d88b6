import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AuthUser, CashboxRef, CurrencyRef } from "../../../src/core/api-types";
import { eq } from "drizzle-orm";
import { appUser, media } from "../../../src/server/db/tables";
import { MAX_UPLOADS_PER_HOUR } from "../../../src/server/modules/reference/media.routes";
import { newMediaKey } from "../../../src/server/modules/reference/media-keys";
import { formToken, startTestApp, type TestApp } from "../support/test-app";

/** A print header (print/all/, print/branch-print/): the fields the tests read. */
interface PrintInfo {
  name: string;
  branch: { id: number };
}

let t: TestApp;
let admin: string;
let cashier: string;
beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login("admin");
  cashier = await t.login("cashier");
});
afterAll(() => t.close());

describe("every route declares its access", () => {
  it("a route without an access declaration fails at registration", async () => {
    const { default: Fastify } = await import("fastify");
    const { installAccessControl } = await import("../../../src/server/http/access");
    const app = Fastify();
    installAccessControl(app, t.db);
    expect(() => app.get("/api/open-by-accident/", () => ({}))).toThrow(/declares no access/);
    await app.close();
  });

  it("health is public, the rest needs a token", async () => {
    expect(await t.call(null, "GET", "/api/health/")).toEqual({ status: 200, body: { status: "ok" } });
    for (const url of ["/api/item-group/", "/api/setting/", "/api/currency/all/", "/api/accounting/cashbox/all/", "/api/print/all/"]) {
      expect((await t.call(null, "GET", url)).status, url).toBe(401);
    }
  });

  it("403 without the permission, whatever the verb", async () => {
    expect((await t.call(cashier, "GET", "/api/item-group/")).status).toBe(403);
    expect((await t.call(cashier, "GET", "/api/item-group/1/")).status).toBe(403);
    expect((await t.call(cashier, "POST", "/api/item-group/", { name: "X", form_token: "c-1" })).status).toBe(403);
    expect((await t.call(cashier, "PUT", "/api/item-group/1/", { name: "X" })).status).toBe(403);
    expect((await t.call(cashier, "DELETE", "/api/item-group/1/")).status).toBe(403);
    expect((await t.call(admin, "GET", "/api/item-group/")).status).toBe(200);
  });

  it("unknown API paths are JSON 404s", async () => {
    const res = await t.call(admin, "GET", "/api/no-such-thing/");
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: "Not found." });
  });

  it("serves an OpenAPI description listing the routes", async () => {
    const res = await t.call<{ openapi: string; paths: Record<string, unknown> }>(null, "GET", "/api/openapi.json");
    expect(res.status).toBe(200);
    expect(res.body.openapi).toMatch(/^3\./);
    expect(Object.keys(res.body.paths)).toEqual(expect.arrayContaining(["/api/login/", "/api/item-group/", "/api/item-group/{id}/"]));
  });

  it("sends security headers", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/health/" });
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(String(res.headers["content-security-policy"])).toContain("default-src 'self'");
  });

  it("keeps API answers, refusals included, out of the browser's HTTP cache", async () => {
    const me = await t.app.inject({ method: "GET", url: "/api/user/me/", headers: { authorization: `Bearer ${cashier}` } });
    expect(me.statusCode).toBe(200);
    expect(me.headers["cache-control"]).toBe("no-store");
    const refused = await t.app.inject({ method: "GET", url: "/api/item-group/", headers: { authorization: `Bearer ${cashier}` } });
    expect(refused.statusCode).toBe(403);
    expect(refused.headers["cache-control"]).toBe("no-store");
  });
});

describe("branch scope", () => {
  it("a user sees only the cashboxes and print info of its own branches", async () => {
    const me = (await t.call<AuthUser>(cashier, "GET", "/api/user/me/")).body;
    const own = me.branches[0].id;
    const boxes = (await t.call<CashboxRef[]>(cashier, "GET", "/api/accounting/cashbox/all/")).body;
    expect(boxes).toHaveLength(2);
    expect(boxes.every((b) => b.branch_id === own)).toBe(true);
    const prints = (await t.call<PrintInfo[]>(cashier, "GET", "/api/print/all/")).body;
    expect(prints.map((p) => p.branch.id)).toEqual([own]);
  });

  it("another branch's print header is a 404, never a 403", async () => {
    const all = (await t.call(admin, "GET", "/api/print/all/")).body as { branch: { id: number } }[];
    const me = (await t.call<AuthUser>(cashier, "GET", "/api/user/me/")).body;
    const other = all.find((p) => p.branch.id !== me.branches[0].id)!;
    expect((await t.call(cashier, "POST", "/api/print/branch-print/", { branch_id: other.branch.id })).status).toBe(404);
    const mine = await t.call<PrintInfo>(cashier, "POST", "/api/print/branch-print/", { branch_id: me.branches[0].id });
    expect(mine.status).toBe(200);
    expect(mine.body.name).toBeTruthy();
  });
});

describe("reference calls", () => {
  it("currencies, base currency, latest rates, settings, general partner", async () => {
    const currencies = (await t.call<CurrencyRef[]>(cashier, "GET", "/api/currency/all/")).body;
    expect(currencies.map((c) => c.code)).toEqual(["IQD", "USD"]);
    expect((await t.call<CurrencyRef>(cashier, "GET", "/api/currency/base-currency/")).body.code).toBe("IQD");
    const rates = (await t.call<{ rate: string; currency: CurrencyRef }[]>(cashier, "GET", "/api/accounting/exchange-rate/latest/")).body;
    expect(rates).toHaveLength(1);
    expect(rates[0].currency.code).toBe("USD");
    expect(rates[0].rate).toBe("1320.00");
    const settings = (await t.call(cashier, "GET", "/api/setting/")).body;
    expect(settings).toContainEqual(expect.objectContaining({ key: "batch_number", value: "1" }));
    const general = (await t.call<{ is_general: boolean }>(cashier, "GET", "/api/partner/general-partner/")).body;
    expect(general.is_general).toBe(true);
  });
});

describe("media", () => {
  const png = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");
  const upload = (token: string, content: Buffer, filename: string) => {
    const boundary = "----bo-test";
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return t.app.inject({
      method: "POST",
      url: "/api/media/",
      payload,
      headers: { authorization: `Bearer ${token}`, "content-type": `multipart/form-data; boundary=${boundary}` },
    });
  };

  it("stores an image checked by its content and serves it", async () => {
    const res = await upload(admin, png, "dot.png");
    expect(res.statusCode).toBe(201);
    const { url } = res.json<{ url: string }>();
    const served = await t.app.inject({ method: "GET", url });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/png");
    expect(served.rawPayload.equals(png)).toBe(true);
  });

  it("serves media by its unguessable key only: the row id of the old urls answers 404", async () => {
    const res = await upload(admin, png, "dot.png");
    const { id, url } = res.json<{ id: string; url: string }>();
    expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(url).toBe(`/media/${id}/`);
    const [row] = await t.db.select({ id: media.id }).from(media).where(eq(media.key, id));
    expect((await t.app.inject({ method: "GET", url: `/media/${row.id}/` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: "/media/1/" })).statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url })).statusCode).toBe(200);
    // A body names media by key or url; a row id would let anyone attach another's picture and read back its key.
    const item = { name: "Keyed", item_type: 1, purchase_price: "1", sale_price: "2", form_token: formToken() };
    expect((await t.call(admin, "POST", "/api/item/", { ...item, image: row.id })).status).toBe(400);
    const keyed = await t.call<{ image: string }>(admin, "POST", "/api/item/", { ...item, image: id, form_token: formToken() });
    expect(keyed.status).toBe(201);
    expect(keyed.body.image).toBe(url);
  });

  it("caps how many uploads one user makes in an hour (429 with Retry-After)", async () => {
    const cashierId = (await t.db.select({ id: appUser.id }).from(appUser).where(eq(appUser.username, "cashier")))[0].id;
    const earlier = Array.from({ length: MAX_UPLOADS_PER_HOUR - 1 }, () => ({
      key: newMediaKey(),
      contentType: "image/png",
      size: png.length,
      data: png,
      createdBy: cashierId,
    }));
    await t.db.insert(media).values(earlier);
    expect((await upload(cashier, png, "last.png")).statusCode).toBe(201);
    const refused = await upload(cashier, png, "one-more.png");
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(3000);
    // Another user is not counted with the cashier.
    expect((await upload(admin, png, "admin.png")).statusCode).toBe(201);
    await t.db
      .update(media)
      .set({ createdAt: new Date(Date.now() - 3601_000) })
      .where(eq(media.createdBy, cashierId));
    expect((await upload(cashier, png, "next-hour.png")).statusCode).toBe(201);
  });

  it("refuses a file that only claims to be an image", async () => {
    const res = await upload(admin, Buffer.from("<script>alert(1)</script>"), "evil.png");
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ file: ["Only images are allowed"] });
  });
});

describe("serving the web app", () => {
  it("client routes get the shell, API and file misses stay 404", async () => {
    const { mkdtempSync, writeFileSync } = await import("node:fs");
    const { tmpdir } = await import("node:os");
    const path = await import("node:path");
    const { buildApp } = await import("../../../src/server/app");
    const root = mkdtempSync(path.join(tmpdir(), "web-"));
    writeFileSync(path.join(root, "index.html"), "<!doctype html><div id=root></div>");
    const app = await buildApp({ db: t.db, webRoot: root });
    try {
      const shell = await app.inject({ method: "GET", url: "/stock/item-group/5/edit" });
      expect(shell.statusCode).toBe(200);
      expect(shell.body).toContain("id=root");
      expect((await app.inject({ method: "GET", url: "/" })).body).toContain("id=root");
      expect((await app.inject({ method: "GET", url: "/api/nothing/" })).statusCode).toBe(404);
      expect((await app.inject({ method: "GET", url: "/assets/missing.js" })).statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });
});
