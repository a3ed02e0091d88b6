import { expect, test } from "@playwright/test";
import { apiGet, firstSingleBatch } from "./support/offline";
import { DocumentFormPage } from "./support/pages";
import { type Paged, signedIn } from "./support/session";
import { ADMIN } from "./support/users";

/**
 * A document form with nothing on it shows no payment status: a zero total is not "Paid".
 * Once a line gives the sale a total, the badge appears (cash is the default, so it is Paid): the
 * badge is there when there is something to pay, not gone for good.
 */

interface StockRow {
  item: { id: number; barcode: string | null; item_type: number };
  quantity: string;
  expired?: boolean;
}

test("empty sale and purchase forms show no Paid badge; a sale with a line does", async ({ page, request }) => {
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
  await form.open("/purchase/purchase/add");
  await expect(form.totals()).toBeVisible();
  await expect(form.totals().getByTestId("net")).toContainText("0.00");
  await expect(form.paymentStatus()).toHaveCount(0);

  const scan = await form.open("/sale/sale/add");
  await expect(form.totals()).toBeVisible();
  await expect(form.totals().getByTestId("net")).toContainText("0.00");
  await expect(form.paymentStatus()).toHaveCount(0);

  await scan.click();
  await page.keyboard.type(row!.item.barcode!, { delay: 5 });
  await page.keyboard.press("Enter");
  // Several batches of the item: any one will do.
  const option = page.getByRole("option").first();
  if (await option.isVisible().catch(() => false)) await option.click();
  await expect(page.getByTestId("document-line")).toHaveCount(1);
  await expect(form.paymentStatus()).toHaveText("Paid");
});
