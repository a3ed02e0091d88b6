import { Unzip, UnzipInflate, UnzipPassThrough } from "fflate";
import { readSheet } from "read-excel-file/node";
import { parseCsv } from "../../../core/csv-read";
import { interpolate, MESSAGES } from "../../../core/messages";
import { fieldErrors } from "../../http/errors";

/** The largest file an import takes: 100k items are about 12 MB of CSV, 5 MB of XLSX. */
export const IMPORT_MAX_BYTES = 30 * 1024 * 1024;
/** The most an XLSX may unpack to, all its parts together (a zip bomb is refused before it fills memory). */
export const IMPORT_MAX_UNPACKED_MB = 100;
/**
 * A workbook's XML packs about 5 to 30 times; past the first megabytes, more than this many times the
 * file's size is a bomb, refused before the cap (inflating to the cap costs seconds of CPU).
 */
const MAX_RATIO = 100;
const RATIO_FROM_BYTES = 8 * 1024 * 1024;
/** The most data rows one import takes. */
export const IMPORT_MAX_ROWS = 200_000;

const refuse = (message: string) => fieldErrors({ file: [message] });

const isZip = (data: Buffer) => data.length >= 4 && data.readUInt32LE(0) === 0x04034b50;
/** The old binary .xls (an OLE compound file), an image, a PDF: none is a spreadsheet this reads. */
const BINARY_MAGIC = [
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0]),
  Buffer.from("%PDF"),
  Buffer.from([0x89, 0x50, 0x4e, 0x47]),
  Buffer.from([0xff, 0xd8, 0xff]),
];

class Oversized extends Error {}

/**
 * Inflates every part of the archive, counting what comes out and stopping at the cap (the sizes the
 * archive declares can lie), and answers the worksheets' XML: a formula is found there.
 */
function unpackChecked(data: Buffer): Map<string, string> {
  const cap = IMPORT_MAX_UNPACKED_MB * 1024 * 1024;
  let total = 0;
  const sheets = new Map<string, Uint8Array[]>();
  const unzip = new Unzip((file) => {
    const keep: Uint8Array[] | null = /^xl\/worksheets\/[^/]+\.xml$/.test(file.name) ? [] : null;
    if (keep) sheets.set(file.name, keep);
    file.ondata = (error, chunk) => {
      if (error) throw error;
      total += chunk.length;
      if (total > cap || (total > RATIO_FROM_BYTES && total > data.length * MAX_RATIO)) throw new Oversized();
      keep?.push(chunk);
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  unzip.register(UnzipPassThrough);
  try {
    unzip.push(data, true);
  } catch (error) {
    if (error instanceof Oversized) throw refuse(interpolate(MESSAGES.importUnpacksTooLarge, { max: IMPORT_MAX_UNPACKED_MB }));
    throw refuse(MESSAGES.importNotSpreadsheet);
  }
  return new Map([...sheets].map(([name, chunks]) => [name, Buffer.concat(chunks).toString("utf8")]));
}

/** The cell of the first formula in a worksheet's XML (`<f>` inside a `<c r="B7">`), or null. */
export function firstFormulaCell(xml: string): string | null {
  const match = /<(?:\w+:)?f[\s>/]/.exec(xml);
  if (!match) return null;
  const before = xml.slice(Math.max(0, match.index - 400), match.index);
  const cells = [...before.matchAll(/<(?:\w+:)?c\b[^>]*\br="([A-Z]{1,3}\d{1,7})"/g)];
  return cells.at(-1)?.[1] ?? "?";
}

function cellText(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? "" : value.toISOString().slice(0, 10);
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  if (typeof value === "string") return value;
  return typeof value === "boolean" ? String(value) : "";
}

async function readXlsx(data: Buffer): Promise<string[][]> {
  for (const xml of unpackChecked(data).values()) {
    const cell = firstFormulaCell(xml);
    if (cell) throw refuse(interpolate(MESSAGES.importFormula, { cell }));
  }
  try {
    const sheet = await readSheet(data);
    return sheet.map((row) => row.map(cellText));
  } catch {
    throw refuse(MESSAGES.importNotSpreadsheet);
  }
}

function readCsvText(data: Buffer): string[][] {
  // UTF-16 (with its byte order mark, or without: a NUL in every other byte) is not UTF-8.
  if ((data[0] === 0xff && data[1] === 0xfe) || (data[0] === 0xfe && data[1] === 0xff)) throw refuse(MESSAGES.importNotUtf8);
  if (data.subarray(0, 4096).includes(0)) throw refuse(MESSAGES.importNotUtf8);
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(data);
  } catch {
    // Windows-1256, ISO-8859-6 and the like: bytes UTF-8 cannot hold.
    throw refuse(MESSAGES.importNotUtf8);
  }
  return parseCsv(text, IMPORT_MAX_ROWS + 1);
}

/**
 * The rows of an uploaded CSV or XLSX file (the header first), every cell as text. Anything else (an
 * old .xls, an image, a file in another encoding, an archive that unpacks too large, a formula) is a
 * 400 on the file that says which.
 */
export async function readSpreadsheet(data: Buffer): Promise<string[][]> {
  if (data.length === 0) throw refuse(MESSAGES.importNoRows);
  if (BINARY_MAGIC.some((magic) => data.subarray(0, magic.length).equals(magic))) throw refuse(MESSAGES.importNotSpreadsheet);
  const rows = isZip(data) ? await readXlsx(data) : readCsvText(data);
  if (rows.length > IMPORT_MAX_ROWS + 1) throw refuse(interpolate(MESSAGES.importTooManyRows, { max: IMPORT_MAX_ROWS }));
  if (rows.length < 2) throw refuse(MESSAGES.importNoRows);
  return rows;
}
