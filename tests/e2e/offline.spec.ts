import { expect, test } from "@playwright/test";
import { cachedItems, readStore, serverItemGroupCount } from "./support/offline";
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
 * with plain IndexedDB calls in the page (support/offline.ts: database "backoffice", a store per table).
 */

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
  const { token } = await signedInWithDeviceCache(page, ADMIN);
  const items = await cachedItems<Row>(page);
  const withBarcode = items.find((item) => typeof item.barcode === "string" && item.barcode !== "");
  expect(withBarcode, "the demo data has items with barcodes").toBeTruthy();
  const barcode = withBarcode?.barcode as string;

  // Offline: the app still opens, from the service worker.
  await context.setOffline(true);
  await page.reload();
  await expect(new Shell(page).sidebar()).toBeVisible();

  // A scan is a lookup on the barcode index of the cache: it finds the page record holding the item.
  const scanned = await readStore<{ items: Row[] } | undefined>(page, {
    store: "item_page",
    op: "byIndex",
    index: "barcode",
    key: barcode,
  });
  expect(scanned?.items.find((item) => item.barcode === barcode)?.id).toBe(withBarcode?.id);

  // Saved offline: pending in the cache and in the outbox, nothing on the server yet.
  await page.goto("/stock/item-group/add");
  const form = new FormPage(page);
  await form.fill({ Name: name });
  await form.save();
  const pendingRows = async () => (await readStore<Row[]>(page, { store: "item_group", op: "all" })).filter((row) => row.name === name);
  await expect.poll(async () => (await pendingRows()).map((row) => row._pending === true)).toEqual([true]);
  await expect.poll(() => readStore<number>(page, { store: "outbox", op: "count" })).toBe(1);

  // Back online: the `online` event replays the outbox.
  await context.setOffline(false);
  await expect.poll(() => readStore<number>(page, { store: "outbox", op: "count" }), { timeout: 30_000 }).toBe(0);
  await expect.poll(async () => (await pendingRows()).map((row) => typeof row.id === "number" && row._pending !== true)).toEqual([true]);

  // Exactly once on the server.
  expect(await serverItemGroupCount(request, token, name)).toBe(1);
});
