import { useCallback, useEffect, useRef, useState } from "react";
import type { Paged } from "../../../core/api-types";
import { api, isNetworkError } from "../../lib/api-client";

export interface PagedData<Row> {
  rows: Row[];
  count: number;
  /** `count` is the server's estimate (a large unfiltered list): shown as "about". */
  countIsEstimate: boolean;
  hasNext: boolean;
  hasPrevious: boolean;
  totals: Record<string, string>;
  /** totals/ matched more rows than it sums (the server's cap): no sums, the footer says so. */
  totalsRowCap: number | null;
  loading: boolean;
  /** The last request got no answer (offline, server unreachable): the list may show the cache. */
  networkError: boolean;
  reload: () => void;
}

const withSlash = (endpoint: string) => (endpoint.endsWith("/") ? endpoint : `${endpoint}/`);

/** Parameters that do not change the sums: a page turn, a page size or an ordering asks no new totals/. */
const NOT_FOR_TOTALS = new Set(["page", "page_size", "ordering"]);

/**
 * Fetches one page whenever the params change, and totals/ (when asked) only when the filters change:
 * the sums read every matching row, a page turn must not pay for them again. Stale answers are dropped.
 */
export function usePagedData<Row>(endpoint: string | undefined, params: Record<string, string>, withTotals: boolean): PagedData<Row> {
  const [data, setData] = useState<Paged<Row> | null>(null);
  const [totals, setTotals] = useState<Record<string, string>>({});
  const [totalsRowCap, setTotalsRowCap] = useState<number | null>(null);
  const [loading, setLoading] = useState(true);
  const [networkError, setNetworkError] = useState(false);
  const [tick, setTick] = useState(0);
  const requestId = useRef(0);
  const totalsId = useRef(0);
  const paramsKey = JSON.stringify(params);
  const totalsKey = JSON.stringify(Object.fromEntries(Object.entries(params).filter(([key]) => !NOT_FOR_TOTALS.has(key))));

  useEffect(() => {
    const id = ++totalsId.current;
    if (!endpoint || !withTotals) {
      setTotals({});
      setTotalsRowCap(null);
      return;
    }
    const searchParams = JSON.parse(totalsKey) as Record<string, string>;
    void api
      .get(`${withSlash(endpoint)}totals/`, { searchParams, context: { silent: true } })
      .json<Record<string, string> | { totals_capped: true; totals_row_cap: number }>()
      .catch(() => ({}))
      .then((totalsData) => {
        if (id !== totalsId.current) return;
        const capped = "totals_capped" in totalsData ? (totalsData as { totals_row_cap: number }).totals_row_cap : null;
        setTotals(capped === null ? (totalsData as Record<string, string>) : {});
        setTotalsRowCap(capped);
      });
  }, [endpoint, totalsKey, withTotals, tick]);

  useEffect(() => {
    // No endpoint: empty data, not loading (SPEC section 4).
    if (!endpoint) {
      setData({ count: 0, next: null, previous: null, results: [] });
      setNetworkError(false);
      setLoading(false);
      return;
    }
    const id = ++requestId.current;
    const searchParams = JSON.parse(paramsKey) as Record<string, string>;
    setLoading(true);
    api
      .get(withSlash(endpoint), { searchParams })
      .json<Paged<Row>>()
      .then((pageData) => {
        if (id !== requestId.current) return;
        setData(pageData);
        setNetworkError(false);
      })
      .catch((error: unknown) => {
        if (id !== requestId.current) return;
        setData({ count: 0, next: null, previous: null, results: [] });
        setNetworkError(isNetworkError(error));
      })
      .finally(() => {
        if (id === requestId.current) setLoading(false);
      });
  }, [endpoint, paramsKey, tick]);

  const reload = useCallback(() => setTick((n) => n + 1), []);
  return {
    rows: data?.results ?? [],
    count: data?.count ?? 0,
    countIsEstimate: data?.count_is_estimate === true,
    hasNext: Boolean(data?.next),
    hasPrevious: Boolean(data?.previous),
    totals,
    totalsRowCap,
    loading,
    networkError,
    reload,
  };
}

/** Rows an export reads at most (100 pages of 200): beyond, the user narrows the filter. */
export const EXPORT_ROW_CAP = 20_000;
const EXPORT_PAGE_SIZE = 200;

/** Every row that matches the params, page by page (for the export), up to `cap` rows; `capped` when more matched. */
export async function fetchAllPages<Row>(
  endpoint: string,
  params: Record<string, string>,
  cap: number = EXPORT_ROW_CAP,
): Promise<{ rows: Row[]; capped: boolean }> {
  const rows: Row[] = [];
  for (let page = 1; rows.length < cap; page += 1) {
    const data = await api
      .get(withSlash(endpoint), { searchParams: { ...params, page: String(page), page_size: String(EXPORT_PAGE_SIZE) } })
      .json<Paged<Row>>();
    rows.push(...data.results);
    if (!data.next) return { rows: rows.slice(0, cap), capped: rows.length > cap };
  }
  return { rows: rows.slice(0, cap), capped: true };
}
