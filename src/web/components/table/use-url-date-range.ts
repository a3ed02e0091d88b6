import { useCallback, useState } from "react";
import { useSearchParams } from "react-router";
import { isIsoDate, type DateRange } from "../../../core/dates";

/** The URL keys of a report's date range, as its API names them (SPEC section 3: start_date, end_date). */
const START = "start_date";
const END = "end_date";

/** The range a URL names: two real dates, start not after end (SPEC section 5); anything else is none. */
export function rangeFromSearch(search: URLSearchParams): DateRange | null {
  const start = search.get(START);
  const end = search.get(END);
  if (!start || !end || !isIsoDate(start) || !isIsoDate(end) || start > end) return null;
  return { start, end };
}

/**
 * A list's date range kept in the URL (`?start_date=&end_date=`), so a report opened from a link or
 * reloaded shows the same range: `initial` is the URL's range when it names one, `write` puts a range
 * back (replacing the history entry, so the back button leaves the screen instead of undoing filters),
 * `current` is what the URL names now.
 */
export function useUrlDateRange() {
  const [search, setSearch] = useSearchParams();
  // Read once: later changes come from the list's own state, which `write` mirrors.
  const [initial] = useState(() => rangeFromSearch(search));
  const write = useCallback(
    (range: DateRange | null) =>
      setSearch(
        (current) => {
          const next = new URLSearchParams(current);
          if (range) {
            next.set(START, range.start);
            next.set(END, range.end);
          } else {
            next.delete(START);
            next.delete(END);
          }
          return next;
        },
        { replace: true },
      ),
    [setSearch],
  );
  const current = rangeFromSearch(search);
  return { initial, current, write };
}
