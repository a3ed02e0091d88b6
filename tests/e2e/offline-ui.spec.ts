import { expect, test } from "@playwright/test";
import { controlledByServiceWorker, firstPullDone, gotoOffline } from "./support/offline";
import { Shell } from "./support/pages";
import { ADMIN, uniqueName } from "./support/users";
import { signedIn } from "./support/session";

/**
 * The offline layer as the user sees it: the sync status button and its panel, a list served from
 * the device cache with its note and the pending row's badge, and deletes disabled offline.
 * Screenshots (Arabic, right to left) go to test-results for a look at the layout.
 */
test("offline: cached list with a pending row, sync panel, in Arabic", async ({ page, context }, testInfo) => {
  test.setTimeout(120_000);
  const name = uniqueName("Cached group");
  await signedIn(page, ADMIN);
  const shell = new Shell(page);
  await shell.switchLanguage("العربية");
  await shell.expectRightToLeft();

  // The first pull has stored the reference data (the list can then be served from the cache).
  await firstPullDone(page);
  // Offline navigations are served by the service worker: it must control the page first.
  await controlledByServiceWorker(page);

  await page.goto("/stock/item-group");
  await expect(page.getByRole("table")).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("item-group-list-ar.png"), fullPage: false });

  await context.setOffline(true);
  await gotoOffline(page, context, "/stock/item-group/add");
  await page.locator("input[name=name]").fill(name);
  await page.locator("button[type=submit]").click();
  await expect(page).toHaveURL(/\/stock\/item-group$/);
  await expect(page.getByTestId("offline-list-note")).toBeVisible();
  const pendingRow = page.locator("tr[data-pending]").filter({ hasText: name });
  await expect(pendingRow).toHaveCount(1);
  // Deletes need the server: the row buttons are disabled offline.
  await expect(page.locator("tbody tr:not([data-pending]) button").first()).toBeDisabled();
  await expect(page.getByTestId("sync-pending-badge")).toHaveText("1");
  await page.screenshot({ path: testInfo.outputPath("item-group-list-offline-ar.png") });

  await page.getByTestId("sync-status-button").click();
  await expect(page.getByTestId("sync-panel")).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("sync-panel-ar.png") });

  await context.setOffline(false);
  await expect(page.getByTestId("sync-pending-badge")).toHaveCount(0, { timeout: 30_000 });
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("offline-list-note")).toHaveCount(0);
  await expect(page.getByRole("table")).toContainText(name);
});
