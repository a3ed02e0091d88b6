import { buildApp } from "../../src/server/app";
import { openDatabase } from "../../src/server/db/client";
import { seedIfEmpty } from "../../src/server/seed/seed";

/**
 * Bytes on the wire of the demo data's answers, as a client that sends no Accept-Encoding,
 * one that accepts gzip only, and Chromium ("gzip, deflate, br, zstd") receive them.
 * Run: node --import tsx tests/bench/transfer-sizes.ts
 */
const database = await openDatabase({ dataDir: "memory://" });
await database.migrateAndRun(async (db) => {
  await seedIfEmpty(db, { demo: true });
});
const app = await buildApp({ db: database.db });
const login = await app.inject({ method: "POST", url: "/api/login/", payload: { username: "admin", password: "admin" } });
const { token } = JSON.parse(login.body) as { token: string };
const rows: string[] = ["| answer | plain | gzip | br (Chromium) |", "| --- | --- | --- | --- |"];
for (const url of ["/api/sync/pull/?limit=1000", "/api/item/?page_size=100"]) {
  const sizes: string[] = [];
  for (const encoding of [undefined, "gzip", "gzip, deflate, br, zstd"]) {
    const headers: Record<string, string> = { authorization: `Bearer ${token}` };
    if (encoding) headers["accept-encoding"] = encoding;
    const answer = await app.inject({ method: "GET", url, headers });
    sizes.push(`${(answer.rawPayload.length / 1000).toFixed(1)} kB`);
  }
  rows.push(`| GET ${url} | ${sizes.join(" | ")} |`);
}
console.log(rows.join("\n"));
await app.close();
await database.close();
