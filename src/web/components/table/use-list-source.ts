import { useEffect, useMemo, useRef } from "react";
import { cachedTableFor, queryCachedRows } from "../../offline/cached-list";
import { useOnline } from "../../offline/online";
import { usePendingCount } from "../../offline/sync-status";
import { useCachedRows, usePendingRows } from "../../offline/use-cached-rows";
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

  // Online, creates still waiting (a 5xx, a slow server) show on the first page as pending rows.
  const pendingRows = usePendingRows(!fromCache ? table : null);
  const pendingCount = usePendingCount();
  const { reload } = server;
  // Fewer entries wait: one synced, and the server's list now has it (or the balance it moved), so ask again.
  const lastPending = useRef(pendingCount);
  useEffect(() => {
    if (endpoint && pendingCount < lastPending.current) reload();
    lastPending.current = pendingCount;
  }, [pendingCount, endpoint, reload]);
  const serverRows = useMemo(
    () => (pendingRows.length > 0 && params.page === "1" ? [...(pendingRows as Row[]), ...server.rows] : server.rows),
    [pendingRows, server.rows, params.page],
  );

  if (!fromCache) return { ...server, rows: serverRows, fromCache: false };
  return {
    rows: page?.results ?? [],
    count: page?.count ?? 0,
    countIsEstimate: false,
    hasNext: Boolean(page?.next),
    hasPrevious: Boolean(page?.previous),
    totals: {},
    totalsRowCap: null,
    loading: cached === undefined,
    networkError: server.networkError,
    reload: server.reload,
    fromCache: true,
  };
}
