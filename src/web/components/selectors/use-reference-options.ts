import { useCallback, useMemo, useState } from "react";
import { cachedTableFor } from "../../offline/cached-list";
import { isLocalKey } from "../../offline/sync-tables";
import { useCachedRows } from "../../offline/use-cached-rows";
import type { EntityOption } from "./entity-select";
import { useAllList } from "./use-all-list";

/**
 * A selector's options: the device cache first (offline and online: it is local, so faster, and it
 * shows records saved offline), the server's <endpoint>all/ only when the resource is not cached or
 * the cache is still empty (first start before the first pull). `add` shows a quick-created record
 * at once, whichever source answered.
 */
export function useReferenceOptions<T extends EntityOption>(endpoint: string) {
  const table = cachedTableFor(endpoint);
  const cached = useCachedRows(table);
  const cacheEmpty = table === null || (cached !== undefined && cached.length === 0);
  const server = useAllList<T>(cacheEmpty ? endpoint : null);
  const [added, setAdded] = useState<T[]>([]);

  const items = useMemo(() => {
    const base = cacheEmpty ? server.items : ((cached ?? []) as unknown as T[]);
    const ids = new Set(base.map((item) => item.id));
    // Inactive items are not offered, as the server's all/ does not offer them.
    const live = base.filter((item) => (item as { is_active?: unknown }).is_active !== false);
    // A pending row that has synced meanwhile is in the cache under its server id: not twice.
    const names = new Set(base.map((item) => item.name));
    const extra = added.filter((item) => !ids.has(item.id) && !(isLocalKey(item.id) && names.has(item.name)));
    return [...extra, ...live];
  }, [cacheEmpty, server.items, cached, added]);

  const add = useCallback((item: T) => setAdded((previous) => [item, ...previous]), []);
  return { items, loading: table !== null && cached === undefined ? true : server.loading, add };
}
