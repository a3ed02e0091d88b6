import { expect, test } from "@playwright/test";
import { apiGet, scannableCachedStock, storeRows } from "./support/offline";
import { Shell } from "./support/pages";
import { keepPrintWindowsOpen, receiptPageSize } from "./support/print-windows";
import { signedInWithDeviceCache } from "./support/session";
import { CASHIER } from "./support/users";

/**
 * The counter offline (src/web/features/sale/counter/): the cashier scans from the device cache and is
 * paid in dinars; the sale waits in the outbox and its 80 mm receipt prints at once, saying its number is
 * provisional; a new sale starts. Opened from the sales list, the waiting sale's view turns into the
 * booked sale (its own URL, its real number) once the device is back online and it has synced.
 */

interface OutboxRow {
  id: number;
  resource: string;
  effects: { kind: string; number?: string | null }[];
}

test("an offline counter sale prints a provisional 80 mm receipt, and its view becomes the booked sale after the sync", async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(180_000);
  await keepPrintWindowsOpen(context);
  const { token, branch } = await signedInWithDeviceCache(page, CASHIER);
  const found = await scannableCachedStock(page, branch.inventories[0].id);
  expect(found, "the demo data has stock with a barcode in the cashier's inventory").toBeTruthy();
  const salesBefore = (await apiGet<{ count: number }>(request, token, "sale/?page_size=1")).count;

  await context.setOffline(true);
  await page.reload();
  await expect(new Shell(page).sidebar()).toBeVisible();
  await page.goto("/sale/pos");
  const scan = page.locator("input[name=scan]");
  await expect(scan).toBeFocused({ timeout: 30_000 });
  await scan.pressSequentially(found!.barcode, { delay: 5 });
  await scan.press("Enter");
  await expect(page.getByTestId("counter-line")).toHaveCount(1, { timeout: 20_000 });

  await page.getByTestId("counter-pay").click();
  const dialog = page.getByTestId("pay-dialog");
  await dialog.locator("[data-testid^=quick-IQD-]").first().click();
  await expect(dialog.getByTestId("pay-remaining")).toHaveText(/^0 /);
  const popup = page.waitForEvent("popup");
  await dialog.getByTestId("pay-confirm").click();

  // Queued, with its provisional number on the receipt.
  await expect.poll(async () => (await storeRows<OutboxRow>(page, "outbox")).filter((e) => e.resource === "sale/").length).toBe(1);
  const [entry] = (await storeRows<OutboxRow>(page, "outbox")).filter((e) => e.resource === "sale/");
  const provisional = entry.effects.find((e) => e.kind === "pending-doc")?.number;
  expect(provisional).toMatch(/^P-\d+$/);
  const receipt = await popup;
  await expect(receipt.getByTestId("receipt-number")).toContainText(provisional!);
  await expect(receipt.locator("body")).toContainText("Provisional number");
  expect(await receiptPageSize(receipt)).toMatch(/^80mm \d+mm$/);
  await receipt.close();
  await expect(page.getByTestId("counter-line")).toHaveCount(0);
  await expect(scan).toBeFocused();

  // Its view, still waiting; back online it becomes the booked sale.
  await page.goto(`/sale/sale/pending-${entry.id}/view`);
  await expect(page.getByTestId("pending-badge")).toBeVisible({ timeout: 30_000 });
  await context.setOffline(false);
  await expect(page).toHaveURL(/\/sale\/sale\/\d+\/view$/, { timeout: 90_000 });
  const id = Number(/\/sale\/sale\/(\d+)\/view$/.exec(page.url())![1]);
  const booked = await apiGet<{ invoice_no: number }>(request, token, `sale/${id}/`);
  await expect(page.getByTestId("document-print")).toContainText(String(booked.invoice_no));
  expect((await apiGet<{ count: number }>(request, token, "sale/?page_size=1")).count).toBe(salesBefore + 1);
});
