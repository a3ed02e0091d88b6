import { expect, test, type Page } from "@playwright/test";
import { apiGet, pageToken, storeRows } from "./support/offline";
import { LoginPage, Shell } from "./support/pages";
import { ADMIN } from "./support/users";

/**
 * A purchase offline (issue 4 proof, DESIGN section 4): signed in online with the device cache
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
interface Me {
  default_branch_id: number | null;
  branches: { id: number; name: string; inventories: { id: number; name: string }[] }[];
}
interface Paged<T> {
  count: number;
  results: T[];
}

async function choose(page: Page, label: string, option: string): Promise<void> {
  const box = page.getByRole("combobox", { name: new RegExp(`^${label}`) });
  if (!(await box.isVisible())) return;
  await box.click();
  await box.fill(option);
  await page.getByRole("option", { name: option, exact: true }).first().click();
}

test("offline purchase: scanned from the cache, saved to sync, booked once when back online", async ({ page, context, request }) => {
  test.setTimeout(180_000);
  await new LoginPage(page).signIn(ADMIN);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller), { timeout: 30_000 }).toBe(true);
  await expect
    .poll(async () => (await storeRows<{ key: string }>(page, "meta")).some((row) => row.key === "last_sync_at"), { timeout: 90_000 })
    .toBe(true);

  const token = (await pageToken(page))!;
  const me = await apiGet<Me>(request, token, "user/me/");
  const branch = me.branches.find((b) => b.id === me.default_branch_id) ?? me.branches[0];
  const inventory = branch.inventories[0];
  const item = (await storeRows<ItemRow>(page, "item")).filter((i) => i.barcode && i.item_type === 1 && i.is_active !== false && !i.deleted_at).sort((a, b) => a.id - b.id)[7];
  expect(item, "a cached item with a barcode").toBeTruthy();
  const stockSum = async () =>
    (await apiGet<Paged<{ quantity: string }>>(request, token, `stock/?inventory=${inventory.id}&item=${item.id}&page_size=200`)).results.reduce((s, r) => s + Number(r.quantity), 0);
  const before = await stockSum();
  const purchasesBefore = (await apiGet<Paged<unknown>>(request, token, "purchase/?page_size=25")).count;

  await context.setOffline(true);
  await page.reload();
  await expect(new Shell(page).sidebar()).toBeVisible();
  await page.goto("/purchase/purchase/add");
  const scan = page.getByRole("textbox", { name: "Scan barcode" });
  await expect(scan).toBeVisible({ timeout: 30_000 });
  await choose(page, "Branch", branch.name);
  await choose(page, "Inventory", inventory.name);
  await choose(page, "Supplier", "Zagros Beverages");
  await scan.click();
  await scan.pressSequentially(item.barcode!, { delay: 5 });
  await scan.press("Enter");
  await expect(page.getByTestId("document-line")).toHaveCount(1);
  await expect(page.getByTestId("document-lines")).toContainText(item.name);
  await page.getByRole("textbox", { name: "Quantity 1" }).fill("4");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Saved, will sync").first()).toBeVisible();
  await expect(page).toHaveURL(/\/purchase\/purchase$/);
  await expect.poll(async () => (await storeRows<{ resource: string }>(page, "outbox")).filter((e) => e.resource === "purchase/").length).toBe(1);

  await context.setOffline(false);
  await expect.poll(async () => (await storeRows<unknown>(page, "outbox")).length, { timeout: 60_000 }).toBe(0);
  expect((await apiGet<Paged<unknown>>(request, token, "purchase/?page_size=25")).count).toBe(purchasesBefore + 1);
  expect(await stockSum()).toBe(before + 4);
});
