import { expect, test } from "@playwright/test";
import { apiGet, cachedStockRows, scannableCachedStock, storeRows } from "./support/offline";
import { DocumentFormPage, Shell } from "./support/pages";
import { signedInWithDeviceCache } from "./support/session";
import { CASHIER } from "./support/users";

/**
 * A sale offline, end to end (DESIGN section 4): a cashier signs in online and
 * the device cache loads (stock included); offline, the app reloads from the service worker, the
 * sale screen scans a barcode from the cache and saves: the sale waits in the outbox with its
 * provisional number and has taken its stock in the cache; back online it syncs, and the server
 * holds it exactly once with the stock reduced by what was sold.
 *
 * Accessible names are the sale screen's (src/web/features/sale/sale/sale-form.tsx and
 * src/web/components/document/stock-scan-field.tsx): "Scan barcode", "Save", "Saved, will sync".
 */

interface OutboxRow {
  resource: string;
  status: string;
  body: { form_token: string; items: { stock: number; quantity: string }[] };
  effects: { kind: string; number?: string | null }[];
}

test("offline sale: scanned from the cache, pending with its number and stock taken, synced once with the stock reduced", async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(180_000);
  // The service worker controls the page, and the first load of the cache has finished.
  const { token, branch } = await signedInWithDeviceCache(page, CASHIER);

  // The sale screen's inventory (the cashier's default branch, its first inventory) and a stock row
  // of it whose item has a barcode.
  const inventory = branch.inventories[0].id;
  const found = await scannableCachedStock(page, inventory);
  expect(found, "the demo data has stock with a barcode in the cashier's inventory").toBeTruthy();
  const { stock: stockRow, barcode } = found!;
  const before = Number((await apiGet<{ quantity: string }>(request, token, `stock/${stockRow.id}/`)).quantity);
  const salesBefore = (await apiGet<{ count: number }>(request, token, "sale/?page_size=1")).count;

  // Offline: the app reloads from the service worker.
  await context.setOffline(true);
  await page.reload();
  await expect(new Shell(page).sidebar()).toBeVisible();

  // The sale screen, offline: a scan, typed as a scanner types it, then save.
  const scan = await new DocumentFormPage(page).open("/sale/sale/add", 30_000);
  await scan.click();
  await scan.pressSequentially(barcode, { delay: 5 });
  await scan.press("Enter");
  await expect(
    page
      .getByRole("cell", { name: barcode })
      .or(page.getByText(barcode, { exact: false }))
      .first(),
  ).toBeVisible();
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Saved, will sync").first()).toBeVisible();

  // Pending: in the outbox with its provisional number, its stock taken in the cache.
  await expect.poll(async () => (await storeRows<OutboxRow>(page, "outbox")).filter((e) => e.resource === "sale/").length).toBe(1);
  const [entry] = (await storeRows<OutboxRow>(page, "outbox")).filter((e) => e.resource === "sale/");
  expect(entry.effects.find((e) => e.kind === "pending-doc")?.number).toMatch(/^P-\d+$/);
  const sold = entry.body.items.find((line) => line.stock === stockRow.id);
  expect(sold, "the scanned stock row is a line of the sale").toBeTruthy();
  const quantity = Number(sold?.quantity);
  const cachedNow = async () => Number((await cachedStockRows(page)).find((row) => row.id === stockRow.id)?.quantity);
  await expect.poll(cachedNow).toBe(Number(stockRow.quantity) - quantity);

  // Back online: it syncs once.
  await context.setOffline(false);
  await expect.poll(async () => (await storeRows<OutboxRow>(page, "outbox")).length, { timeout: 60_000 }).toBe(0);
  const salesAfter = (await apiGet<{ count: number }>(request, token, "sale/?page_size=1")).count;
  expect(salesAfter).toBe(salesBefore + 1);
  const after = Number((await apiGet<{ quantity: string }>(request, token, `stock/${stockRow.id}/`)).quantity);
  expect(after).toBe(before - quantity);
  // The cache agrees with the server once the pull has run.
  await expect.poll(cachedNow, { timeout: 90_000 }).toBe(after);
});
