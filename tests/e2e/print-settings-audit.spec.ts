import { expect, test, type APIRequestContext } from "@playwright/test";
import { mkdirSync } from "node:fs";
import { apiGet } from "./support/offline";
import { type Paged, signedIn } from "./support/session";
import { ADMIN, uniqueName } from "./support/users";

/**
 * Print settings and the audit trail: the owner sets branch 2's print header and logo on
 * /setting/print; a sale of branch 2 shows them on screen and on its printed invoice; the sale
 * view's History panel shows who created it.
 */

const SHOTS = "/tmp/shots-settings";
// A 2x2 red PNG.
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==",
  "base64",
);

interface StockRow {
  id: number;
  quantity: string;
  sale_price: string;
  expired?: boolean;
  item: { item_type: number };
}

async function post<T>(request: APIRequestContext, token: string, path: string, body: unknown): Promise<T> {
  const answer = await request.post(`/api/${path}`, { headers: { Authorization: `Bearer ${token}` }, data: body });
  expect(answer.status(), path).toBe(201);
  return (await answer.json()) as T;
}

test("the owner's print header and logo for branch 2 print on its sale; the sale's history shows its creation", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  mkdirSync(SHOTS, { recursive: true });
  const { token, me } = await signedIn(page, ADMIN);
  const branch = me.branches[1];
  expect(branch, "the demo data has a second branch").toBeTruthy();
  const headerName = uniqueName("Suli Print");

  // Print Information: branch 2's tab, its name, phone, address and logo.
  await page.goto("/setting/print");
  await page.getByRole("tab", { name: branch.name }).click();
  const form = page.getByRole("form", { name: `Header of ${branch.name}` });
  await form.getByLabel("Name").fill(headerName);
  await form.getByLabel("Phone").fill("+964 770 123 4567");
  await form.getByLabel("Address").fill("Salim Street 12");
  await form.locator('input[type="file"]').setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: PNG });
  await expect(form.getByRole("img", { name: "Logo" })).toBeVisible();
  await form.getByRole("button", { name: "Save" }).click();
  const preview = page.getByRole("tabpanel").getByTestId("print-preview");
  await expect(preview).toContainText(headerName);
  await expect(preview.getByRole("img")).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/print-settings.png`, fullPage: true });

  // A sale of branch 2, made through the API.
  const inventory = branch.inventories[0].id;
  const stock = await apiGet<Paged<StockRow>>(request, token, `stock/?inventory=${inventory}&quantity__gt=1&page_size=50&ordering=id`);
  const row = stock.results.find((s) => !s.expired && s.item.item_type !== 2);
  expect(row, "branch 2 has goods in stock").toBeTruthy();
  const [customer] = (await apiGet<Paged<{ id: number }>>(request, token, `customer/?branch=${branch.id}&page_size=1`)).results;
  const currency = await apiGet<{ id: number }>(request, token, "currency/base-currency/");
  const sale = await post<{ id: number }>(request, token, "sale/", {
    branch: branch.id,
    inventory,
    customer: customer.id,
    currency: currency.id,
    payment_type: "debit",
    cashbox: null,
    paid_amount: "0",
    discount: "0",
    items: [{ stock: row!.id, quantity: "1", price: row!.sale_price }],
    form_token: `e2e-print-${Date.now()}`,
  });

  // Its view shows the header; its printout too, with the logo.
  await page.goto(`/sale/sale/${sale.id}/view`);
  const printable = page.getByTestId("document-print");
  await expect(printable).toContainText(headerName, { timeout: 30_000 });
  await expect(printable).toContainText("Salim Street 12");
  const popup = page.waitForEvent("popup");
  await page.getByRole("button", { name: "Print A4" }).click();
  const printWindow = await popup;
  await expect.poll(() => printWindow.content().catch(() => "")).toContain(headerName);
  const printed = await printWindow.content().catch(() => "");
  expect(printed).toContain("+964 770 123 4567");
  // The device keeps the logo as a JPEG data URL (SPEC: logoUrl) and prints from it; before that copy is made, from its media url.
  expect(printed).toMatch(/<img src="(data:image\/jpeg;base64,|[^"]*\/media\/[A-Za-z0-9_-]{22}\/)/);
  await printWindow.close().catch(() => undefined);

  // History: created by the owner.
  await page.getByRole("button", { name: "History" }).click();
  const entry = page.getByTestId("history-entry").first();
  await expect(entry).toContainText("Created");
  await expect(entry).toContainText(/admin/i);
  await expect(entry.getByTestId("audit-changes")).toContainText("Invoice No.");
  await page.screenshot({ path: `${SHOTS}/sale-history.png`, fullPage: true });

  // The audit screen lists the print header's change, old -> new.
  await page.goto("/setting/audit");
  await expect(page.getByRole("table").first()).toContainText(headerName, { timeout: 30_000 });
  await page.screenshot({ path: `${SHOTS}/audit.png`, fullPage: true });
});
