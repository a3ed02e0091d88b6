/** Rules of the scans attached to documents (a purchase's supplier invoice, an expense's receipt). */

/** A phone photo of an invoice or a scanned PDF fits; the bytes live in PostgreSQL. */
export const ATTACHMENT_MAX_BYTES = 5 * 1024 * 1024;

/** Enough for a multi-page invoice photographed page by page, not a file store. */
export const ATTACHMENTS_PER_DOCUMENT = 20;

const MAX_NAME_LENGTH = 200;

/**
 * The name an attachment is listed and downloaded under: the last path segment the browser sent,
 * without control characters, at most 200 characters; a name with nothing left becomes "attachment".
 */
export function cleanFileName(raw: string): string {
  const base = raw.split(/[\\/]/).pop() ?? "";
  // eslint-disable-next-line no-control-regex
  const printable = base.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g, "").trim();
  const name = [...printable].slice(0, MAX_NAME_LENGTH).join("").trim();
  return name === "" || name === "." || name === ".." ? "attachment" : name;
}
