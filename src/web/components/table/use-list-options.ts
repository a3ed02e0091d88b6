import { useEffect, useMemo, useRef, useState } from "react";
import { api } from "../../lib/api-client";
import { TIMINGS } from "../../lib/timings";
import type { SelectOption } from "../multi-select";
import { readField, type ColumnDef, type ListOption } from "./column-def";
import { textOf } from "../../../core/text";

function toOptions(items: readonly ListOption[], titleKey: string, valueKey: string): SelectOption[] {
  return items.map((item) => {
    const value = readField(item, valueKey);
    return {
      value: typeof value === "number" ? value : textOf(value),
      label: textOf(readField(item, titleKey)),
    };
  });
}

/**
 * Options of a list filter: the column's `list`, or its `listEndpoint` searched with a debounce. The
 * first load waits a moment after mount (SPEC section 9), so the list's own page goes out first.
 */
export function useListOptions<Row>(column: ColumnDef<Row>) {
  const titleKey = column.itemTitle ?? "name";
  const valueKey = column.itemValue ?? "id";
  const staticOptions = useMemo(() => toOptions(column.list ?? [], titleKey, valueKey), [column.list, titleKey, valueKey]);
  const [remote, setRemote] = useState<SelectOption[]>([]);
  const [loading, setLoading] = useState(false);
  const [keyword, setKeyword] = useState("");
  const timer = useRef<number | undefined>(undefined);
  const endpoint = column.listEndpoint;
  const [startedUp, setStartedUp] = useState(false);

  useEffect(() => {
    if (!endpoint) return;
    const wait = window.setTimeout(() => setStartedUp(true), TIMINGS.listFilterStartupWaitMs);
    return () => window.clearTimeout(wait);
  }, [endpoint]);

  useEffect(() => {
    if (!endpoint || !startedUp) return;
    let cancelled = false;
    setLoading(true);
    const searchParams = keyword ? { search: keyword } : {};
    api
      .get(endpoint, { searchParams })
      .json<ListOption[] | { results: ListOption[] }>()
      .then((data) => {
        if (!cancelled) setRemote(toOptions(Array.isArray(data) ? data : data.results, titleKey, valueKey));
      })
      .catch(() => undefined)
      .finally(() => {
        if (!cancelled) setLoading(false);
      });
    return () => {
      cancelled = true;
    };
  }, [endpoint, startedUp, keyword, titleKey, valueKey]);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const search = (text: string) => {
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setKeyword(text.trim()), TIMINGS.serverSearchDebounceMs);
  };
  return { options: endpoint ? remote : staticOptions, loading, search };
}
