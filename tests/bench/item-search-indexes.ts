import { readFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import type { Db } from "../../src/server/db/client";

/**
 * The item table's trigram GIN indexes (migration 0014) make a bulk insert of 100k bench items several
 * times slower (each row goes through three GIN pending lists of 64 kB). The benches generate their
 * items with these indexes dropped, then build them again in one pass each, with the migration's own
 * statements (read from the migration file, so the two cannot drift apart).
 */
const MIGRATION = new URL("../../src/server/db/migrations/0014_item_search_trigram.sql", import.meta.url);

function indexStatements(): { name: string; create: string }[] {
  const statements = readFileSync(MIGRATION, "utf8")
    .split("--> statement-breakpoint")
    .map((s) => s.replace(/^--.*$/gm, "").trim())
    .filter((s) => /^CREATE INDEX/i.test(s));
  const found = statements.map((create) => ({ name: /"(item_\w+_trgm_idx)"/.exec(create)?.[1] ?? "", create }));
  if (found.length !== 3 || found.some((s) => !s.name))
    throw new Error("0014_item_search_trigram.sql: expected three item_*_trgm_idx indexes");
  return found;
}

/** Runs `load` (a bulk insert into item) without the trigram indexes, then creates them again. */
export async function withoutItemSearchIndexes<T>(db: Db, load: () => Promise<T>): Promise<T> {
  const indexes = indexStatements();
  for (const index of indexes) await db.execute(sql.raw(`DROP INDEX IF EXISTS "${index.name}"`));
  const result = await load();
  for (const index of indexes) await db.execute(sql.raw(index.create));
  return result;
}
