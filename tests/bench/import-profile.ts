import { sql } from "drizzle-orm";
import { openDatabase, queryRows, insertFromJson, type Executor } from "../../src/server/db/client";
import { item } from "../../src/server/db/tables";
import { seedIfEmpty } from "../../src/server/seed/seed";
import { itemsMatching } from "../../src/server/modules/import/import.repository";

/**
 * Where the import's commit spends its time (import-bench.ts: 100k items, 460 s on PGlite): the items
 * written as the commit writes them (one transaction, batches of 2,000 through insertFromJson), some
 * batches under EXPLAIN ANALYZE, which times each trigger; then the match of the file against the items,
 * as the same file's second import plans it.
 *
 *   npx tsx tests/bench/import-profile.ts       BENCH_IMPORT_ROWS=20000 (rows), BENCH_DATABASE_URL (else PGlite in memory)
 */
const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 20_000);
const BATCH = 2000;

const database = await openDatabase({ url: process.env.BENCH_DATABASE_URL, dataDir: "memory://" });
await database.migrateAndRun(async (db) => void (await seedIfEmpty(db, { demo: true })));
const db = database.db;
const [admin] = await queryRows<{ id: number }>(db, sql`select id from "user" where username = 'admin'`);
const triggers = await queryRows<{ tgname: string }>(
  db,
  sql`select tgname from pg_trigger where tgrelid = 'item'::regclass and not tgisinternal order by 1`,
);
console.log(`triggers on item: ${triggers.map((t) => t.tgname).join(", ")}`);
const rowsOf = (from: number, count: number) =>
  Array.from({ length: count }, (_, k) => {
    const n = from + k;
    return {
      code: `B-${n}`,
      barcode: `77${String(n).padStart(10, "0")}`,
      name: `Bench import item ${n}`,
      itemType: 1,
      purchasePrice: `${(n % 90) + 1}.25`,
      salePrice: `${(n % 90) + 2}.50`,
      minQuantity: String(n % 10),
      isActive: true,
      createdBy: admin.id,
    };
  });
const explain = async (ex: Executor, query: ReturnType<typeof sql>) =>
  (await queryRows<{ "QUERY PLAN": string }>(ex, sql`explain (analyze, timing on) ${query}`)).map((r) => r["QUERY PLAN"]);

const started = performance.now();
await db.transaction(async (tx) => {
  for (let from = 1, b = 0; from <= ROWS; from += BATCH, b += 1) {
    const insert = insertFromJson(item, rowsOf(from, Math.min(BATCH, ROWS - from + 1)));
    const t0 = performance.now();
    if (b === 0 || from + BATCH > ROWS || b === Math.floor(ROWS / BATCH / 2)) {
      const plan = await explain(tx, insert);
      console.log(`batch ${b + 1} (items ${from}..): ${(performance.now() - t0).toFixed(0)} ms under EXPLAIN ANALYZE`);
      for (const line of plan.filter((l) => /Trigger|Execution Time|Insert on/.test(l))) console.log(`  ${line.trim()}`);
    } else {
      await tx.execute(insert);
      console.log(`batch ${b + 1}: ${(performance.now() - t0).toFixed(0)} ms`);
    }
  }
});
console.log(`${ROWS} items written in ${((performance.now() - started) / 1000).toFixed(1)} s`);
const codes = Array.from({ length: ROWS }, (_, k) => `B-${k + 1}`);
const barcodes = Array.from({ length: ROWS }, (_, k) => `77${String(k + 1).padStart(10, "0")}`);
let t0 = performance.now();
const found = await itemsMatching(db, codes, barcodes, []);
console.log(
  `the match of ${ROWS} codes and barcodes (the second import's plan): ${found.length} found in ${(performance.now() - t0).toFixed(0)} ms`,
);
t0 = performance.now();
const text = (values: string[]) => sql`${JSON.stringify(values)}::jsonb`;
const plan = await explain(
  db,
  sql`select id from item where deleted_at is null and (
      code in (select jsonb_array_elements_text(${text(codes)}))
      or barcode in (select jsonb_array_elements_text(${text(barcodes)}))
      or lower(name) in (select jsonb_array_elements_text(${text([])})))`,
);
console.log(plan.join("\n"));
await database.close();
