import type { Table } from "dexie";
import { isLocalKey, type CachedRow, type RowKey } from "./sync-tables";

/**
 * Where the device keeps its items: many to an IndexedDB record, a page per run of ids, looked up by the
 * pages' multiEntry indexes (why, and what a page carries: README.md). Every read and write of items goes
 * through this class; a write reads the pages it touches and writes them whole, writes in one transaction
 * must not run concurrently, and every method issues its requests even with nothing to do, so its
 * caller's transaction never awaits a plain promise.
 */

/**
 * Items per page: ids 0-24 are page 0, 25-49 page 1, ... Small enough that a first load's pull page
 * (about 1,700 items in its 1 MiB) is written as more than 50 records: Dexie's liveQuery then marks
 * the whole store as changed, instead of adding every index key of every record written to its
 * range sets one by one (a hundred ids a page: about 5 s of the good link's 20, on the main thread;
 * item-pages.test.ts checks that Dexie still does so). A stock change rewrites a page of 25 items.
 */
export const PAGE_SPAN = 25;

/** Records in one write from which Dexie's liveQuery tracks a write as a change of the whole store. */
export const DEXIE_BULK_TRACKING = 50;

export type PageKey = number | string;

export interface ItemPage {
  key: PageKey;
  items: CachedRow[];
  barcode: string[];
  code: string[];
  name: string[];
  stock_ids: number[];
  _outbox: number[];
}

/** The item page store's schema, in Dexie's syntax ("*" a multiEntry index). */
export const ITEM_PAGE_SCHEMA = { item_page: "key, *barcode, *code, *name, *stock_ids, *_outbox" };

export type LookupIndex = "barcode" | "code" | "name";

export const pageKeyOf = (id: RowKey): PageKey => (isLocalKey(id) ? id : Math.floor(id / PAGE_SPAN));

/** Not a stub, not deleted, not deactivated: the items scans and searches may find. */
const isOffered = (item: CachedRow): boolean => item._stub !== true && !item.deleted_at && item.is_active !== false;

const lookupKey = (value: unknown): string | null => (typeof value === "string" && value !== "" ? value : null);

/** A page of these items, its index keys computed from them. */
export function pageOf(key: PageKey, items: CachedRow[]): ItemPage {
  const page: ItemPage = { key, items, barcode: [], code: [], name: [], stock_ids: [], _outbox: [] };
  for (const item of items) {
    if (isOffered(item))
      for (const index of ["barcode", "code", "name"] as const) {
        const value = lookupKey(item[index]);
        if (value !== null) page[index].push(value);
      }
    for (const id of (item.stock_ids as unknown[] | undefined) ?? []) if (typeof id === "number") page.stock_ids.push(id);
    if (typeof item._outbox === "number") page._outbox.push(item._outbox);
  }
  return page;
}

function groupByPage<T>(values: readonly T[], idOf: (value: T) => RowKey): Map<PageKey, T[]> {
  const groups = new Map<PageKey, T[]>();
  for (const value of values) {
    const key = pageKeyOf(idOf(value));
    const group = groups.get(key);
    if (group) group.push(value);
    else groups.set(key, [value]);
  }
  return groups;
}

/** A page's items in id order (a pending item's page holds only it). */
const inIdOrder = (a: CachedRow, b: CachedRow): number => (typeof a.id === "number" && typeof b.id === "number" ? a.id - b.id : 0);

const itemsOf = (pages: readonly (ItemPage | undefined)[]): CachedRow[] => pages.flatMap((page) => page?.items ?? []);

const startsWithIgnoringCase = (value: unknown, prefix: string): boolean =>
  typeof value === "string" && value.toLowerCase().startsWith(prefix.toLowerCase());

/** How much wider than the keys wanted a key range may be to be read in one request. */
const RANGE_SLACK = 4;

/** What becomes of an item in a write: its new record, or undefined to drop it. */
export type ItemChange = (item: CachedRow | undefined, id: RowKey) => CachedRow | undefined;

export class ItemPages {
  constructor(readonly table: Table<ItemPage, PageKey>) {}

  /**
   * The pages of these keys, by key. A write's pages are mostly one run of keys (a pull's page is a
   * run of ids): then they are read in ONE request (an IndexedDB request costs about as much as the
   * record it brings), else one request per key.
   */
  private async pagesOf(keys: readonly PageKey[]): Promise<Map<PageKey, ItemPage>> {
    const numbers = keys.filter((key): key is number => typeof key === "number");
    const found = new Map<PageKey, ItemPage>();
    const others: PageKey[] = keys.filter((key) => typeof key !== "number");
    if (numbers.length > 1) {
      const min = Math.min(...numbers);
      const max = Math.max(...numbers);
      if (max - min < numbers.length * RANGE_SLACK) {
        for (const page of await this.table.where(":id").between(min, max, true, true).toArray()) found.set(page.key, page);
      } else others.push(...numbers);
    } else others.push(...numbers);
    // Always a request, even for no keys: an await on a plain promise would leave the caller's transaction.
    for (const page of await this.table.bulkGet(others)) if (page) found.set(page.key, page);
    return found;
  }

