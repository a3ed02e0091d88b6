// Helpers for the offline-first specs: the service worker, the app's IndexedDB ("backoffice", one
// object store per table) and the server's view of a record, all read from outside the app.
import { expect, type APIRequestContext, type BrowserContext, type Page, type Route } from "@playwright/test";

const DB_NAME = "backoffice";

/** One read of an object store of the app's database: every row, their count, or one row by an index. */
export type StoreRead =
  { store: string; op: "all" } | { store: string; op: "count" } | { store: string; op: "byIndex"; index: string; key: string | number };

/**
 * Runs one read in the page. A database or store that does not exist yet reads as empty (no rows, 0,
 * undefined). Never creates the database: one made here, empty, before the app's own first open would
 * stand in the app's way (the offline layer opens it after the first screen).
 */
export async function readStore<T>(page: Page, read: StoreRead): Promise<T> {
  return page.evaluate(
    ({ dbName, read }) =>
      new Promise<T>((resolve, reject) => {
        const empty = (read.op === "all" ? [] : read.op === "count" ? 0 : undefined) as T;
        const open = indexedDB.open(dbName);
        let missing = false;
        open.onupgradeneeded = () => {
          missing = true;
          open.transaction?.abort();
        };
        open.onerror = () => (missing ? resolve(empty) : reject(open.error ?? new Error("IndexedDB request failed")));
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains(read.store)) {
            db.close();
            resolve(empty);
            return;
          }
          const store = db.transaction(read.store, "readonly").objectStore(read.store);
          const request: IDBRequest =
            read.op === "count" ? store.count() : read.op === "byIndex" ? store.index(read.index).get(read.key) : store.getAll();
          request.onsuccess = () => {
            db.close();
            resolve(request.result as T);
          };
          request.onerror = () => reject(request.error ?? new Error("IndexedDB request failed"));
        };
      }),
    { dbName: DB_NAME, read },
  );
}

/** Every row of one object store of the app's database (empty when it does not exist yet). */
export async function storeRows<T>(page: Page, store: string): Promise<T[]> {
  return readStore<T[]>(page, { store, op: "all" });
}

/** What the specs read of a cached stock row. */
export interface CachedStockRow {
  id: number;
  inventory_id: number;
  item_id: number;
  quantity: number | string;
  deleted_at: string | null;
}

/** Every cached item record: the device keeps them many to a page record (src/web/offline/item-pages.ts). */
export async function cachedItems<T>(page: Page): Promise<T[]> {
  return (await storeRows<{ items: T[] }>(page, "item_page")).flatMap((record) => record.items);
}

/** Every cached stock row: the device keeps them in their item's record (src/web/offline/stock-store.ts). */
export async function cachedStockRows(page: Page): Promise<CachedStockRow[]> {
  return (await cachedItems<{ stock?: CachedStockRow[] }>(page)).flatMap((record) => record.stock ?? []);
}

/** What the specs read of a cached item. */
export interface CachedItemRow {
  id: number;
  barcode: string | null;
  item_type: number;
  is_active?: boolean;
  deleted_at: string | null;
}

/**
 * A cached stock row of `inventory` that a cashier can sell offline with one scan: at least `minQuantity`
 * in stock, the only batch of its item there (so the scan asks nothing), a goods item with a barcode,
 * active. Answers the row and its barcode, or null.
 */
export async function scannableCachedStock(
  page: Page,
  inventory: number,
  minQuantity = 2,
): Promise<{ stock: CachedStockRow; barcode: string } | null> {
  const items = new Map((await cachedItems<CachedItemRow>(page)).map((item) => [item.id, item]));
  const cachedStock = await cachedStockRows(page);
  const inStock = (row: CachedStockRow) => row.inventory_id === inventory && !row.deleted_at && Number(row.quantity) > 0;
  const stock = cachedStock.find((row) => {
    const item = items.get(row.item_id);
    return (
      inStock(row) &&
      cachedStock.filter((other) => inStock(other) && other.item_id === row.item_id).length === 1 &&
      Number(row.quantity) >= minQuantity &&
      !!item?.barcode &&
      item.item_type === 1 &&
      item.is_active !== false &&
      !item.deleted_at
    );
  });
  return stock ? { stock, barcode: items.get(stock.item_id)!.barcode as string } : null;
}

