import { expect, test } from "@playwright/test";
import { apiGet, storeRows, cachedItems } from "./support/offline";
import { DocumentFormPage, Shell } from "./support/pages";
import { type Paged, signedInWithDeviceCache } from "./support/session";
import { ADMIN } from "./support/users";

/**
 * A purchase offline (DESIGN section 4): signed in online with the device cache
 * loaded, the admin goes offline, keys in a purchase by scanning a barcode from the cache, saves
 * ("Saved, will sync"), and once back online the outbox sends it: the server holds it once and the
 * item's stock in the inventory has grown by what was bought.
 */

interface ItemRow {
  id: number;
  barcode: string | null;
  name: string;
  item_type: number;
  is_active?: boolean;
  deleted_at: string | null;
}

test("offline purchase: scanned from the cache, saved to sync, booked once when back online", async ({ page, context, request }) => {
  test.setTimeout(180_000);
  const { token, branch } = await signedInWithDeviceCache(page, ADMIN);
  const inventory = branch.inventories[0];
  const item = (await cachedItems<ItemRow>(page))
    .filter((i) => i.barcode && i.item_type === 1 && i.is_active !== false && !i.deleted_at)
    .sort((a, b) => a.id - b.id)[7];
  expect(item, "a cached item with a barcode").toBeTruthy();
  const stockSum = async () =>
    (
      await apiGet<Paged<{ quantity: string }>>(request, token, `stock/?inventory=${inventory.id}&item=${item.id}&page_size=200`)
    ).results.reduce((s, r) => s + Number(r.quantity), 0);
  const before = await stockSum();
  const purchasesBefore = (await apiGet<Paged<unknown>>(request, token, "purchase/?page_size=25")).count;

  await context.setOffline(true);
  await page.reload();
  await expect(new Shell(page).sidebar()).toBeVisible();
  const form = new DocumentFormPage(page);
  const scan = await form.open("/purchase/purchase/add", 30_000);
  await form.choose("Branch", branch.name);
  await form.choose("Inventory", inventory.name);
  await form.choose("Supplier", "Zagros Beverages");
  await scan.click();
  await scan.pressSequentially(item.barcode!, { delay: 5 });
  await scan.press("Enter");
  await expect(page.getByTestId("document-line")).toHaveCount(1);
  await expect(page.getByTestId("document-lines")).toContainText(item.name);
  await form.setLineAmount("Quantity 1", "4");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Saved, will sync").first()).toBeVisible();
  await expect(page).toHaveURL(/\/purchase\/purchase$/);
  await expect
    .poll(async () => (await storeRows<{ resource: string }>(page, "outbox")).filter((e) => e.resource === "purchase/").length)
    .toBe(1);

  await context.setOffline(false);
  await expect.poll(async () => (await storeRows<unknown>(page, "outbox")).length, { timeout: 60_000 }).toBe(0);
  expect((await apiGet<Paged<unknown>>(request, token, "purchase/?page_size=25")).count).toBe(purchasesBefore + 1);
  expect(await stockSum()).toBe(before + 4);
});
