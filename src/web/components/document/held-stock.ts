/**
 * A document being edited already holds stock: the cached quantity of a row is what is left after
 * it, so what the edit can use is the cached quantity plus the document's own original quantity of
 * that row (the server checks it the same way when the edit is saved). Pure.
 */
import { add, tryMoney, type Money } from "../../../core/money";
import type { DocumentLine } from "./document-lines";

/** Stock row id -> the quantity the document's original lines hold of it. */
export type HeldStock = ReadonlyMap<number, Money>;

export function heldStock(lines: readonly Pick<DocumentLine, "stock" | "quantity">[]): HeldStock {
  const held = new Map<number, Money>();
  for (const line of lines) {
    if (line.stock === null) continue;
    held.set(line.stock, add(held.get(line.stock) ?? 0, tryMoney(line.quantity) ?? 0));
  }
  return held;
}

/** What a stock row can still give the edited document: cached + held; null when the row is not cached. */
export function remainingWithHeld(stockId: number | null, cached: unknown, held: HeldStock): string | null {
  const quantity = tryMoney(cached);
  if (stockId === null || cached === null || cached === undefined || !quantity) return null;
  return add(quantity, held.get(stockId) ?? 0).toString();
}

/** The original lines with their remaining quantity, from the cached quantity of each row. */
export function linesWithHeld(
  lines: readonly DocumentLine[],
  cached: ReadonlyMap<number, unknown>,
  held: HeldStock = heldStock(lines),
): DocumentLine[] {
  return lines.map((line) =>
    line.stock === null ? line : { ...line, available: remainingWithHeld(line.stock, cached.get(line.stock), held) },
  );
}

/** A line scanned during the edit: its row's cached quantity (its `available`) plus what the document holds. */
export function creditHeld(line: DocumentLine, held: HeldStock): DocumentLine {
  if (line.stock === null || line.available === null || !held.has(line.stock)) return line;
  return { ...line, available: remainingWithHeld(line.stock, line.available, held) };
}
