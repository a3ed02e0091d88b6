/**
 * A document's number as people read it: the branch's short code before its number (`ERB-241`), since
 * numbers repeat per branch. One formatter for lists, views, prints and the server's export, and the
 * parser a list's number search uses (`ERB-241`, `erb-241` or the bare `241`).
 */

/** A branch's short code: 2 to 5 letters or digits, kept uppercase. */
export const SHORT_CODE_PATTERN = /^[A-Z0-9]{2,5}$/;

/** What a user typed as a code, as stored: trimmed and uppercase (empty means none). */
export const normaliseShortCode = (code: string): string => code.trim().toUpperCase();

/** `ERB-241`, or the bare number for a branch without a code. */
export function formatDocumentNumber(shortCode: string | null | undefined, number: number | string): string {
  return shortCode ? `${shortCode}-${number}` : String(number);
}

/**
 * A document's number as it reads, from its branch among the given ones: a plain number (or its digits)
 * with the branch's code before it; a provisional number ("Pending 3"), or one of no known branch, as it is.
 */
export function codedDocumentNumber(
  branches: readonly { id: number; short_code?: string | null }[],
  branchId: number | null | undefined,
  number: number | string,
): string {
  if (typeof branchId !== "number" || !/^\d+$/.test(String(number))) return String(number);
  return formatDocumentNumber(branches.find((b) => b.id === branchId)?.short_code, number);
}

export interface ParsedDocumentNumber {
  /** Uppercase; null when only the number was typed. */
  shortCode: string | null;
  number: number;
}

/** `ERB-241`, `erb-241`, `ERB241` or `241`: the branch code (if any) and the number; null for anything else. */
export function parseDocumentNumber(text: string): ParsedDocumentNumber | null {
  const match = /^(?:([a-z0-9]{2,5}?)\s*-?\s*)?(\d{1,9})$/i.exec(text.trim());
  if (!match) return null;
  const shortCode = match[1] ? match[1].toUpperCase() : null;
  // A code of digits alone must be set apart by its dash: "12345" is a number, not code 12 and number 345.
  if (shortCode && /^\d+$/.test(shortCode) && !/-/.test(text)) return { shortCode: null, number: Number(text.trim()) };
  return { shortCode, number: Number(match[2]) };
}
