import { Zip, ZipDeflate, strToU8 } from "fflate";

/**
 * A one-sheet XLSX workbook written as a stream: the sheet's rows go into the zip as they come (inline
 * strings, no shared-strings table to hold), so a large export never sits whole in memory. The parts
 * are the minimum spreadsheet tools open: content types, relations, workbook, styles (a bold head,
 * a number format for amounts) and the sheet.
 */

/** A cell: text, or a number (an amount or quantity: `decimal` formats it with two decimals). */
export type XlsxCell = { text: string } | { number: number; decimal: boolean };

const STYLE_BOLD = 1;
const STYLE_DECIMAL = 2;

const MAIN_NS = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";
const REL_NS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
const PKG_REL_NS = "http://schemas.openxmlformats.org/package/2006/relationships";
const HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

const STATIC_PARTS: Record<string, string> = {
  "[Content_Types].xml": `${HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>`,
  "_rels/.rels": `${HEAD}<Relationships xmlns="${PKG_REL_NS}"><Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
  "xl/_rels/workbook.xml.rels": `${HEAD}<Relationships xmlns="${PKG_REL_NS}"><Relationship Id="rId1" Type="${REL_NS}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${REL_NS}/styles" Target="styles.xml"/></Relationships>`,
  "xl/styles.xml": `${HEAD}<styleSheet xmlns="${MAIN_NS}"><fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="3"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/><xf numFmtId="4" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`,
};

const workbook = (sheetName: string) =>
  `${HEAD}<workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}"><sheets><sheet name="${escapeXml(sheetName)}" sheetId="1" r:id="rId1"/></sheets></workbook>`;

/** Characters XML 1.0 cannot hold (control characters other than tab, line feed, carriage return). */
// eslint-disable-next-line no-control-regex
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

export function escapeXml(text: string): string {
  return text.replace(NOT_XML, "").replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c] ?? c);
}

/** "A", "B", ... "Z", "AA": the letters of a column (0-based). */
export function columnLetters(index: number): string {
  let letters = "";
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}

function cellXml(cell: XlsxCell, ref: string, bold: boolean): string {
  if ("number" in cell) return `<c r="${ref}"${cell.decimal ? ` s="${STYLE_DECIMAL}"` : ""}><v>${cell.number}</v></c>`;
  const style = bold ? ` s="${STYLE_BOLD}"` : "";
  return `<c r="${ref}" t="inlineStr"${style}><is><t xml:space="preserve">${escapeXml(cell.text)}</t></is></c>`;
}

function rowXml(cells: readonly XlsxCell[], rowNumber: number, bold = false): string {
  return `<row r="${rowNumber}">${cells.map((cell, i) => cellXml(cell, `${columnLetters(i)}${rowNumber}`, bold)).join("")}</row>`;
}

export interface XlsxSheet {
  head: readonly string[];
  /** The rows, in chunks as they are read. */
  rows: AsyncIterable<readonly (readonly XlsxCell[])[]>;
  rightToLeft?: boolean;
  sheetName?: string;
}

/** The workbook's bytes, chunk by chunk as the rows come (a head row in bold, frozen). */
export async function* xlsxStream(sheet: XlsxSheet): AsyncGenerator<Uint8Array> {
  const out: Uint8Array[] = [];
  let failure: Error | null = null;
  const zip = new Zip((error, data) => {
    if (error) failure = error;
    else out.push(data);
  });
  const drain = function* () {
    if (failure) throw failure;
    yield* out.splice(0);
  };
  for (const [name, text] of Object.entries({ ...STATIC_PARTS, "xl/workbook.xml": workbook(sheet.sheetName ?? "Sheet1") })) {
    const part = new ZipDeflate(name, { level: 6 });
    zip.add(part);
    part.push(strToU8(text), true);
  }
  const widths = sheet.head.map(
    (title, i) => `<col min="${i + 1}" max="${i + 1}" width="${Math.min(40, Math.max(10, title.length + 4))}" customWidth="1"/>`,
  );
  const data = new ZipDeflate("xl/worksheets/sheet1.xml", { level: 6 });
  zip.add(data);
  data.push(
    strToU8(
      `${HEAD}<worksheet xmlns="${MAIN_NS}"><sheetViews><sheetView workbookViewId="0"${sheet.rightToLeft ? ' rightToLeft="1"' : ""}>` +
        `<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>` +
        `${widths.length ? `<cols>${widths.join("")}</cols>` : ""}<sheetData>${rowXml(
          sheet.head.map((text) => ({ text })),
          1,
          true,
        )}`,
    ),
  );
  yield* drain();
  let rowNumber = 1;
  for await (const chunk of sheet.rows) {
    data.push(strToU8(chunk.map((cells) => rowXml(cells, ++rowNumber)).join("")));
    yield* drain();
  }
  data.push(strToU8("</sheetData></worksheet>"), true);
  zip.end();
  yield* drain();
}
