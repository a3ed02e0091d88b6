/**
 * The one rule every export (CSV or XLSX, on the device or from the server) writes its cells by: a
 * spreadsheet runs a cell that begins with `=`, `+`, `-` or `@` (or a tab or carriage return before
 * one) as a formula, so a customer named `=HYPERLINK(...)` would become a live link in the file. Such
 * a text is written with a leading `'` (OWASP's CSV injection rule), which spreadsheets show as text.
 * A real number in a column of numbers (`-7`, `-1,234.50`) is kept as it is.
 */

const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/** "1,234.50" -> 1234.5; null when the text is not a plain number (thousands commas allowed). */
export function numericCell(text: string): number | null {
  const plain = text.replace(/,/g, "").trim();
  return PLAIN_NUMBER.test(plain) ? Number(plain) : null;
}

/** Whether a spreadsheet would read the text as a formula. */
export function startsLikeFormula(text: string): boolean {
  return FORMULA_START.test(text);
}

/**
 * The text to write in a cell: as it is, unless a spreadsheet would run it, then behind a `'`. In a
 * numeric column a plain number (a negative amount) stays a number.
 */
export function spreadsheetText(text: string, numeric = false): string {
  if (!startsLikeFormula(text)) return text;
  if (numeric && numericCell(text) !== null) return text;
  return `'${text}`;
}

/** RFC 4180 quoting of one CSV cell. */
export function csvCell(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV line (no line break); each cell by spreadsheetText, `numeric` marking the columns of numbers. */
export function csvLine(cells: readonly string[], numeric?: readonly boolean[]): string {
  return cells.map((text, column) => csvCell(spreadsheetText(text, numeric?.[column] ?? false))).join(",");
}

/** What starts a CSV file: a UTF-8 byte order mark, so spreadsheet tools read Arabic and Kurdish. */
export const CSV_BOM = "\uFEFF";
export const CSV_LINE_END = "\r\n";
