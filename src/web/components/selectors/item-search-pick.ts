/** What an item or stock search (barcode scan) does with its results (SPEC section 4). */

export type SearchPick<T> = { kind: "none" } | { kind: "pick"; item: T } | { kind: "choose"; items: T[] };

export function pickSearchResult<T extends { barcode?: string | null }>(
  results: readonly T[],
  keyword: string,
  requireExactBarcode: boolean,
): SearchPick<T> {
  if (results.length === 0) return { kind: "none" };
  if (results.length === 1) return { kind: "pick", item: results[0] };
  if (requireExactBarcode) {
    const exact = results.filter((r) => (r.barcode ?? "") === keyword.trim());
    if (exact.length === 1) return { kind: "pick", item: exact[0] };
  }
  return { kind: "choose", items: [...results] };
}

/** A search starts only on a non-empty keyword. */
export const shouldSearch = (keyword: string): boolean => keyword.trim() !== "";
