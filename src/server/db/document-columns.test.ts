import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { getTableConfig, PgTable } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import * as tables from "./tables";

const SCHEMA = path.join(path.dirname(fileURLToPath(import.meta.url)), "schema");
const SHARED = ["id", "branch_id", "invoice_no", "input_date", "note", "created_by", "created_at", "updated_at"];

function documentTables() {
  return Object.values(tables as Record<string, unknown>)
    .filter((value): value is PgTable => value instanceof PgTable)
    .map((table) => getTableConfig(table))
    .filter((config) => config.columns.some((column) => column.name === "invoice_no"));
}

function shape(config: ReturnType<typeof getTableConfig>, name: string) {
  const column = config.columns.find((c) => c.name === name);
  return column && { type: column.getSQLType(), notNull: column.notNull, hasDefault: column.hasDefault };
}

describe("document columns", () => {
  it("gives every numbered document the same shared columns and booked rate", () => {
    const documents = documentTables();
    expect(documents.length).toBeGreaterThanOrEqual(20);
    const [sale] = documents.filter((config) => config.name === "sale");
    for (const config of documents) {
      for (const name of SHARED.filter((n) => n !== "input_date"))
        expect(shape(config, name), `${config.name}.${name}`).toEqual(shape(sale, name));
      const rate = shape(config, "exchange_rate");
      if (rate) expect(rate, `${config.name}.exchange_rate`).toEqual({ type: "numeric(18, 6)", notNull: true, hasDefault: false });
    }
  });

  it("spells the shared columns and the rate's precision once, in document-columns.ts and columns.ts", () => {
    const spelled = (pattern: RegExp) =>
      fs
        .readdirSync(SCHEMA)
        .filter((file) => file.endsWith(".ts") && !file.endsWith(".test.ts"))
        .filter((file) => pattern.test(fs.readFileSync(path.join(SCHEMA, file), "utf8")));
    expect(spelled(/integer\("invoice_no"\)/)).toEqual(["document-columns.ts"]);
    expect(spelled(/precision: 18, scale: 6/)).toEqual(["columns.ts"]);
  });
});
