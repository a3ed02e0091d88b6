import { expect, test } from "@playwright/test";
import { apiGet, firstSingleBatch } from "./support/offline";
import { DocumentFormPage } from "./support/pages";
import { type Paged, signedIn } from "./support/session";
import { ADMIN } from "./support/users";

/**
 * An inventory transfer: created on the form by scanning stock of the source inventory,
 * Pending on its view, approved there ("Approved Successfully"), and the stock moved from the source
 * row to the destination inventory. The approved transfer offers no edit any more.
 */

interface StockRow {
  id: number;
  inventory: number;
  item: { id: number; barcode: string | null; name: string; item_type: number };
  quantity: string;
}

test("a transfer created, approved, and the stock moved", async ({ page, request }) => {
  const { token, branch } = await signedIn(page, ADMIN);
  const [from, to] = branch.inventories;
  const stock = await apiGet<Paged<StockRow>>(
    request,
    token,
    `stock/?inventory=${from.id}&quantity__gte=5&item_type=1&ordering=id&page_size=50`,
  );
  const row = (await firstSingleBatch(
    request,
    token,
    from.id,
    stock.results.filter((r) => r.item.barcode),
  ))!;
  expect(row, "a stock row with 5 or more in the source").toBeTruthy();
  const sumIn = async (inventory: number) =>
    (await apiGet<Paged<StockRow>>(request, token, `stock/?inventory=${inventory}&item=${row.item.id}&page_size=200`)).results.reduce(
      (s, r) => s + Number(r.quantity),
      0,
    );
  const fromBefore = Number((await apiGet<StockRow>(request, token, `stock/${row.id}/`)).quantity);
  const toBefore = await sumIn(to.id);

  const form = new DocumentFormPage(page);
  const scan = await form.open("/stock/inventory-stock-transfer/add");
  await form.choose("Branch", branch.name);
  await form.choose("From Inventory", from.name);
  await form.choose("To Inventory", to.name);
  await scan.click();
  await page.keyboard.type(row.item.barcode!, { delay: 5 });
  await page.keyboard.press("Enter");
  const option = page.getByRole("option").first();
  // Several batches of the item: the one of this stock row is chosen from the list.
  if (await option.isVisible().catch(() => false)) await page.getByRole("option").filter({ hasText: row.item.name }).first().click();
  await expect(page.getByTestId("document-line")).toHaveCount(1);
  await form.setLineAmount("Quantity 1", "2");
  // The date is typed day first; a day that does not exist is refused with the reason; Arabic digits work.
  const date = page.getByRole("textbox", { name: "Date", exact: true });
  await date.fill("31/02/2026");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("31/02/2026 is not a valid date")).toBeVisible();
  await expect(page).toHaveURL(/\/add$/);
  await date.fill("٢١١١ ٢٠٢٦");
  await date.blur();
  await expect(date).toHaveValue("21/11/2026");
  await page.getByRole("button", { name: "Save", exact: true }).click();

  await expect(page).toHaveURL(/\/stock\/inventory-stock-transfer\/\d+\/view$/);
  await expect(page.getByTestId("transfer-status")).toHaveText("Pending");
  const transferId = Number(/inventory-stock-transfer\/(\d+)\/view/.exec(page.url())![1]);
  const saved = await apiGet<{ input_date: string; items: { stock: number }[] }>(request, token, `inventory-stock-transfer/${transferId}/`);
  expect(saved.input_date.slice(0, 10)).toBe("2026-11-21");
  const movedStock = saved.items[0].stock;
  const movedBefore =
    movedStock === row.id ? fromBefore : Number((await apiGet<StockRow>(request, token, `stock/${movedStock}/`)).quantity);

  await page.getByRole("button", { name: "Approve" }).click();
  await expect(page.getByText("Approved Successfully")).toBeVisible();
  await expect(page.getByTestId("transfer-status")).toHaveText("Approved");
  await expect(page.getByRole("button", { name: "Approve" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Edit" })).toHaveCount(0);

  expect(Number((await apiGet<StockRow>(request, token, `stock/${movedStock}/`)).quantity)).toBe(movedBefore - 2);
  expect(await sumIn(to.id)).toBe(toBefore + 2);

  // The list shows it approved.
  await page.goto("/stock/inventory-stock-transfer");
  await expect(page.getByRole("row").filter({ hasText: from.name }).filter({ hasText: "Approved" }).first()).toBeVisible();

  // The list's date range is typed day first too (Extended Arabic-Indic digits here) and asked for as stored dates.
  const ranged = page.waitForResponse((r) => {
    const url = new URL(r.url());
    return (
      url.pathname.endsWith("/api/inventory-stock-transfer/") &&
      url.searchParams.get("input_date_after") === "2026-11-21" &&
      url.searchParams.get("input_date_before") === "2026-11-21"
    );
  });
  await page.getByRole("textbox", { name: "Start date" }).fill("۲۱/۱۱/۲۶");
  await page.getByRole("textbox", { name: "End date" }).fill("21-11-2026");
  expect((await ranged).ok()).toBe(true);
  await expect(page.getByRole("row").filter({ hasText: from.name }).filter({ hasText: "Approved" }).first()).toBeVisible();
});
