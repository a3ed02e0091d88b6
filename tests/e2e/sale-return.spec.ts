import { expect, test } from "@playwright/test";
import { apiGet } from "./support/offline";
import { type Paged, signedIn } from "./support/session";
import { DocumentFormPage } from "./support/pages";
import { ADMIN } from "./support/users";

/**
 * A sale return against a sale: found by its invoice number, one unit of its first line comes back,
 * the printable return shows it, and the server holds it with the stock back in.
 */

interface SaleRow {
  id: number;
  invoice_no: number;
  returned_amount: string;
  customer_name: string;
  branch_name: string;
  items?: { stock: number | null; quantity: string; item_name: string; item_type: number }[];
}

test("sale return: find the sale by invoice number, return one unit, printable return, stock back in", async ({ page, request }) => {
  const { token } = await signedIn(page, ADMIN);
  // A demo sale without returns whose first line is a stock line.
  const sales = await apiGet<Paged<SaleRow>>(request, token, "sale/?page_size=50&ordering=id");
  let sale: SaleRow | null = null;
  for (const row of sales.results.filter((s) => Number(s.returned_amount) === 0)) {
    const full = await apiGet<SaleRow>(request, token, `sale/${row.id}/`);
    if (full.items?.[0]?.stock) {
      sale = full;
      break;
    }
  }
  expect(sale, "a demo sale to return from").not.toBeNull();
  const line = sale!.items![0];
  const before = await apiGet<{ quantity: string }>(request, token, `stock/search-by-id/?id=${line.stock}`);

  await page.goto("/sale/sale-return/add");
  // Unknown invoice: the SPEC message.
  await page.getByRole("textbox", { name: "Sale Invoice No." }).fill("999999");
  await page.keyboard.press("Enter");
  await expect(page.getByText("Sale invoice not found")).toBeVisible();

  await page.getByRole("textbox", { name: "Sale Invoice No." }).fill(String(sale!.invoice_no));
  await page.keyboard.press("Enter");
  // Invoice numbers are per branch: pick this sale when the number repeats.
  const choices = page.getByTestId("sale-candidates");
  await expect(page.getByTestId("document-lines").filter({ hasText: line.item_name }).or(choices)).toBeVisible();
  if (await choices.isVisible())
    await choices.getByRole("button").filter({ hasText: sale!.customer_name }).filter({ hasText: sale!.branch_name }).first().click();
  await expect(page.getByTestId("document-lines")).toContainText(line.item_name);
  await new DocumentFormPage(page).setLineAmount("Quantity 1", "1");
  await page.getByRole("button", { name: "Save", exact: true }).click();

  await expect(page).toHaveURL(/\/sale\/sale-return\/\d+\/view$/);
  await expect(page.getByTestId("document-print")).toContainText(line.item_name);
  const after = await apiGet<{ quantity: string }>(request, token, `stock/search-by-id/?id=${line.stock}`);
  expect(Number(after.quantity)).toBe(Number(before.quantity) + 1);
  const updated = await apiGet<SaleRow>(request, token, `sale/${sale!.id}/`);
  expect(Number(updated.returned_amount)).toBeGreaterThan(0);
});
