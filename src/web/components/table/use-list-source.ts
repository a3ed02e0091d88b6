import { useMemo } from "react";
import { cachedTableFor, queryCachedRows } from "../../offline/cached-list";
import { useOnline } from "../../offline/sync-status";
import { useCachedRows } from "../../offline/use-cached-rows";
import { usePagedData, type PagedData } from "./use-paged-data";

export interface ListSource<Row> extends PagedData<Row> {
  /** The rows come from the device cache (offline, or the server did not answer). */
  fromCache: boolean;
}

/**
 * The rows of a paged list: from the server, or, for a resource the device caches (DESIGN section 4),
 * from the cache when offline or when the server does not answer, with the query applied in memory.
 * Offline, the server is not even asked (the request could only fail).
 */
export function useListSource<Row>(endpoint: string | undefined, params: Record<string, string>, withTotals: boolean): ListSource<Row> {
  const online = useOnline();
  const table = cachedTableFor(endpoint);
  const cacheOnly = table !== null && !online;
  const server = usePagedData<Row>(cacheOnly ? undefined : endpoint, params, withTotals);
  const fromCache = table !== null && (cacheOnly || server.networkError);
  const cached = useCachedRows(fromCache ? table : null);
  const page = useMemo(() => (cached ? queryCachedRows<Row>(cached, params) : null), [cached, params]);
  if (!fromCache) return { ...server, fromCache: false };
  return {
    rows: page?.results ?? [],
    count: page?.count ?? 0,
    hasNext: Boolean(page?.next),
    hasPrevious: Boolean(page?.previous),
    totals: {},
    loading: cached === undefined,
    networkError: server.networkError,
    reload: server.reload,
    fromCache: true,
  };
}
