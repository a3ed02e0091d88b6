import { useCallback, useEffect, useRef, useState } from "react";
import type { Paged } from "../../../core/api-types";
import { api, isNetworkError } from "../../lib/api-client";

export interface PagedData<Row> {
  rows: Row[];
  count: number;
  hasNext: boolean;
  hasPrevious: boolean;
  totals: Record<string, string>;
  loading: boolean;
  /** The last request got no answer (offline, server unreachable): the list may show the cache. */
  networkError: boolean;
  reload: () => void;
}

const withSlash = (endpoint: string) => (endpoint.endsWith("/") ? endpoint : `${endpoint}/`);

/** Fetches one page (and totals/ when asked) whenever the params change; stale answers are dropped. */
export function usePagedData<Row>(endpoint: string | undefined, params: Record<string, string>, withTotals: boolean): PagedData<Row> {
  const [data, setData] = useState<Paged<Row> | null>(null);
  const [totals, setTotals] = useState<Record<string, string>>({});
  const [loading, setLoading] = useState(true);
  const [networkError, setNetworkError] = useState(false);
  const [tick, setTick] = useState(0);
  const requestId = useRef(0);
  const paramsKey = JSON.stringify(params);

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
    const page = api.get(withSlash(endpoint), { searchParams }).json<Paged<Row>>();
    const sums = withTotals
      ? api.get(`${withSlash(endpoint)}totals/`, { searchParams, context: { silent: true } }).json<Record<string, string>>().catch(() => ({}))
      : Promise.resolve({});
    Promise.all([page, sums])
      .then(([pageData, totalsData]) => {
        if (id !== requestId.current) return;
        setData(pageData);
        setTotals(totalsData);
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
  }, [endpoint, paramsKey, withTotals, tick]);

  const reload = useCallback(() => setTick((n) => n + 1), []);
  return {
    rows: data?.results ?? [],
    count: data?.count ?? 0,
    hasNext: Boolean(data?.next),
    hasPrevious: Boolean(data?.previous),
    totals,
    loading,
    networkError,
    reload,
  };
}

/** Every row that matches the params, page by page (for CSV export). */
export async function fetchAllPages<Row>(endpoint: string, params: Record<string, string>, maxPages = 100): Promise<Row[]> {
  const rows: Row[] = [];
  for (let page = 1; page <= maxPages; page += 1) {
    const data = await api.get(withSlash(endpoint), { searchParams: { ...params, page: String(page), page_size: "200" } }).json<Paged<Row>>();
    rows.push(...data.results);
    if (!data.next) break;
  }
  return rows;
}
