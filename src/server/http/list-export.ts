import { Readable } from "node:stream";
import type { FastifyReply, FastifyRequest } from "fastify";
import { NO_TEXT, YES_TEXT } from "../../core/column-titles";
import { MESSAGES, interpolate } from "../../core/messages";
import { CSV_BOM, CSV_LINE_END, csvLine, numericCell, spreadsheetText } from "../../core/spreadsheet-cell";
import { sql } from "drizzle-orm";
import { formatDocumentNumber } from "../../core/document-number";
import { queryRows, type Db } from "../db/client";
import { authOf } from "./access";
import { HttpError } from "./errors";
import { EXPORT_LANGUAGES, columnTitle, isRightToLeft, languageOfHeader, translateText, type ExportLanguage } from "./export-language";
import { listRowChunks, type ListQuery, type ListSpec } from "./list-engine";
import { xlsxStream, type XlsxCell } from "./xlsx-stream";

type Row = Record<string, unknown>;

export const EXPORT_FORMATS = ["csv", "xlsx"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** The export's own parameters, beside the list's filters and ordering. */
export const EXPORT_PARAMS = ["format", "lang", "columns"] as const;

const MAX_COLUMNS = 100;
const COLUMN_KEY = /^[A-Za-z][A-Za-z0-9_-]{0,62}$/;

const single = (value: string | string[] | undefined) => (Array.isArray(value) ? value[value.length - 1] : value);
const oneOf = (name: string, values: readonly string[]) =>
  new HttpError(400, { [name]: [interpolate(MESSAGES.oneOf, { values: values.join(", ") })] });

export interface ExportRequest {
  format: ExportFormat;
  language: ExportLanguage;
  /** The fields to write, in order; null: every field of the rows. */
  columns: string[] | null;
  /** The list's own query: filters, search, ordering (no paging: every matching row). */
  listQuery: ListQuery;
}

/** Reads `format` (csv by default), `lang` (else Accept-Language) and `columns` (a comma list of fields). */
export function parseExportRequest(query: ListQuery, acceptLanguage: string | undefined): ExportRequest {
  const format = (single(query.format) ?? "").trim() || "csv";
  if (!(EXPORT_FORMATS as readonly string[]).includes(format)) throw oneOf("format", EXPORT_FORMATS);
  const lang = (single(query.lang) ?? "").trim();
  if (lang && !(EXPORT_LANGUAGES as readonly string[]).includes(lang)) throw oneOf("lang", EXPORT_LANGUAGES);
  const rawColumns = (single(query.columns) ?? "").trim();
  const columns = rawColumns
    ? rawColumns
        .split(",")
        .map((c) => c.trim())
        .filter(Boolean)
    : null;
  if (columns && (columns.length > MAX_COLUMNS || columns.some((c) => !COLUMN_KEY.test(c)))) {
    throw new HttpError(400, { columns: [MESSAGES.invalid] });
  }
  const listQuery: ListQuery = {};
  for (const [name, value] of Object.entries(query)) {
    if (!(EXPORT_PARAMS as readonly string[]).includes(name) && name !== "page" && name !== "page_size") listQuery[name] = value;
  }
  return {
    format: format as ExportFormat,
    language: lang ? (lang as ExportLanguage) : languageOfHeader(acceptLanguage),
    columns,
    listQuery,
  };
}

/**
 * A value of an API row as the cell's text: a reference (`{id, name}`) by its name, a list of them
 * joined, true and false as the words of the language; JSON for anything else.
 */
export function cellText(value: unknown, language: ExportLanguage): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "bigint") return String(value);
  if (typeof value === "boolean") return translateText(value ? YES_TEXT : NO_TEXT, language);
  if (Array.isArray(value)) return value.map((item) => cellText(item, language)).join(", ");
  if (typeof value === "object") {
    const named = value as { name?: unknown; code?: unknown };
    if (typeof named.name === "string") return named.name;
    if (typeof named.code === "string") return named.code;
  }
  return JSON.stringify(value);
}

/** A document list's number field, read with its branch's code. */
const NUMBER_KEY = "invoice_no";

/** Each coded branch's short code by its id. */
async function branchShortCodes(db: Db): Promise<Map<number, string>> {
  const rows = await queryRows<{ id: number; short_code: string }>(db, sql`select id, short_code from branch where short_code is not null`);
  return new Map(rows.map((r) => [r.id, r.short_code]));
}

/** The Content-Disposition of a list's file: its path's last part ("/api/report/sale-detail/" -> sale-detail.csv). */
export function exportDisposition(base: string, format: ExportFormat): string {
  const name =
    base
      .split("/")
      .filter(Boolean)
      .pop()
      ?.replace(/[^a-z0-9-]/gi, "") || "export";
  return `attachment; filename="${name}.${format}"`;
}

/**
 * `GET <list>/export/`: every row the list answers for the same filters, ordering, branch scope and
 * permission, as CSV (UTF-8 with a BOM) or XLSX, streamed: the rows are read in chunks as the reply
 * is written, so 100k rows never sit in memory. Titles in the caller's language; each text cell by
 * the formula rule (spreadsheetText); the list's number fields written as numbers.
 */
