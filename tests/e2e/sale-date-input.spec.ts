import { expect, test } from "@playwright/test";
import { apiGet, firstSingleBatch } from "./support/offline";
import { DocumentFormPage } from "./support/pages";
import { type Paged, signedIn } from "./support/session";
import { ADMIN } from "./support/users";

/**
 * The sale and quotation dates are typed day first (SPEC section 5) like every form date: a day that
 * does not exist is refused with the reason under the field (not silently), a two-digit year is
 * expanded, and the sale is saved with the date typed.
 */

interface StockRow {
  id: number;
  item: { id: number; barcode: string | null; item_type: number; name: string };
  quantity: string;
  expired?: boolean;
}

test("sale and quotation dates: 31/02 refused with the reason, 21/11/26 saved as 2026-11-21", async ({ page, request }) => {
  test.setTimeout(90_000);
  const { token, branch } = await signedIn(page, ADMIN);
  const stock = await apiGet<Paged<StockRow>>(
    request,
    token,
    `stock/?inventory=${branch.inventories[0].id}&quantity__gt=1&item_type=1&page_size=50&ordering=id`,
  );
  const row = await firstSingleBatch(
    request,
    token,
    branch.inventories[0].id,
    stock.results.filter((r) => r.item.barcode && !r.expired),
  );
  expect(row, "an in-stock good with a barcode in the sale's inventory").toBeTruthy();

  const form = new DocumentFormPage(page);
  const scan = await form.open("/sale/sale/add");
  await scan.click();
  await page.keyboard.type(row!.item.barcode!, { delay: 5 });
  await page.keyboard.press("Enter");
  const option = page.getByRole("option").first();
  if (await option.isVisible().catch(() => false)) await option.click();
  await expect(page.getByTestId("document-line")).toHaveCount(1);

  await form.date().fill("31/02/2026");
  await form.date().blur();
  await expect(page.getByText("31/02/2026 is not a valid date")).toBeVisible();
  await form.saveButton().click();
  await expect(page).toHaveURL(/\/sale\/sale\/add$/);
  await expect(page.getByText("31/02/2026 is not a valid date")).toBeVisible();

  await form.date().fill("21/11/26");
  await form.date().blur();
  await expect(form.date()).toHaveValue("21/11/2026");
  await expect(page.getByText("is not a valid date")).toHaveCount(0);
  const cashbox = page.getByRole("combobox", { name: "Cashbox" });
  if (await cashbox.isVisible()) {
    await cashbox.click();
    await page.getByRole("option").first().click();
  }
  await form.saveButton().click();
  await expect(page).toHaveURL(/\/sale\/sale\/\d+\/view$/);
  const saleId = Number(/\/sale\/sale\/(\d+)\/view/.exec(page.url())![1]);
  const sale = await apiGet<{ input_date: string }>(request, token, `sale/${saleId}/`);
  expect(sale.input_date.slice(0, 10)).toBe("2026-11-21");

  // The quotation form (its own state, not Formik) says why too, and does not send the refused date.
  await form.open("/sale/sale-quotation/add");
  await form.date().fill("2/13/2026");
  await form.date().blur();
  await expect(page.getByText("2/13/2026 is not a valid date")).toBeVisible();
});