  private rw<T>(work: () => Promise<T>): Promise<T> {
    return this.table.db.transaction("rw", this.table, work);
  }

  async get(id: RowKey): Promise<CachedRow | undefined> {
    return (await this.table.get(pageKeyOf(id)))?.items.find((item) => item.id === id);
  }

  /** The items of these ids, aligned with them (undefined where the device has none). */
  async bulkGet(ids: readonly RowKey[]): Promise<(CachedRow | undefined)[]> {
    const pages = await this.pagesOf([...groupByPage(ids, (id) => id).keys()]);
    return ids.map((id) => pages.get(pageKeyOf(id))?.items.find((item) => item.id === id));
  }

  /**
   * Every write: each of these ids' items becomes what `change` makes of it (the item the device
   * holds, or undefined), one read and one write per page touched; a page left empty goes.
   */
  modify(ids: readonly RowKey[], change: ItemChange): Promise<void> {
    return this.rw(async () => {
      const groups = groupByPage(ids, (id) => id);
      const pages = await this.pagesOf([...groups.keys()]);
      const written: ItemPage[] = [];
      const emptied: PageKey[] = [];
      for (const [key, changed] of groups) {
        const byId = new Map((pages.get(key)?.items ?? []).map((item) => [item.id, item]));
        let touched = false;
        for (const id of changed) {
          const before = byId.get(id);
          const item = change(before, id);
          touched ||= item !== before;
          if (item) byId.set(id, item);
          else byId.delete(id);
        }
        if (!touched) continue; // (deletes of items the device does not have)
        if (byId.size > 0) written.push(pageOf(key, [...byId.values()].sort(inIdOrder)));
        else if (pages.has(key)) emptied.push(key);
      }
      await this.table.bulkPut(written);
      await this.table.bulkDelete(emptied);
    });
  }

  /** Writes the items over those of the same ids. */
  bulkPut(items: readonly CachedRow[]): Promise<void> {
    const byId = new Map(items.map((item) => [item.id, item]));
    return this.modify([...byId.keys()], (_, id) => byId.get(id));
  }

  put(item: CachedRow): Promise<void> {
    return this.bulkPut([item]);
  }

  /** Drops the items of these ids. */
  bulkDelete(ids: readonly RowKey[]): Promise<void> {
    return this.modify(ids, () => undefined);
  }

  delete(id: RowKey): Promise<void> {
    return this.bulkDelete([id]);
  }

  clear(): Promise<void> {
    return this.table.clear();
  }

  /** Every item, stubs included. */
  async toArray(): Promise<CachedRow[]> {
    return itemsOf(await this.table.toArray());
  }

  /** The offered items whose `index` field is exactly `value` (a scan: usually one). */
  async equals(index: LookupIndex, value: string): Promise<CachedRow[]> {
    const pages = await this.table.where(index).equals(value).distinct().toArray();
    return itemsOf(pages).filter((item) => isOffered(item) && item[index] === value);
  }

  /**
   * The first `limit` offered items whose `index` field starts with `prefix`, ignoring case, in the
   * order of that field (the index's order).
   */
  async startingWith(index: LookupIndex, prefix: string, limit: number): Promise<CachedRow[]> {
    const keys = await this.table.where(index).startsWithIgnoreCase(prefix).limit(limit).primaryKeys();
    const pages = await this.pagesOf([...new Set(keys)]);
    return itemsOf([...pages.values()])
      .filter((item) => isOffered(item) && startsWithIgnoringCase(item[index], prefix))
      .sort((a, b) => (String(a[index]) < String(b[index]) ? -1 : String(a[index]) > String(b[index]) ? 1 : 0))
      .slice(0, limit);
  }

  /** The first `limit` items (in id order) that pass `keep`: a bounded scan, for the offline fallbacks of searches. */
  async scan(keep: (item: CachedRow) => boolean, limit: number): Promise<CachedRow[]> {
    const found: CachedRow[] = [];
    await this.table
      .toCollection()
      .until(() => found.length >= limit)
      .each((page) => {
        for (const item of page.items) if (found.length < limit && keep(item)) found.push(item);
      });
    return found;
  }

  /** The items that hold any of these stock row ids. */
  async holdingStock(stockIds: readonly number[]): Promise<CachedRow[]> {
    const wanted = new Set<unknown>(stockIds);
    const pages = await this.table
      .where("stock_ids")
      .anyOf([...stockIds])
      .distinct()
      .toArray();
    return itemsOf(pages).filter((item) => ((item.stock_ids as unknown[] | undefined) ?? []).some((id) => wanted.has(id)));
  }

  /** Items saved on this device and not synced yet (they carry their outbox entry's id). */
  async pending(): Promise<CachedRow[]> {
    const pages = await this.table.where("_outbox").above(0).distinct().toArray();
    return itemsOf(pages).filter((item) => item._pending === true);
  }
}
