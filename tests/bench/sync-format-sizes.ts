import { deepStrictEqual } from "node:assert";
import { performance } from "node:perf_hooks";
import { brotliCompressSync, brotliDecompressSync, constants, gzipSync } from "node:zlib";
import type { BenchResult } from "./server-bench";

/**
 * Issue 12's "leaner sync rows if the figures say it pays": the pages of a first load as the server sends
 * them (JSON objects, every key repeated in every row) against the same rows as columns + arrays (each
 * table's keys once per page, every row an array of values; an item's stock rows the same way), raw and
 * compressed as the server compresses them (brotli quality 4, gzip level 6: src/server/http/compression.ts).
 * The first load is bound by CPU, not by the link, so the CPU each format costs is timed too (in Node's V8,
 * Chromium's engine): the server's brotli, the device's brotli decoding, and the device's JSON parse (for
 * columns, with the rows made objects again, as the device stores them).
 */

type Row = Record<string, unknown>;
interface Columns {
  columns: string[];
  rows: unknown[][];
}

/** Rows of objects as one list of keys and rows of values, nested lists of objects (an item's stock) too. */
export function toColumns(rows: Row[]): Columns {
  const columns: string[] = [];
  for (const row of rows) for (const key of Object.keys(row)) if (!columns.includes(key)) columns.push(key);
  return {
    columns,
    rows: rows.map((row) =>
      columns.map((c) => {
        const value = row[c];
        return Array.isArray(value) && value.length > 0 && typeof value[0] === "object" && value[0] !== null
          ? toColumns(value as Row[])
          : value;
      }),
    ),
  };
}

/** The rows `toColumns` made, as objects again (what the device would do before storing them). */
export function fromColumns({ columns, rows }: Columns): Row[] {
  return rows.map((values) => {
    const row: Row = {};
    columns.forEach((column, i) => {
      const value = values[i];
      row[column] =
        value !== null && typeof value === "object" && !Array.isArray(value) && "columns" in value ? fromColumns(value as Columns) : value;
    });
    return row;
  });
}

interface Page {
  cursor: string;
  has_more: boolean;
  tables: Record<string, { upserts: Row[]; deletes: unknown[] }>;
  [key: string]: unknown;
}

function columnPage(page: Page): unknown {
  const tables = Object.fromEntries(
    Object.entries(page.tables).map(([name, t]) => [name, { upserts: toColumns(t.upserts), deletes: t.deletes }]),
  );
  return { ...page, tables };
}

const brotli = (text: string) =>
  brotliCompressSync(text, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 4,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: text.length,
    },
  });
const gzip = (text: string) => gzipSync(text, { level: 6 }).length;

/** Milliseconds of `work`, the best of three (the figures are CPU on a shared machine). */
function timed(work: () => unknown): number {
  let best = Infinity;
  for (let i = 0; i < 3; i++) {
    const start = performance.now();
    work();
    best = Math.min(best, performance.now() - start);
  }
  return best;
}

interface Sizes {
  raw: number;
  gzip: number;
  br: number;
  /** Milliseconds: the server's brotli, the device's brotli decoding, the device's parse into row objects. */
  compressMs: number;
  decompressMs: number;
  parseMs: number;
}
const NONE: Sizes = { raw: 0, gzip: 0, br: 0, compressMs: 0, decompressMs: 0, parseMs: 0 };
const add = (a: Sizes, b: Sizes): Sizes => ({
  raw: a.raw + b.raw,
  gzip: a.gzip + b.gzip,
  br: a.br + b.br,
  compressMs: a.compressMs + b.compressMs,
  decompressMs: a.decompressMs + b.decompressMs,
  parseMs: a.parseMs + b.parseMs,
});
function measure(text: string, parse: (text: string) => unknown): Sizes {
  const compressed = brotli(text);
  return {
    raw: Buffer.byteLength(text),
    gzip: gzip(text),
    br: compressed.length,
    compressMs: timed(() => brotli(text)),
    decompressMs: timed(() => brotliDecompressSync(compressed)),
    parseMs: timed(() => parse(text)),
  };
}

