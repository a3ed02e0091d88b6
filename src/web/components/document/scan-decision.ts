/** The scan decision (SPEC section 4), pure: what a scan does with what the look-up found. */
import { isPositive } from "../../../core/money";
import { isScaleItemCode, scaleLine, type ScaleReading } from "../../../core/scale-barcode";
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

/** What a sale can take from a batch on `today` (yyyy-MM-dd): in date (expiring after today) and in stock. */
const sellable = (line: DocumentLine, today: string) =>
  !(line.expire_date && line.expire_date <= today) && (line.available === null || isPositive(line.available));

/**
 * One result: take it; several: the single exact barcode match, else, when selling (`sellingOn` is
 * today), the one batch of that barcode in date and in stock, else the user chooses; none: a miss.
 * A counter scanning a box means the batch on the shelf, not the expired or empty one beside it;
 * those stay a click away in the item search.
 */
export function decideScan(candidates: readonly ScanCandidate[], keyword: string, sellingOn?: string): SearchPick<ScanCandidate> {
  const pick = pickSearchResult(candidates, keyword, true);
  if (pick.kind !== "choose" || !sellingOn) return pick;
  const onShelf = pick.items.filter((c) => (c.barcode ?? "") === keyword.trim() && sellable(c.line, sellingOn));
  return onShelf.length === 1 ? { kind: "pick", item: onShelf[0] } : pick;
}

/**
 * The candidates of a scale label: those whose barcode is the label's product number (leading zeros
 * aside), each line carrying the weight or price the label read. The label stands as their barcode,
 * so the scan decision picks among them as it does for any exact read.
 */
export function scaleCandidates(found: readonly ScanCandidate[], reading: ScaleReading, label: string): ScanCandidate[] {
  return found
    .filter((c) => isScaleItemCode(c.line.barcode, reading.itemCode))
    .map((c) => {
      const line = { ...c.line, ...scaleLine(reading, c.line.price) };
      return { ...toCandidate(line), barcode: label.trim() };
    });
}
