import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync, mkdirSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import type { FastifyInstance, InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../../src/server/app";
import { openDatabase, type Database } from "../../../src/server/db/client";
import { seedIfEmpty } from "../../../src/server/seed/seed";
import { testDatabaseUrl, wipePostgres } from "../support/test-app";
import { precacheList } from "../../../scripts/sw-artifacts";
import { decodeBundle, PRECACHE_BUNDLE } from "../../../sw/precache-bundle";

/**
 * Issue 12: answers worth compressing (JSON lists, sync pages, the app's HTML) go out compressed to a
 * client that accepts it, brotli first, and stay as they are for one that does not; the built assets
 * are sent as the .br / .gz files written at build time, byte for byte, not compressed again.
 */

let database: Database;
let app: FastifyInstance;
let token: string;
let webRoot: string;

const SCRIPT = `export const greeting = ${JSON.stringify("hello from the app shell ".repeat(200))};\n`;
const scriptBr = brotliCompressSync(SCRIPT);
const scriptGz = gzipSync(SCRIPT);
const INDEX = `<!doctype html><html><body><div id="root"></div>${"<!-- shell -->".repeat(100)}</body></html>`;

beforeAll(async () => {
  // A tiny built app: an index.html and one script, with the .br and .gz files the build writes.
  webRoot = mkdtempSync(join(tmpdir(), "compression-web-"));
  mkdirSync(join(webRoot, "assets"));
  writeFileSync(join(webRoot, "index.html"), INDEX);
  writeFileSync(join(webRoot, "index.html.br"), brotliCompressSync(INDEX));
  writeFileSync(join(webRoot, "index.html.gz"), gzipSync(INDEX));
  writeFileSync(join(webRoot, "assets", "app-abc123.js"), SCRIPT);
  writeFileSync(join(webRoot, "assets", "app-abc123.js.br"), scriptBr);
  writeFileSync(join(webRoot, "assets", "app-abc123.js.gz"), scriptGz);

  if (testDatabaseUrl) await wipePostgres(testDatabaseUrl);
  database = await openDatabase({ url: testDatabaseUrl, dataDir: "memory://" });
  await database.migrateAndRun(async (db) => {
    await seedIfEmpty(db, { demo: true });
  });
  app = await buildApp({ db: database.db, webRoot });
  await app.ready();
  const login = await app.inject({ method: "POST", url: "/api/login/", payload: { username: "admin", password: "admin" } });
  token = (JSON.parse(login.body) as { token: string }).token;
});

afterAll(async () => {
  await app?.close();
  await database?.close();
  rmSync(webRoot, { recursive: true, force: true });
});

async function get(url: string, acceptEncoding?: string, withToken = true) {
  const headers: InjectOptions["headers"] = {};
  if (withToken) headers.authorization = `Bearer ${token}`;
  if (acceptEncoding !== undefined) headers["accept-encoding"] = acceptEncoding;
  return app.inject({ method: "GET", url, headers });
}

/** The body as the client reads it once it has undone the Content-Encoding. */
function decoded(response: { rawPayload: Buffer; headers: Record<string, unknown> }): string {
  const encoding = response.headers["content-encoding"];
  if (encoding === "br") return brotliDecompressSync(response.rawPayload).toString("utf8");
  if (encoding === "gzip") return gunzipSync(response.rawPayload).toString("utf8");
  expect(encoding).toBeUndefined();
  return response.rawPayload.toString("utf8");
}

/**
 * The answer's content: a sync page's cursor carries the database's transaction horizon, which moves
 * between two requests whenever anything commits (on PostgreSQL, the other test files' databases too).
 */
function content(text: string): unknown {
  const { cursor: _cursor, ...rest } = JSON.parse(text) as Record<string, unknown>;
  return rest;
}

const API_ANSWERS = [
  ["a list page", "/api/item/?page_size=100"],
  ["a sync page", "/api/sync/pull/?limit=1000"],
] as const;

describe("compressed answers", () => {
  for (const [what, url] of API_ANSWERS) {
    it(`${what} goes out as brotli to a client that accepts br, as gzip to one that accepts gzip only, and as it is otherwise`, async () => {
      const plain = await get(url);
      expect(plain.statusCode).toBe(200);
      expect(plain.headers["content-encoding"]).toBeUndefined();
      expect(plain.rawPayload.length).toBeGreaterThan(4096);
      const rows = content(plain.body);

      // Chromium sends "gzip, deflate, br, zstd": brotli wins over gzip.
      const br = await get(url, "gzip, deflate, br, zstd");
      expect(br.statusCode).toBe(200);
      expect(br.headers["content-encoding"]).toBe("br");
      expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
      expect(content(decoded(br))).toEqual(rows);
      // JSON of repeated keys: at least four times smaller.
      expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);

      const gzip = await get(url, "gzip");
      expect(gzip.headers["content-encoding"]).toBe("gzip");
      expect(content(decoded(gzip))).toEqual(rows);
      expect(gzip.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);

      for (const refuses of ["identity", "gzip;q=0, br;q=0"]) {
        const none = await get(url, refuses);
        expect(none.headers["content-encoding"], refuses).toBeUndefined();
        expect(content(none.rawPayload.toString("utf8"))).toEqual(rows);
      }
    });
  }

  it("a short answer (under the threshold) is not worth compressing", async () => {
    const health = await get("/api/health/", "br, gzip", false);
    expect(health.statusCode).toBe(200);
    expect(health.rawPayload.length).toBeLessThan(1024);
    expect(health.headers["content-encoding"]).toBeUndefined();
  });

  it("the app shell's HTML, for / and for a client route, is sent from its precompressed files", async () => {
    for (const url of ["/", "/stock/item"]) {
      const html = await get(url, "gzip, deflate, br", false);
      expect(html.statusCode, url).toBe(200);
      expect(html.headers["content-type"]).toMatch(/text\/html/);
      expect(html.headers["content-encoding"], url).toBe("br");
      expect(html.rawPayload.equals(brotliCompressSync(INDEX)), url).toBe(true);
      const plain = await get(url, undefined, false);
      expect(plain.headers["content-encoding"]).toBeUndefined();
      expect(plain.body).toBe(INDEX);
    }
  });
});

