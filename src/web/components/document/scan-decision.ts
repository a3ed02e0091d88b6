/** The scan decision (SPEC section 4), pure: what a scan does with what the look-up found. */
import { pickSearchResult, type SearchPick } from "../selectors/item-search-pick";
import type { DocumentLine } from "./document-lines";

/** A scan result: a line to add, with the barcode used to pick among several. */
export interface ScanCandidate {
  line: DocumentLine;
  barcode: string | null;
  label: string;
}

function candidateLabel(line: DocumentLine): string {
  const parts = [line.barcode, line.name, line.batch_number, line.expire_date].filter(Boolean);
  return `${parts.join(" · ")}${line.available !== null ? ` (${line.available})` : ""}`;
}

export function toCandidate(line: DocumentLine): ScanCandidate {
  return { line, barcode: line.barcode, label: candidateLabel(line) };
}

/** One result: take it; several: the single exact barcode match, else the user chooses; none: a miss. */
export const decideScan = (candidates: readonly ScanCandidate[], keyword: string): SearchPick<ScanCandidate> =>
  pickSearchResult(candidates, keyword, true);
