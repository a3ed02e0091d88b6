import { expect, test } from "@playwright/test";
import { apiGet } from "./support/offline";
import { keepPrintWindowsOpen, receiptPageSize } from "./support/print-windows";
import { signedIn, type Paged } from "./support/session";
import { ADMIN } from "./support/users";

interface SaleRow {
  id: number;
  invoice_no: number | string;
  net_price: string;
  currency_code: string;
}

/** Money as the receipt shows it: thousands separators, two decimals. */
const money = (value: string) => Number(value).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

test("the 80 mm receipt of a sale opens on an 80 mm page with the sale's number and totals, and 58 mm once chosen", async ({
  page,
  request,
}) => {
  await keepPrintWindowsOpen(page.context());
  const { token } = await signedIn(page, ADMIN);
  const sales = await apiGet<Paged<SaleRow>>(request, token, "sale/?page_size=1");
  const sale = sales.results[0];

  await page.goto(`/sale/sale/${sale.id}/view`);
  const popup = page.waitForEvent("popup");
  await page.getByTestId("document-actions").getByRole("button", { name: "Print receipt" }).click();
  const receipt = await popup;
  await expect(receipt.getByTestId("receipt-number")).toContainText(String(sale.invoice_no));
  await expect(receipt.locator("body")).toContainText(`${money(sale.net_price)} ${sale.currency_code}`);
  await expect(receipt.locator(".r-qr svg")).toBeVisible();
  // As wide as the roll, as long as the receipt (the last page rule wins).
  expect(await receiptPageSize(receipt)).toMatch(/^80mm \d+mm$/);
  await receipt.close();

  // The device's printer, chosen once in the settings: a 58 mm roll.
  await page.goto("/setting/settings");
  await page.getByTestId("receipt-printer").getByRole("combobox", { name: "Paper width" }).selectOption("58");
  await page.goto(`/sale/sale/${sale.id}/view`);
  const narrow = page.waitForEvent("popup");
  await page.getByTestId("document-actions").getByRole("button", { name: "Print receipt" }).click();
  const small = await narrow;
  await expect(small.getByTestId("receipt-number")).toContainText(String(sale.invoice_no));
  expect(await receiptPageSize(small)).toMatch(/^58mm \d+mm$/);
});
