/**
 * The one export of the app (SCREENS.md: "export of what is filtered"): a table of text cells, as the
 * print shows it, written as CSV (UTF-8 with a BOM, so spreadsheet tools read Arabic and Kurdish) or
 * as XLSX (write-excel-file, imported only when a user exports, so no screen pays for it on load).
 * Lists, reports and statements all call `downloadTable`.
 */

import { numericCell, spreadsheetText } from "../../../core/spreadsheet-cell";

export { numericCell };

export type ExportFormat = "csv" | "xlsx";

export interface ExportTable {
  head: readonly string[];
  rows: readonly (readonly string[])[];
  /** Columns of amounts or quantities: XLSX writes their cells as numbers (summable), CSV as shown. */
  numeric?: readonly boolean[];
  /** Footer lines (sums), after the rows. */
  footer?: readonly (readonly string[])[];
}

/** RFC 4180 quoting of one cell. */
export function csvCell(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV line; a cell a spreadsheet would run as a formula is written as text (spreadsheetText). */
export function csvLine(cells: readonly string[], numeric?: readonly boolean[]): string {
  return cells.map((text, column) => csvCell(spreadsheetText(text, numeric?.[column] ?? false))).join(",");
}

/** The CSV file: a BOM, the head and the rows; `numeric` marks the columns whose negative numbers stay numbers. */
export function buildCsv(head: readonly string[], rows: readonly (readonly string[])[], numeric?: readonly boolean[]): string {
  const lines = [csvLine(head), ...rows.map((row) => csvLine(row, numeric))];
  return `\uFEFF${lines.join("\r\n")}\r\n`;
}

/** A file name without characters file systems refuse, ending in the format's extension. */
export function exportFileName(name: string, format: ExportFormat): string {
  const safe =
    name
      .replace(/[\\/:*?"<>|]+/g, " ")
      .replace(/\s+/g, " ")
      .trim() || "export";
  const extension = `.${format}`;
  return safe.toLowerCase().endsWith(extension) ? safe : `${safe}${extension}`;
}

/** The XLSX sheet rows: a bold head, numbers where the column is numeric, the footer in bold. */
export function xlsxRows(table: ExportTable) {
  const cell = (text: string, column: number, bold: boolean) => {
    const number = table.numeric?.[column] ? numericCell(text) : null;
    const fontWeight = bold ? ("bold" as const) : undefined;
    return number === null
      ? { value: spreadsheetText(text), type: String, fontWeight }
      : { value: number, type: Number, format: "#,##0.00", fontWeight, align: "right" as const };
  };
  return [
    table.head.map((text) => ({ value: spreadsheetText(text), type: String, fontWeight: "bold" as const })),
    ...table.rows.map((row) => row.map((text, column) => cell(text, column, false))),
    ...(table.footer ?? []).map((row) => row.map((text, column) => cell(text, column, true))),
  ];
}

/** Starts a browser download of a ready file. */
export function saveBlob(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/** Starts a browser download of the table in the chosen format; `rtl` mirrors the XLSX sheet. */
export async function downloadTable(name: string, table: ExportTable, format: ExportFormat, options: { rtl?: boolean } = {}) {
  const fileName = exportFileName(name, format);
  if (format === "csv") {
    const rows = [...table.rows, ...(table.footer ?? [])];
    saveBlob(fileName, new Blob([buildCsv(table.head, rows, table.numeric)], { type: "text/csv;charset=utf-8" }));
    return;
  }
  const { default: writeXlsxFile } = await import("write-excel-file/browser");
  const blob = await writeXlsxFile(xlsxRows(table), {
    rightToLeft: options.rtl,
    stickyRowsCount: 1,
    columns: table.head.map((text) => ({ width: Math.min(40, Math.max(10, text.length + 4)) })),
  }).toBlob();
  saveBlob(fileName, blob);
}
