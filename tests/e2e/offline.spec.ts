import { expect, test, type Page } from "@playwright/test";
import { serverItemGroupCount } from "./support/offline";
import { FormPage, Shell } from "./support/pages";
import { signedInWithDeviceCache } from "./support/session";
import { ADMIN, uniqueName } from "./support/users";

/**
 * Offline-first, end to end (DESIGN section 4): sign in online, go offline, reload (the service
 * worker serves the app), find an item by barcode in the IndexedDB cache, save a record offline and
 * see it pending, come back online and find it on the server exactly once.
 *
 * Needs the integration of src/web/offline: main.tsx calls registerPwa() and startAppOffline(), and
 * the item-group form saves through runCommand("item-group-create", ...). The cache is read here
 * with plain IndexedDB calls in the page (database "backoffice", one object store per table).
 */

const DB_NAME = "backoffice";

/** Runs in the page: one read of an object store of the app's database. */
async function idb<T>(
  page: Page,
  args: { store: string; op: "all" | "count" | "byIndex"; key?: string | number; index?: string },
): Promise<T> {
  return page.evaluate(
    ({ dbName, store, op, key, index }) =>
      new Promise<T>((resolve, reject) => {
        const open = indexedDB.open(dbName);
        open.onerror = () => reject(open.error ?? new Error("IndexedDB request failed"));
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains(store)) {
            db.close();
            resolve((op === "all" ? [] : op === "count" ? 0 : undefined) as T);
            return;
          }
          const os = db.transaction(store, "readonly").objectStore(store);
          const request: IDBRequest =
            op === "count" ? os.count() : op === "byIndex" ? os.index(index as string).get(key as IDBValidKey) : os.getAll();
          request.onsuccess = () => {
            db.close();
            resolve(request.result as T);
          };
          request.onerror = () => reject(request.error ?? new Error("IndexedDB request failed"));
        };
      }),
    { dbName: DB_NAME, ...args },
  );
}

interface Row {
  id: number | string;
  name?: string;
  barcode?: string;
  _pending?: boolean;
}

test("offline: opens from the service worker, reads the cache, queues a create, syncs it once", async ({ page, context, request }) => {
  test.setTimeout(120_000);
  const name = uniqueName("Offline group");

  // The service worker controls the page (the first load is not), and the first reference load has finished.
  const { token } = await signedInWithDeviceCache(page, request, ADMIN);
  const items = await idb<Row[]>(page, { store: "item", op: "all" });
  const withBarcode = items.find((item) => typeof item.barcode === "string" && item.barcode !== "");
  expect(withBarcode, "the demo data has items with barcodes").toBeTruthy();
  const barcode = withBarcode?.barcode as string;

  // Offline: the app still opens, from the service worker.
  await context.setOffline(true);
  await page.reload();
  await expect(new Shell(page).sidebar()).toBeVisible();

  // A scan is a lookup on the barcode index of the cache.
  const scanned = await idb<Row | undefined>(page, { store: "item", op: "byIndex", index: "barcode", key: barcode });
  expect(scanned?.id).toBe(withBarcode?.id);

  // Saved offline: pending in the cache and in the outbox, nothing on the server yet.
  await page.goto("/stock/item-group/add");
  const form = new FormPage(page);
  await form.fill({ Name: name });
  await form.save();
  const pendingRows = async () => (await idb<Row[]>(page, { store: "item_group", op: "all" })).filter((row) => row.name === name);
  await expect.poll(async () => (await pendingRows()).map((row) => row._pending === true)).toEqual([true]);
  await expect.poll(() => idb<number>(page, { store: "outbox", op: "count" })).toBe(1);

  // Back online: the `online` event replays the outbox.
  await context.setOffline(false);
  await expect.poll(() => idb<number>(page, { store: "outbox", op: "count" }), { timeout: 30_000 }).toBe(0);
  await expect.poll(async () => (await pendingRows()).map((row) => typeof row.id === "number" && row._pending !== true)).toEqual([true]);

  // Exactly once on the server.
  expect(await serverItemGroupCount(request, token, name)).toBe(1);
});