/** What the device would do with a page of columns: parse it, and make every table's rows objects again. */
function parseColumnPage(text: string): unknown {
  const page = JSON.parse(text) as { tables: Record<string, { upserts: Columns | Row[] }> };
  for (const table of Object.values(page.tables)) table.upserts = fromColumns(table.upserts as Columns);
  return page;
}

/** Walks the whole first load of `username` (uncompressed answers) and sizes each page both ways. */
export async function measureSyncFormats(base: string, username = "admin", password = "admin", pageSize = 5000): Promise<BenchResult[]> {
  const login = await fetch(`${base}/api/login/`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username, password }),
  });
  const { token } = (await login.json()) as { token: string };
  let since = "";
  let pages = 0;
  let rows = 0;
  let objects = NONE;
  let columns = NONE;
  let largest: { objects: Sizes; columns: Sizes } | null = null;
  for (;;) {
    const query = new URLSearchParams({ limit: String(pageSize) });
    if (since) query.set("since", since);
    const answer = await fetch(`${base}/api/sync/pull/?${query.toString()}`, {
      headers: { authorization: `Bearer ${token}`, "accept-encoding": "identity" },
    });
    if (!answer.ok) throw new Error(`sync pull: HTTP ${answer.status}`);
    const text = await answer.text();
    const page = JSON.parse(text) as Page;
    const asObjects = measure(text, JSON.parse);
    const columnText = JSON.stringify(columnPage(page));
    // The columns carry the same rows: what is timed is the whole way back to them.
    if (pages === 0) deepStrictEqual(parseColumnPage(columnText), page);
    const asColumns = measure(columnText, parseColumnPage);
    objects = add(objects, asObjects);
    columns = add(columns, asColumns);
    if (!largest || asObjects.raw > largest.objects.raw) largest = { objects: asObjects, columns: asColumns };
    pages += 1;
    rows += Object.values(page.tables).reduce((n, t) => n + t.upserts.length, 0);
    if (!page.has_more) break;
    since = page.cursor;
  }
  const mb = (n: number) => `${(n / 1_000_000).toFixed(2)} MB`;
  const kb = (n: number) => `${(n / 1000).toFixed(1)} kB`;
  const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  const pct = (a: number, b: number) => `${Math.round((1 - a / b) * 1000) / 10} %`;
  const f = largest;
  const cpu = (x: Sizes) =>
    `server's brotli ${seconds(x.compressMs)}, device's decoding ${seconds(x.decompressMs)}, device's parse ${seconds(x.parseMs)}`;
  return [
    {
      name: `sync rows as columns + arrays instead of JSON objects, whole first load (${pages} pages, ${rows.toLocaleString("en")} rows of the walked tables)`,
      value: Math.round((1 - columns.br / objects.br) * 1000) / 10,
      unit: "% fewer bytes on the wire (brotli)",
      budget: "change the format only if it pays clearly after compression",
      detail:
        `objects: ${mb(objects.raw)} raw, ${mb(objects.gzip)} gzip, ${mb(objects.br)} brotli; ` +
        `columns: ${mb(columns.raw)} raw (${pct(columns.raw, objects.raw)} less), ${mb(columns.gzip)} gzip (${pct(columns.gzip, objects.gzip)} less), ${mb(columns.br)} brotli (${pct(columns.br, objects.br)} less); ` +
        `the largest page: objects ${kb(f.objects.raw)} / ${kb(f.objects.gzip)} / ${kb(f.objects.br)}, columns ${kb(f.columns.raw)} / ${kb(f.columns.gzip)} / ${kb(f.columns.br)} (raw / gzip / brotli); ` +
        `CPU of the whole load (best of three each, Node's V8): objects ${cpu(objects)}; columns ${cpu(columns)}`,
    },
  ];
}