describe("precompressed assets", () => {
  it("a built script is sent as the .br or .gz file beside it, byte for byte, and as it is to a client without either", async () => {
    const br = await get("/assets/app-abc123.js", "gzip, deflate, br", false);
    expect(br.statusCode).toBe(200);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["content-type"]).toMatch(/javascript/);
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(br.rawPayload.equals(scriptBr)).toBe(true);

    const gz = await get("/assets/app-abc123.js", "gzip", false);
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gz.rawPayload.equals(scriptGz)).toBe(true);

    const plain = await get("/assets/app-abc123.js", undefined, false);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  const built = process.env.WEB_ROOT ?? "dist/web";
  it.skipIf(!existsSync(join(built, "index.html")))(
    `the build (${built}) has .br and .gz beside its main script, and the server sends them`,
    async () => {
      const html = readFileSync(join(built, "index.html"), "utf8");
      const main = /<script type="module"[^>]* src="([^"]+)"/.exec(html)?.[1];
      expect(main, "index.html names its main script").toBeTruthy();
      const file = join(built, main!);
      expect(existsSync(`${file}.br`), `${file}.br`).toBe(true);
      expect(existsSync(`${file}.gz`), `${file}.gz`).toBe(true);
      expect(brotliDecompressSync(readFileSync(`${file}.br`)).equals(readFileSync(file))).toBe(true);

      const real = await buildApp({ db: database.db, webRoot: built });
      try {
        const answer = await real.inject({ method: "GET", url: main!, headers: { "accept-encoding": "gzip, deflate, br, zstd" } });
        expect(answer.statusCode).toBe(200);
        expect(answer.headers["content-encoding"]).toBe("br");
        expect(answer.rawPayload.equals(readFileSync(`${file}.br`))).toBe(true);
      } finally {
        await real.close();
      }
    },
  );

  it.skipIf(!existsSync(join(built, "index.html")))(
    `the build's service worker, style sheet and manifest (${built}) go out compressed too`,
    async () => {
      // The style sheets come with their chunks, not from index.html: the largest one, since a sheet under
      // the build's precompression threshold rightly goes out as it is.
      const sheet = readdirSync(join(built, "assets"))
        .filter((name) => name.endsWith(".css"))
        .sort((a, b) => statSync(join(built, "assets", b)).size - statSync(join(built, "assets", a)).size)[0];
      expect(sheet, "the build has a style sheet").toBeTruthy();
      const css = `/assets/${sheet}`;
      const real = await buildApp({ db: database.db, webRoot: built });
      try {
        for (const url of ["/sw.js", css, "/manifest.webmanifest"]) {
          const answer = await real.inject({ method: "GET", url, headers: { "accept-encoding": "gzip, deflate, br, zstd" } });
          expect(answer.statusCode, url).toBe(200);
          expect(answer.headers["content-encoding"], url).toBe("br");
          expect(decoded(answer), url).toBe(readFileSync(join(built, url)).toString("utf8"));
        }
      } finally {
        await real.close();
      }
    },
  );

  it.skipIf(!existsSync(join(built, "index.html")))(
    `the build's service worker and its precache bundle (${built}) are sent from their .br files, and the bundle holds every precached file as built`,
    async () => {
      const worker = readFileSync(join(built, "sw.js"), "utf8");
      expect(
        existsSync(join(built, PRECACHE_BUNDLE)),
        `${PRECACHE_BUNDLE} beside sw.js (a build older than the bundle has none: build again)`,
      ).toBe(true);
      const real = await buildApp({ db: database.db, webRoot: built });
      try {
        // Both are written after the build's compression pass (scripts/sw-artifacts.ts precompresses them).
        for (const file of ["sw.js", PRECACHE_BUNDLE]) {
          const answer = await real.inject({ method: "GET", url: `/${file}`, headers: { "accept-encoding": "gzip, deflate, br, zstd" } });
          expect(answer.statusCode, file).toBe(200);
          expect(answer.headers["content-encoding"], file).toBe("br");
          expect(answer.rawPayload.equals(readFileSync(join(built, `${file}.br`))), file).toBe(true);
        }
      } finally {
        await real.close();
      }
      const list = precacheList(worker);
      const bundle = readFileSync(join(built, PRECACHE_BUNDLE));
      const files = decodeBundle(bundle.buffer.slice(bundle.byteOffset, bundle.byteOffset + bundle.byteLength));
      expect(files.map(({ url, revision }) => ({ url, revision }))).toEqual(list.map(({ url, revision }) => ({ url, revision })));
      for (const file of files) expect(Buffer.from(file.bytes).equals(readFileSync(join(built, file.url))), file.url).toBe(true);
    },
  );
});
