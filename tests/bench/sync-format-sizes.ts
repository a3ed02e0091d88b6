import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { BenchResult } from "./server-bench";

/**
 * Issue 12's "leaner sync rows if the figures say it pays": the pages of a first load as the server sends
 * them (JSON objects, every key repeated in every row) against the same rows as columns + arrays (each
 * table's keys once per page, every row an array of values; an item's stock rows the same way), raw and
 * compressed as the server compresses them (brotli quality 4, gzip level 6: src/server/http/compression.ts).
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
  }).length;
const gzip = (text: string) => gzipSync(text, { level: 6 }).length;

interface Sizes {
  raw: number;
  gzip: number;
  br: number;
}
const add = (a: Sizes, b: Sizes): Sizes => ({ raw: a.raw + b.raw, gzip: a.gzip + b.gzip, br: a.br + b.br });
const measure = (text: string): Sizes => ({ raw: Buffer.byteLength(text), gzip: gzip(text), br: brotli(text) });

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
  let objects: Sizes = { raw: 0, gzip: 0, br: 0 };
  let columns: Sizes = { raw: 0, gzip: 0, br: 0 };
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
    const asObjects = measure(text);
    const asColumns = measure(JSON.stringify(columnPage(page)));
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
  const pct = (a: number, b: number) => `${Math.round((1 - a / b) * 1000) / 10} %`;
  const f = largest;
  return [
    {
      name: `sync rows as columns + arrays instead of JSON objects, whole first load (${pages} pages, ${rows.toLocaleString("en")} rows of the walked tables)`,
      value: Math.round((1 - columns.br / objects.br) * 1000) / 10,
      unit: "% fewer bytes on the wire (brotli)",
      budget: "change the format only if it pays clearly after compression",
      detail:
        `objects: ${mb(objects.raw)} raw, ${mb(objects.gzip)} gzip, ${mb(objects.br)} brotli; ` +
        `columns: ${mb(columns.raw)} raw (${pct(columns.raw, objects.raw)} less), ${mb(columns.gzip)} gzip (${pct(columns.gzip, objects.gzip)} less), ${mb(columns.br)} brotli (${pct(columns.br, objects.br)} less); ` +
        `the largest page: objects ${kb(f.objects.raw)} / ${kb(f.objects.gzip)} / ${kb(f.objects.br)}, columns ${kb(f.columns.raw)} / ${kb(f.columns.gzip)} / ${kb(f.columns.br)} (raw / gzip / brotli)`,
    },
  ];
}
