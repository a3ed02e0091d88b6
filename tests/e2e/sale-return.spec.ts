import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
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
  paid_amount: string;
  currency_code: string;
  customer_name: string;
  branch_name: string;
  items?: { stock: number | null; quantity: string; item_name: string; item_type: number }[];
}

/** A demo sale without returns whose first line is a stock line (and, when asked, paid in the base currency). */
async function returnableSale(request: APIRequestContext, token: string, paid = false): Promise<SaleRow> {
  const base = await apiGet<{ code: string }>(request, token, "currency/base-currency/");
  const sales = await apiGet<Paged<SaleRow>>(request, token, "sale/?page_size=50&ordering=id");
  const candidates = sales.results.filter(
    (s) => Number(s.returned_amount) === 0 && (!paid || (Number(s.paid_amount) > 0 && s.currency_code === base.code)),
  );
  for (const row of candidates) {
    const full = await apiGet<SaleRow>(request, token, `sale/${row.id}/`);
    if (full.items?.[0]?.stock) return full;
  }
  throw new Error("no demo sale to return from");
}

/** Opens the return form on the sale (picking it where its number repeats in another branch). */
async function startReturn(page: Page, sale: SaleRow): Promise<void> {
  await page.getByRole("textbox", { name: "Sale Invoice No." }).fill(String(sale.invoice_no));
  await page.keyboard.press("Enter");
  // Invoice numbers are per branch: pick this sale when the number repeats.
  const line = sale.items![0];
  const choices = page.getByTestId("sale-candidates");
  await expect(page.getByTestId("document-lines").filter({ hasText: line.item_name }).or(choices)).toBeVisible();
  if (await choices.isVisible())
    await choices.getByRole("button").filter({ hasText: sale.customer_name }).filter({ hasText: sale.branch_name }).first().click();
  await expect(page.getByTestId("document-lines")).toContainText(line.item_name);
  await new DocumentFormPage(page).setLineAmount("Quantity 1", "1");
}

test("sale return: find the sale by invoice number, return one unit, printable return, stock back in", async ({ page, request }) => {
  const { token } = await signedIn(page, ADMIN);
  const sale = await returnableSale(request, token);
  const line = sale.items![0];
  const before = await apiGet<{ quantity: string }>(request, token, `stock/search-by-id/?id=${line.stock}`);

  await page.goto("/sale/sale-return/add");
  // Unknown invoice: the SPEC message.
  await page.getByRole("textbox", { name: "Sale Invoice No." }).fill("999999");
  await page.keyboard.press("Enter");
  await expect(page.getByText("Sale invoice not found")).toBeVisible();

  await startReturn(page, sale);
  await page.getByRole("button", { name: "Save", exact: true }).click();

  await expect(page).toHaveURL(/\/sale\/sale-return\/\d+\/view$/);
  await expect(page.getByTestId("document-print")).toContainText(line.item_name);
  const after = await apiGet<{ quantity: string }>(request, token, `stock/search-by-id/?id=${line.stock}`);
  expect(Number(after.quantity)).toBe(Number(before.quantity) + 1);
  const updated = await apiGet<SaleRow>(request, token, `sale/${sale.id}/`);
  expect(Number(updated.returned_amount)).toBeGreaterThan(0);
});

test("a return of a paid sale refunds the customer from a cashbox: the return prints the refund and the cashbox pays it out", async ({
  page,
  request,
}) => {
  const { token } = await signedIn(page, ADMIN);
  const sale = await returnableSale(request, token, true);
  const boxes = await apiGet<Paged<{ id: number; name: string; branch_name: string; currency_code: string; balance: string }>>(
    request,
    token,
    "accounting/cashbox/?page_size=100",
  );
  const box = boxes.results.find((b) => b.branch_name === sale.branch_name && b.currency_code === sale.currency_code);
  expect(box, "a cashbox of the sale's branch in its currency").toBeTruthy();

  await page.goto("/sale/sale-return/add");
  await startReturn(page, sale);
  const settlement = page.getByTestId("return-settlement");
  await settlement.getByText("Refund from a cashbox").click();
  await new DocumentFormPage(page).choose("Cashbox", `${box!.name} (${box!.currency_code})`);
  await page.getByRole("textbox", { name: "Refund amount" }).fill("1");
  await page.getByRole("button", { name: "Save", exact: true }).click();

  await expect(page).toHaveURL(/\/sale\/sale-return\/\d+\/view$/);
  const id = Number(/sale-return\/(\d+)\/view/.exec(page.url())![1]);
  await expect(page.getByTestId("document-print")).toContainText("Refund");
  await expect(page.getByTestId("document-print")).toContainText(box!.name);
  const saved = await apiGet<{ refund_amount: string | null; refund_cashbox: number | null }>(request, token, `sale-return/${id}/`);
  expect(Number(saved.refund_amount)).toBe(1);
  expect(saved.refund_cashbox).toBe(box!.id);
  const after = await apiGet<Paged<{ id: number; balance: string }>>(request, token, `accounting/cashbox/?page_size=100`);
  expect(Number(after.results.find((b) => b.id === box!.id)!.balance)).toBeCloseTo(Number(box!.balance) - 1, 2);
});