/** What the specs read of an outbox entry. */
export interface OutboxRow {
  id: number;
  user_id: number;
  resource: string;
  body: Record<string, unknown>;
  status: string;
  next_attempt_at: number;
}

/** The outbox entries whose body has this name. */
export async function outboxEntriesNamed(page: Page, name: string): Promise<OutboxRow[]> {
  return (await storeRows<OutboxRow>(page, "outbox")).filter((entry) => entry.body.name === name);
}

/** Waits until the service worker is active, then reloads so that it controls the page. */
export async function controlledByServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller), { timeout: 30_000 }).toBe(true);
}

/** Waits for the first reference pull to finish (its time is stored with the last page). */
export async function firstPullDone(page: Page): Promise<void> {
  await expect
    .poll(async () => (await storeRows<{ key: string }>(page, "meta")).some((row) => row.key === "last_sync_at"), { timeout: 60_000 })
    .toBe(true);
}

/** The signed-in user's token, as the app stores it. */
export async function pageToken(page: Page): Promise<string | null> {
  return page.evaluate(() => JSON.parse(localStorage.getItem("bo.token") ?? "null") as string | null);
}

/** How many item groups of this name the server has (asked with the given token). */
export async function serverItemGroupCount(request: APIRequestContext, token: string, name: string): Promise<number> {
  const answer = await request.get(`/api/item-group/?name=${encodeURIComponent(name)}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { count: number }).count;
}

/** GET /api/<path> with the page's token; expects 200 and answers the body. */
export async function apiGet<T>(request: APIRequestContext, token: string, path: string): Promise<T> {
  const answer = await request.get(`/api/${path}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(answer.status(), path).toBe(200);
  return (await answer.json()) as T;
}

/** The session copy the app keeps in IndexedDB for the service worker (null when signed out). */
export async function deviceSession(page: Page): Promise<{ token: string; user_id: number } | null> {
  const row = (await storeRows<{ key: string; value: { token: string; user_id: number } }>(page, "meta")).find((r) => r.key === "session");
  return row?.value ?? null;
}

/**
 * Fires background-sync events at the app's service worker through the DevTools protocol, as the
 * browser does when the network returns. Call it while the page is on the app's origin; the
 * returned function works after the page has left it.
 */
export async function serviceWorkerSync(context: BrowserContext, page: Page): Promise<(tag: string) => Promise<void>> {
  const cdp = await context.newCDPSession(page);
  const registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] = [];
  cdp.on("ServiceWorker.workerRegistrationUpdated", (event) => registrations.push(...event.registrations));
  await cdp.send("ServiceWorker.enable");
  const origin = new URL(page.url()).origin;
  const ours = () => registrations.find((r) => r.scopeURL === `${origin}/` && !r.isDeleted);
  await expect.poll(() => !!ours()).toBe(true);
  const registrationId = ours()!.registrationId;
  return async (tag) => {
    await cdp.send("ServiceWorker.dispatchSyncEvent", { origin, registrationId, tag, lastChance: false });
  };
}

/**
 * Puts off an outbox entry's next timed retry (its `next_attempt_at`, which the app's replay timer
 * reads), so that only a forced replay (back online, "Sync now", background sync) can send it.
 */
