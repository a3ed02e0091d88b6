import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { apiGet, gotoOffline, interceptReplay, storeRows } from "./support/offline";
import { signedInWithDeviceCache, type Paged } from "./support/session";
import { ADMIN } from "./support/users";

/**
 * Documents offline: a sale and a quotation viewed online open offline by their address,
 * and so does the sale's extra-material screen, from the copy the device kept; one never viewed
 * says it is not available offline. A quotation conversion queued offline that the server refuses
 * shows as needing attention, not converted, on the quotation and on the pending sale, with the
 * server's message and the way to the sync panel.
 *
 * Accessible names: sale-view.tsx, sale-extra.tsx ("Scan material"), sale-quotation-view.tsx
 * ("Convert to sale", "Open the sale"), offline/attention-note.tsx ("Open the sync panel").
 */

interface SaleRow {
  id: number;
  invoice_no: number;
  payment_status: string;
}
interface QuotationRow {
  id: number;
  invoice_no: number;
  converted_sale_id: number | null;
}

const REFUSAL = "Quantity is greater than stock quantity";

async function unpaidSales(request: APIRequestContext, token: string): Promise<SaleRow[]> {
  const sales = (await apiGet<Paged<SaleRow>>(request, token, "sale/?page_size=100")).results.filter((s) => s.payment_status !== "paid");
  expect(sales.length, "the demo data has two unpaid sales").toBeGreaterThanOrEqual(2);
  return sales;
}

async function openQuotation(request: APIRequestContext, token: string): Promise<QuotationRow> {
  const quotation = (await apiGet<Paged<QuotationRow>>(request, token, "sale-quotation/?page_size=100")).results.find(
    (q) => !q.converted_sale_id,
  );
  expect(quotation, "the demo data has a quotation not converted").toBeTruthy();
  return quotation as QuotationRow;
}

/** Opens a view online and waits until the device has kept its copy. */
async function viewOnline(page: Page, url: string, apiPath: string): Promise<void> {
  await page.goto(url);
  await expect(page.getByTestId("document-print")).toBeVisible({ timeout: 30_000 });
  await expect.poll(async () => (await storeRows<{ path: string }>(page, "viewed_record")).some((row) => row.path === apiPath)).toBe(true);
}

test("a sale and a quotation viewed online open offline by their address, the extra screen too; one never viewed says so", async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(180_000);
  const { token } = await signedInWithDeviceCache(page, ADMIN);
  const [sale, unseen] = await unpaidSales(request, token);
  const quotation = await openQuotation(request, token);
  await viewOnline(page, `/sale/sale/${sale.id}/view`, `sale/${sale.id}/`);
  await viewOnline(page, `/sale/sale-quotation/${quotation.id}/view`, `sale-quotation/${quotation.id}/`);

  await context.setOffline(true);
  await page.goto(`/sale/sale/${sale.id}/extra`);
  await expect(page.getByText(`Extra Sale Material: invoice ${sale.invoice_no}`)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole("textbox", { name: "Scan material" })).toBeVisible();

  await page.goto(`/sale/sale-quotation/${quotation.id}/view`);
  await expect(page.getByTestId("document-number")).toContainText(String(quotation.invoice_no), { timeout: 30_000 });

  await page.goto(`/sale/sale/${sale.id}/view`);
  await expect(page.getByTestId("document-number")).toContainText(String(sale.invoice_no), { timeout: 30_000 });

  for (const url of [`/sale/sale/${unseen.id}/view`, `/sale/sale/${unseen.id}/extra`]) {
    await gotoOffline(page, context, url);
    await expect(page.getByText("This record is not available offline"), url).toBeVisible({ timeout: 30_000 });
  }
  await context.setOffline(false);
});

test("a conversion queued offline and refused by the server: needs attention on the pending sale and the quotation, not converted", async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(180_000);
  const { token } = await signedInWithDeviceCache(page, ADMIN);
  const quotation = await openQuotation(request, token);
  // The server refuses the conversion when it is replayed (as it would once the stock was sold meanwhile).
  const restore = await interceptReplay(page, (path) => path === `sale-quotation/${quotation.id}/convert/`, {
    status: 400,
    body: { message: REFUSAL },
  });
  await page.goto(`/sale/sale-quotation/${quotation.id}/view`);
  await expect(page.getByTestId("document-print")).toBeVisible({ timeout: 30_000 });

  // Converted offline: a pending sale.
  await context.setOffline(true);
  await page.getByRole("button", { name: "Convert to sale" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("radio", { name: "Debit" }).click();
  await dialog.getByRole("button", { name: "Convert to sale" }).click();
  const badge = page.getByTestId("pending-badge");
  await expect(badge).toHaveText("Pending sync");
  await expect(page).toHaveURL(/\/sale\/sale\/pending-\d+\/view/);

  // Back online, the replay is refused: the pending sale needs attention, with the server's message.
  await context.setOffline(false);
  await expect(badge).toHaveText("Needs attention", { timeout: 60_000 });
  const note = page.getByTestId("attention-note");
  await expect(note).toContainText(REFUSAL);
  await note.getByRole("button", { name: "Open the sync panel" }).click();
  const panel = page.getByRole("dialog").getByTestId("sync-panel");
  await expect(panel.getByTestId("outbox-attention-item")).toContainText(REFUSAL);
  await page.keyboard.press("Escape");
  await expect(panel).toBeHidden();

  // The quotation is not converted: it says the conversion needs attention, and no sale opens from it.
  await page.goto(`/sale/sale-quotation/${quotation.id}/view`);
  await expect(page.getByTestId("conversion-attention")).toHaveText("Conversion needs attention");
  await expect(page.getByTestId("attention-note")).toContainText(REFUSAL);
  await expect(page.getByRole("button", { name: "Open the sale" })).toBeHidden();
  await expect(page.getByRole("button", { name: "Convert to sale" })).toBeHidden();
  expect((await apiGet<QuotationRow>(request, token, `sale-quotation/${quotation.id}/`)).converted_sale_id).toBeNull();

  // Discarded in the sync panel: the quotation can be converted again.
  await page.getByRole("button", { name: "Open the sync panel" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Discard" }).click();
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("conversion-attention")).toBeHidden();
  await expect(page.getByRole("button", { name: "Convert to sale" })).toBeVisible();
  await restore();
});
