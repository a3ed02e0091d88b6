/**
 * Reading a CSV text (RFC 4180: quoted cells, doubled quotes, line breaks inside quotes) into rows of
 * cells. The separator is the one the header line uses: a comma, or the semicolon or tab that
 * spreadsheet tools write in locales whose decimal mark is a comma.
 */

const SEPARATORS = [",", ";", "\t"] as const;

/** The separator that splits the first line into the most cells (outside quotes). */
export function detectSeparator(text: string): string {
  const counts = new Map<string, number>(SEPARATORS.map((s) => [s, 0]));
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === "\n" || char === "\r")) break;
    else if (!quoted && counts.has(char)) counts.set(char, (counts.get(char) ?? 0) + 1);
  }
  let best: string = ",";
  for (const [separator, count] of counts) if (count > (counts.get(best) ?? 0)) best = separator;
  return best;
}

/** The rows of a CSV text (a leading byte order mark dropped), at most `maxRows` + 1 (the caller refuses more). */
export function parseCsv(source: string, maxRows = Number.POSITIVE_INFINITY): string[][] {
  const text = source.replace(/^\uFEFF/, "");
  const separator = detectSeparator(text);
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  let i = 0;
  const endRow = () => {
    row.push(cell);
    rows.push(row);
    row = [];
    cell = "";
  };
  while (i < text.length) {
    const char = text[i];
    if (quoted) {
      if (char === '"') {
        if (text[i + 1] === '"') {
          cell += '"';
          i += 2;
          continue;
        }
        quoted = false;
      } else cell += char;
      i += 1;
      continue;
    }
    if (char === '"' && cell === "") quoted = true;
    else if (char === separator) {
      row.push(cell);
      cell = "";
    } else if (char === "\r" || char === "\n") {
      endRow();
      if (rows.length > maxRows) return rows;
      if (char === "\r" && text[i + 1] === "\n") i += 1;
    } else cell += char;
    i += 1;
  }
  if (cell !== "" || row.length > 0) endRow();
  return rows;
}