export async function postponeOutboxEntry(page: Page, id: number, until: number): Promise<void> {
  await page.evaluate(
    ({ dbName, id, until }) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open(dbName);
        open.onerror = () => reject(open.error ?? new Error("IndexedDB request failed"));
        open.onsuccess = () => {
          const db = open.result;
          const store = db.transaction("outbox", "readwrite").objectStore("outbox");
          const read = store.get(id);
          read.onsuccess = () => {
            if (!read.result) {
              db.close();
              reject(new Error(`No outbox entry ${id}`));
              return;
            }
            const write = store.put({ ...(read.result as object), next_attempt_at: until });
            write.onsuccess = () => {
              db.close();
              resolve();
            };
            write.onerror = () => reject(write.error ?? new Error("IndexedDB request failed"));
          };
          read.onerror = () => reject(read.error ?? new Error("IndexedDB request failed"));
        };
      }),
    { dbName: DB_NAME, id, until },
  );
}

/**
 * Opens a page while the context is offline, as a tablet without network would. This Chromium starts
 * a document navigated to while offline with `navigator.onLine` true (the emulated network still
 * fails every request), so the emulation is applied again once the document is there: the page then
 * reads offline and gets its `offline` event, as on a real device.
 */
export async function gotoOffline(page: Page, context: BrowserContext, url: string): Promise<void> {
  await page.goto(url);
  await context.setOffline(false);
  await context.setOffline(true);
  await expect.poll(() => page.evaluate(() => navigator.onLine)).toBe(false);
}

/**
 * Up to `count` of `rows` whose item has no other batch in stock in `inventory`: scanning their barcodes
 * adds the lines without asking which batch (the demo has expired and expiring second batches).
 */
export async function singleBatchRows<R extends { item: { id: number } }>(
  request: APIRequestContext,
  token: string,
  inventory: number,
  rows: readonly R[],
  count: number,
): Promise<R[]> {
  const picked: R[] = [];
  for (const row of rows) {
    if (picked.length === count) break;
    const batches = await apiGet<{ count: number }>(request, token, `stock/?inventory=${inventory}&quantity__gt=0&item=${row.item.id}`);
    if (batches.count === 1) picked.push(row);
  }
  return picked;
}

/** The first of `rows` with one batch in stock (singleBatchRows). */
export const firstSingleBatch = async <R extends { item: { id: number } }>(
  request: APIRequestContext,
  token: string,
  inventory: number,
  rows: readonly R[],
): Promise<R | undefined> => (await singleBatchRows(request, token, inventory, rows, 1))[0];

/** What an intercepted replay answers: a status and body for each matching create, or no answer at all (null). */
export type ReplayAnswer = { status: number; body: unknown } | null;

/**
 * Answers the replay of the queued creates whose path (under /api/) matches, in place of the server:
 * sent alone (`POST /api/<path>`) or in one of the outbox's batches (`POST /api/sync/replay/`).
 * In a batch, the matching entries get `answer` and the others the server's real answers; `null`
 * cuts off the whole request (no answer, as a dead network), as it would every entry in it.
 * Returns the function that removes the interception.
 */
export async function interceptReplay(page: Page, matches: (path: string) => boolean, answer: ReplayAnswer): Promise<() => Promise<void>> {
  const url = "**/api/**";
  const handler = async (route: Route) => {
    const request = route.request();
    const path = new URL(request.url()).pathname.replace(/^\/api\//, "");
    if (request.method() !== "POST") return route.fallback();
    if (path !== "sync/replay/") {
      if (!matches(path)) return route.fallback();
      return answer ? route.fulfill({ status: answer.status, json: answer.body }) : route.abort("connectionrefused");
    }
    const entries = (request.postDataJSON() as { entries: { path: string }[] }).entries;
    if (!entries.some((entry) => matches(entry.path))) return route.fallback();
    if (!answer) return route.abort("connectionrefused");
    const others = entries.filter((entry) => !matches(entry.path));
    const real =
      others.length > 0
        ? ((await (await route.fetch({ postData: JSON.stringify({ entries: others }) })).json()) as { results: unknown[] }).results
        : [];
    return route.fulfill({ json: { results: entries.map((entry) => (matches(entry.path) ? answer : real.shift())) } });
  };
  await page.route(url, handler);
  return () => page.unroute(url, handler);
}