export async function sendListExport(
  db: Db,
  spec: ListSpec,
  query: ListQuery,
  base: string,
  request: FastifyRequest,
  reply: FastifyReply,
  map: (rows: Row[]) => Row[] | Promise<Row[]>,
) {
  const exportRequest = parseExportRequest(query, request.headers["accept-language"]);
  const { format, language } = exportRequest;
  // The filters and ordering are checked here: a bad one is a 400 before the first byte is written.
  const chunks = listRowChunks<Row>(db, spec, exportRequest.listQuery, authOf(request));
  const first = await chunks.next();
  const firstRows = first.done ? [] : await map(first.value);
  // Every field of the rows by default (with none, the list's declared fields head an empty file).
  const keys = exportRequest.columns ?? Object.keys(firstRows[0] ?? spec.fields);
  // Numbers read with their branch's short code (ERB-241) as on the screens: then text, not a number.
  const codes = keys.includes(NUMBER_KEY) && spec.branch ? await branchShortCodes(db) : new Map<number, string>();
  const numeric = keys.map(
    (key) => ["number", "integer"].includes(spec.fields[key]?.type ?? "") && !(key === NUMBER_KEY && codes.size > 0),
  );
  const decimal = keys.map((key) => spec.fields[key]?.type === "number");
  const head = keys.map((key) => columnTitle(key, language));
  // A reference answered as its id beside its name (`branch` and `branch_name`) is written by its name, as the screens show it.
  const shown = (row: Row, key: string) => {
    if (key === NUMBER_KEY && typeof row.branch === "number" && row[key] !== null && row[key] !== undefined) {
      return formatDocumentNumber(codes.get(row.branch), row[key] as number);
    }
    return typeof row[key] === "number" && typeof row[`${key}_name`] === "string" ? row[`${key}_name`] : row[key];
  };
  const texts = (row: Row) => keys.map((key) => cellText(shown(row, key), language));
  async function* rows(): AsyncGenerator<Row[]> {
    if (firstRows.length > 0) yield firstRows;
    if (first.done) return;
    for await (const chunk of chunks) yield await map(chunk);
  }

  reply.header("Content-Disposition", exportDisposition(base, format));
  reply.header("Cache-Control", "no-store");
  if (format === "csv") {
    reply.type("text/csv; charset=utf-8");
    return reply.send(
      Readable.from(
        (async function* csv() {
          yield `${CSV_BOM}${csvLine(head)}${CSV_LINE_END}`;
          for await (const chunk of rows()) yield chunk.map((row) => `${csvLine(texts(row), numeric)}${CSV_LINE_END}`).join("");
        })(),
      ),
    );
  }
  const cell = (text: string, column: number): XlsxCell => {
    const number = numeric[column] ? numericCell(text) : null;
    return number === null ? { text: spreadsheetText(text) } : { number, decimal: decimal[column] };
  };
  reply.type("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
  return reply.send(
    Readable.from(
      xlsxStream({
        head: head.map((title) => spreadsheetText(title)),
        rightToLeft: isRightToLeft(language),
        rows: (async function* xlsxRows() {
          for await (const chunk of rows()) yield chunk.map((row) => texts(row).map(cell));
        })(),
      }),
    ),
  );
}

export interface TextTableExport {
  format: ExportFormat;
  language: ExportLanguage;
  /** The file's name (exportDisposition). */
  base: string;
  /** The titles, already in the language. */
  head: readonly string[];
  /** Which columns hold numbers (written as numbers in XLSX, kept as numbers by the formula rule). */
  numeric: readonly boolean[];
  rows: AsyncIterable<string[][]>;
}

/**
 * A report's rows (texts, already in the language) as CSV or XLSX, streamed, by the same cell rule as
 * the lists' exports: a text a spreadsheet would run is written behind a `'`, numbers as numbers.
 */
export function sendTextTableExport(reply: FastifyReply, table: TextTableExport) {
  const { format, numeric } = table;
  reply.header("Content-Disposition", exportDisposition(table.base, format));
  reply.header("Cache-Control", "no-store");
  if (format === "csv") {
    reply.type("text/csv; charset=utf-8");
    return reply.send(
      Readable.from(
        (async function* csv() {
          yield `${CSV_BOM}${csvLine(table.head)}${CSV_LINE_END}`;
          for await (const chunk of table.rows) yield chunk.map((cells) => `${csvLine(cells, numeric)}${CSV_LINE_END}`).join("");
        })(),
      ),
    );
  }
  const cell = (text: string, column: number): XlsxCell => {
    const number = numeric[column] ? numericCell(text) : null;
    return number === null ? { text: spreadsheetText(text) } : { number, decimal: true };
  };
  reply.type("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
  return reply.send(
    Readable.from(
      xlsxStream({
        head: table.head.map((title) => spreadsheetText(title)),
        rightToLeft: isRightToLeft(table.language),
        rows: (async function* xlsxRows() {
          for await (const chunk of table.rows) yield chunk.map((cells) => cells.map(cell));
        })(),
      }),
    ),
  );
}
