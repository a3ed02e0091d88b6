import { expect, test, type APIRequestContext } from "@playwright/test";
import { apiGet } from "./support/offline";
import { DocumentFormPage } from "./support/pages";
import { type Paged, signedIn } from "./support/session";
import { ADMIN } from "./support/users";

/**
 * A purchase keyed in by scanning: the admin opens the purchase form, picks branch,
 * inventory and supplier, scans two barcodes the way a keyboard-wedge scanner types them, raises a
 * quantity, saves (cash), lands on the printable invoice, prints it (the print popup opens), and sees
 * the stock of both items grow on /stock/stock.
 */

interface Item {
  id: number;
  barcode: string | null;
  name: string;
  item_type: number;
  is_active: boolean;
}
interface StockRow {
  id: number;
  quantity: string;
}

async function stockOf(request: APIRequestContext, token: string, inventory: number, item: number): Promise<number> {
  const page = await apiGet<Paged<StockRow>>(request, token, `stock/?inventory=${inventory}&item=${item}&page_size=200`);
  return page.results.reduce((sum, row) => sum + Number(row.quantity), 0);
}

test("a purchase scanned, saved, printed, and its stock grows", async ({ page, request }) => {
  const { token, branch } = await signedIn(page, ADMIN);
  const inventory = branch.inventories[0];
  const items = (await apiGet<Paged<Item>>(request, token, "item/?page_size=50&item_type=1&ordering=id")).results.filter(
    (i) => i.barcode && i.is_active,
  );
  const picked = items.slice(3, 5);
  expect(picked).toHaveLength(2);
  const before = await Promise.all(picked.map((i) => stockOf(request, token, inventory.id, i.id)));

  const form = new DocumentFormPage(page);
  const scan = await form.open("/purchase/purchase/add");
  await form.choose("Branch", branch.name);
  await form.choose("Inventory", inventory.name);
  await form.choose("Supplier", "Zagros Beverages");

  const lines = page.getByTestId("document-line");
  for (const [index, item] of picked.entries()) {
    // The box clears itself 200 ms after a pick (SPEC section 9): the next scan starts on an empty box.
    await expect(scan).toHaveValue("");
    await scan.click();
    await page.keyboard.type(item.barcode!, { delay: 5 });
    await page.keyboard.press("Enter");
    await expect(lines).toHaveCount(index + 1);
  }
  // Scanning the first again raises its quantity to 2; then typed up to 3.
  await expect(scan).toHaveValue("");
  await scan.click();
  await page.keyboard.type(picked[0].barcode!, { delay: 5 });
  await page.keyboard.press("Enter");
  await expect(form.lineAmount("Quantity 1")).toHaveText("2");
  // A screen reader hears the shown amount as well as its name.
  await expect(form.lineAmount("Quantity 1")).toHaveAccessibleDescription("2");
  await form.setLineAmount("Quantity 1", "3");
  for (const item of picked) await expect(page.getByTestId("document-lines")).toContainText(item.name);

  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page).toHaveURL(/\/purchase\/purchase\/\d+\/view$/);
  const printable = page.getByTestId("document-print");
  await expect(printable.getByTestId("document-line")).toHaveCount(2);
  for (const item of picked) await expect(printable).toContainText(item.name);
  await expect(printable.getByTestId("payment-status")).toHaveText("Paid");

  const popup = page.waitForEvent("popup");
  await page.getByRole("button", { name: "Print A4" }).click();
  const printWindow = await popup;
  await expect.poll(() => printWindow.content().catch(() => "")).toContain(picked[0].name);

  // The server: each item's stock in the inventory grew by what was bought.
  const expected = [before[0] + 3, before[1] + 1];
  for (const [index, item] of picked.entries())
    expect(await stockOf(request, token, inventory.id, item.id), item.name).toBe(expected[index]);

  // And the stock screen shows it.
  await page.goto("/stock/stock");
  for (const [index, item] of picked.entries()) {
    const search = page.getByRole("searchbox", { name: "Search" });
    await search.fill(item.barcode!);
    await search.press("Enter");
    const row = page.getByRole("row").filter({ hasText: inventory.name }).filter({ hasText: item.name });
    await expect(row.first()).toContainText(String(expected[index]));
  }
});
