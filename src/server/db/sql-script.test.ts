import { describe, expect, it } from "vitest";
import { sqlBatches } from "./sql-script";

describe("sqlBatches", () => {
  it("ends batches only at semicolons outside quotes, dollar quotes and comments", () => {
    const script = [
      "CREATE FUNCTION f() RETURNS trigger AS $$ BEGIN x := 1; RETURN NEW; END $$ LANGUAGE plpgsql;",
      "INSERT INTO t VALUES (1, 'a;\nb', 'it''s; fine');",
      '-- a comment; with a semicolon\nINSERT INTO "odd;name" VALUES (2);',
      "/* block; /* nested; */ still; */ SELECT $tag$ ; $tag$;",
    ].join("\n");
    const batches = [...sqlBatches(script, 1)];
    expect(batches).toHaveLength(4);
    expect(batches.join("")).toBe(script);
    expect(batches[1]).toContain("'it''s; fine');");
    expect(batches[3].trim()).toMatch(/^\/\* block.*\$tag\$;$/s);
  });

  it("keeps statements together up to the batch size", () => {
    const script = "SELECT 1;\nSELECT 2;\nSELECT 3;\n";
    expect([...sqlBatches(script)]).toEqual([script]);
    expect([...sqlBatches(script, 12)]).toEqual(["SELECT 1;\nSELECT 2;", "\nSELECT 3;\n"]);
  });
});
