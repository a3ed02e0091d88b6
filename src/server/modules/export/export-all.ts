import { PassThrough, type Readable } from "node:stream";
import { once } from "node:events";
import { Zip, ZipDeflate, strToU8 } from "fflate";
import { sql } from "drizzle-orm";
import { CSV_BOM, CSV_LINE_END, csvLine } from "../../../core/spreadsheet-cell";
import { queryRows, type Db, type Tx } from "../../db/client";
import { recordAudit } from "../audit/audit.service";

/** Rows fetched from a table's cursor at a time: what the export holds in memory, whatever the business's size. */
const FETCH_ROWS = 2000;

/**
 * Secrets are no business data: sign-in tokens and idempotency records are left out whole, and a
 * password's hash is never written.
 */
const LEFT_OUT_TABLES = new Set(["auth_token"]);
const LEFT_OUT_COLUMNS = new Set(["password_hash", "token_hash"]);

interface TableColumns {
  table: string;
  columns: string[];
}

async function tablesOf(tx: Tx): Promise<TableColumns[]> {
  const rows = await queryRows<{ table: string; columns: string[] }>(
    tx,
    sql`select c.table_name as table, array_agg(c.column_name::text order by c.ordinal_position) as columns
        from information_schema.columns c
        join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
        where c.table_schema = 'public' group by c.table_name order by c.table_name`,
  );
  return rows
    .filter((row) => !LEFT_OUT_TABLES.has(row.table))
    .map((row) => ({ table: row.table, columns: row.columns.filter((column) => !LEFT_OUT_COLUMNS.has(column)) }));
}

/** A value as its CSV cell: JSON's text for objects and lists, PostgreSQL's text for the rest. */
function cellOf(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return JSON.stringify(value);
}

/**
 * The whole business as a zip of CSV files, one per table (`<table>.csv`, a header of its column
 * names, each cell by the formula-safe rule), read in one repeatable-read transaction so the tables
 * agree with each other, through a cursor per table, and written to the stream as it goes (the
 * stream's back pressure holds the reading). The export is audited before the first byte.
 */
export function exportAll(db: Db, userId: number): Readable {
  const out = new PassThrough();
  let zipError: Error | null = null;
  const zip = new Zip((error, data, final) => {
    if (error) zipError = error;
    else if (!out.destroyed) out.write(data);
    if (final && !out.destroyed) out.end();
  });
  const write = async (part: ZipDeflate, text: string, final = false) => {
    part.push(strToU8(text), final);
    if (zipError) throw zipError;
    // A download given up (the client gone) ends the reading, and with it the transaction.
    if (out.writableNeedDrain) await Promise.race([once(out, "drain"), once(out, "close")]);
    if (out.destroyed) throw new Error("export stopped: the download was closed");
  };
  void (async () => {
    await db.transaction(async (tx) => {
      await recordAudit(tx, { recordType: "export", action: "export", changes: { what: "all" }, userId });
    });
    await db.transaction(
      async (tx) => {
        for (const { table, columns } of await tablesOf(tx)) {
          const part = new ZipDeflate(`${table}.csv`, { level: 6 });
          zip.add(part);
          await write(part, `${CSV_BOM}${csvLine(columns)}${CSV_LINE_END}`);
          const cursor = sql.identifier(`export_${table}`);
          await tx.execute(sql`declare ${cursor} no scroll cursor for select row_to_json(t)::text as r from ${sql.identifier(table)} t`);
          for (;;) {
            const rows = await queryRows<{ r: string }>(tx, sql`fetch ${sql.raw(String(FETCH_ROWS))} from ${cursor}`);
            if (rows.length === 0) break;
            let text = "";
            for (const { r } of rows) {
              const row = JSON.parse(r) as Record<string, unknown>;
              text += csvLine(columns.map((column) => cellOf(row[column]))) + CSV_LINE_END;
            }
            await write(part, text);
          }
          await tx.execute(sql`close ${cursor}`);
          await write(part, "", true);
        }
      },
      { isolationLevel: "repeatable read", accessMode: "read only" },
    );
    zip.end();
  })().catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
  return out;
}
