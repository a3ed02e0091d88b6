import { expect, test } from "@playwright/test";
import { apiGet, singleBatchRows } from "./support/offline";
import { type Paged, signedIn } from "./support/session";
import { CASHIER } from "./support/users";

/**
 * A sale at the counter: a cashier signs in, opens the sale screen, scans five barcodes
 * the way a keyboard-wedge scanner types them (fast keys, then Enter), takes cash, saves, and sees
 * the printable invoice with the right lines and total; the server holds the sale once, with the
 * stock of each line reduced by what was sold.
 */

interface StockRow {
  id: number;
  inventory: number;
  item: { id: number; barcode: string | null; name: string; item_type: number };
  quantity: string;
  sale_price: string;
  expired?: boolean;
}
interface SaleAnswer {
  id: number;
  invoice_no: number;
  total_price: string;
  net_price: string;
  paid_amount: string;
  payment_status: string;
  items: { stock: number; quantity: string; price: string }[];
}

const cents = (amount: string) => Math.round(Number(amount) * 100);

test("sale at the counter: five scans, cash, printable invoice; the server holds it once with the stock reduced", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { token, branch } = await signedIn(page, CASHIER);
  const inventoryId = branch.inventories[0].id;

  // Five in-stock goods of the inventory the sale screen opens on, each with one batch in stock.
  const stock = await apiGet<Paged<StockRow>>(request, token, `stock/?inventory=${inventoryId}&quantity__gt=1&page_size=200&ordering=id`);
  const goods = stock.results.filter((row) => row.item.barcode && row.item.item_type !== 2 && !row.expired);
  const picked = await singleBatchRows(request, token, inventoryId, goods, 5);
  expect(picked.length, "five in-stock barcodes in the demo data").toBe(5);
  const expectedTotal = picked.reduce((total, row) => total + cents(row.sale_price), 0);
  const salesBefore = (await apiGet<Paged<unknown>>(request, token, "sale/?page_size=25")).count;

  await page.goto("/sale/sale/add");
  const scan = page.getByRole("textbox", { name: "Scan barcode" });
  await expect(scan).toBeFocused();
  const lines = page.getByTestId("document-line");
  for (const [index, row] of picked.entries()) {
    // A scanner: the characters in a burst, then Enter; the field keeps focus for the next scan.
    await page.keyboard.type(row.item.barcode!, { delay: 5 });
    await page.keyboard.press("Enter");
    await expect(lines).toHaveCount(index + 1);
    await expect(scan).toBeFocused();
  }
  for (const row of picked) await expect(page.getByTestId("document-lines")).toContainText(row.item.name);
  await expect(page.getByTestId("document-totals").getByTestId("net")).toContainText(
    (expectedTotal / 100).toLocaleString("en-US", { minimumFractionDigits: 2 }),
  );

  // Cash is the default: paid = net. Pick a cashbox when the cashier has several for the branch and currency.
  await expect(page.getByRole("radio", { name: "Cash" })).toHaveAttribute("aria-checked", "true");
  const cashbox = page.getByRole("combobox", { name: "Cashbox" });
  if (await cashbox.isVisible()) {
    await cashbox.click();
    await page.getByRole("option").first().click();
  }
  await page.getByRole("button", { name: "Save", exact: true }).click();

  await expect(page).toHaveURL(/\/sale\/sale\/\d+\/view$/);
  const saleId = Number(/\/sale\/sale\/(\d+)\/view/.exec(page.url())![1]);
  const printable = page.getByTestId("document-print");
  await expect(printable.getByTestId("document-line")).toHaveCount(5);
  for (const row of picked) await expect(printable).toContainText(row.item.name);
  await expect(printable.getByTestId("net")).toContainText((expectedTotal / 100).toLocaleString("en-US", { minimumFractionDigits: 2 }));
  await expect(printable.getByTestId("payment-status")).toHaveText("Paid");
  await expect(page.getByRole("button", { name: "Print A4" })).toBeEnabled();
  await expect(page.getByRole("button", { name: "Print A5" })).toBeEnabled();

  // The server: one more sale, this one with the five lines, paid; each stock row down by one.
  const sale = await apiGet<SaleAnswer>(request, token, `sale/${saleId}/`);
  expect(cents(sale.total_price)).toBe(expectedTotal);
  expect(sale.payment_status).toBe("paid");
  expect(sale.items.map((l) => l.stock).sort()).toEqual(picked.map((r) => r.id).sort());
  expect((await apiGet<Paged<unknown>>(request, token, "sale/?page_size=25")).count).toBe(salesBefore + 1);
  for (const row of picked) {
    const after = await apiGet<StockRow>(request, token, `stock/search-by-id/?id=${row.id}`);
    expect(Number(after.quantity), row.item.name).toBe(Number(row.quantity) - 1);
  }
});
