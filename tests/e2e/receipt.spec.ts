import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { apiGet } from "./support/offline";
import { DocumentFormPage, FormPage, ListPage, Shell } from "./support/pages";
import { type Paged, signedIn } from "./support/session";
import { ADMIN } from "./support/users";

/** Signed in as the admin with a new customer of the admin's branch, its IQD cashbox, and a POST that expects 201. */
async function newCustomerWorld(page: Page, request: APIRequestContext, prefix: string) {
  const { token, branch } = await signedIn(page, ADMIN);
  const post = async <T>(path: string, body: Record<string, unknown>): Promise<T> => {
    const answer = await request.post(`/api/${path}`, {
      headers: { Authorization: `Bearer ${token}` },
      data: { ...body, form_token: `e2e-${path}-${Date.now()}-${Math.random()}` },
    });
    expect(answer.status(), path).toBe(201);
    return (await answer.json()) as T;
  };
  const customerName = `${prefix} ${Date.now()}`;
  const customer = await post<{ id: number }>("customer/", { name: customerName, branch: branch.id });
  const iqd = (
    await apiGet<{ id: number; branch: number; currency: number; currency_code: string; name: string }[]>(
      request,
      token,
      "accounting/cashbox/all/",
    )
  ).find((c) => c.branch === branch.id && c.currency_code === "IQD")!;
  return { token, branch, post, customerName, customer, iqd };
}

/** A new receipt of the customer into the cashbox for the amount, with its invoices to be chosen. */
async function receiptChoosingInvoices(page: Page, branch: string, customerName: string, cashbox: string, amount: string) {
  await page.goto("/accounting/receipt/add");
  const pick = new DocumentFormPage(page);
  await expect(page.getByRole("combobox", { name: "Customer" })).toBeVisible();
  await pick.choose("Branch", branch);
  await pick.choose("Customer", customerName);
  await pick.choose("Cashbox", `${cashbox} (IQD)`);
  await new FormPage(page).fill({ Amount: amount });
  await page.getByText("Choose the sales and debit invoices it settles").click();
}

test("admin takes a receipt from a customer: the server settles the oldest open sale, the view shows it and prints", async ({ page }) => {
  const list = new ListPage(page, "/accounting/receipt", "accounting/receipt/");
  const form = new FormPage(page);
  const pick = new DocumentFormPage(page);
  const note = `E2E receipt ${Date.now()}`;

  await signedIn(page, ADMIN);
  await list.goto();
  await list.expectOpen();
  // The demo has receipts already.
  await expect(page.getByRole("row").filter({ hasText: "Demo receipt" }).first()).toBeVisible();

  await list.addButton().click();
  await expect(page).toHaveURL(/\/accounting\/receipt\/add\/?$/);
  // Wait for the lazily loaded form: choose() skips a select that is not shown (a single choice hidden).
  await expect(page.getByRole("combobox", { name: "Customer" })).toBeVisible();
  await pick.choose("Branch", "Erbil Main");
  await pick.choose("Customer", "Aram Market");
  await pick.choose("Cashbox", "Erbil Main IQD cashbox (IQD)");
  await form.fill({ Amount: "1000", Note: note });
  const created = page.waitForResponse((r) => r.request().method() === "POST" && r.url().endsWith("/api/accounting/receipt/"));
  await form.save();
  const answer = await created;
  expect(answer.status()).toBe(201);
  const receipt = (await answer.json()) as { id: number; receipt_no: number; allocations: { sale: number }[] };
  // Saved online, the receipt opens in its view, to print it for the customer.
  await expect(page).toHaveURL(new RegExp(`/accounting/receipt/${receipt.id}/view/?$`));
  await list.goto();
  await list.expectOpen();

  await list.filterBy("Note", note);
  await expect(list.rows(note)).toHaveCount(1);
  await list.openForEdit(note);
  await expect(page).toHaveURL(new RegExp(`/accounting/receipt/${receipt.id}/view/?$`));
  // The view reads the number with its branch's short code (Erbil Main is ERB in the demo).
  await expect(page.getByText(`Receipt #ERB-${receipt.receipt_no}`)).toBeVisible();
  await expect(page.getByText("Aram Market")).toBeVisible();
  if (receipt.allocations.length > 0) {
    await expect(page.getByRole("table", { name: "Settled invoices" })).toBeVisible();
  }
  const popup = page.waitForEvent("popup");
  await page.getByRole("button", { name: "Print A4" }).click();
  const printed = await popup;
  await expect(printed.locator("body")).toContainText("Aram Market");
});

test("a receipt that picks the newer of two sales settles that one; the installment schedule names the receipt", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { token, branch, post, customerName, customer, iqd } = await newCustomerWorld(page, request, "Picking customer");
  const [service] = (await apiGet<Paged<{ id: number }>>(request, token, "item/?item_type=2&page_size=1")).results;
  const sale = (date: string, extra: Record<string, unknown> = {}) =>
    post<{ id: number; invoice_no: number }>("sale/", {
      branch: branch.id,
      inventory: branch.inventories[0].id,
      customer: customer.id,
      currency: iqd.currency,
      payment_type: "debit",
      paid_amount: "0",
      discount: "0",
      input_date: date,
      items: [{ item: service.id, price: "9000" }],
      ...extra,
    });
  const older = await sale("2026-10-01");
  const newer = await sale("2026-10-05", {
    is_premium: true,
    months_count: 3,
    premium_receipt_amount: "3000",
    receipt_frequency: "monthly",
    next_receipt_date: "2026-11-01",
  });

  await receiptChoosingInvoices(page, branch.name, customerName, iqd.name, "4000");
  const open = page.getByRole("table", { name: "Open invoices" });
  await expect(open.getByRole("row")).toHaveCount(3);
  await page.getByRole("textbox", { name: `Amount for invoice ${newer.invoice_no}` }).fill("4000");
  const created = page.waitForResponse((r) => r.request().method() === "POST" && r.url().endsWith("/api/accounting/receipt/"));
  await page.getByRole("button", { name: "Save", exact: true }).click();
  const answer = await created;
  expect(answer.status()).toBe(201);
  const receipt = (await answer.json()) as { id: number; invoice_no: number; allocations: { sale: number; amount: string }[] };
  expect(receipt.allocations.map((a) => [a.sale, a.amount])).toEqual([[newer.id, "4000.00"]]);
  expect((await apiGet<{ payment_status: string }>(request, token, `sale/${older.id}/`)).payment_status).toBe("unpaid");

  await page.goto(`/sale/sale/${newer.id}/view`);
  // The schedule of receipts (shown and printed) names the receipt against the instalments it covered.
  const rows = page.getByRole("table").filter({ hasText: "Covered by" }).getByRole("row");
  await expect(rows).toHaveCount(4);
  await expect(rows.nth(1)).toContainText(`Receipt #${receipt.invoice_no}`);
  await expect(rows.nth(2)).toContainText(`Receipt #${receipt.invoice_no}`);
  await expect(rows.nth(3)).not.toContainText("Receipt #");
  await new Shell(page).switchLanguage("العربية");
  await new Shell(page).expectRightToLeft();
  await page.screenshot({ path: `${process.env.E2E_SHOTS_DIR ?? "/tmp/shots-acctoff"}/sale-installments-covered-ar.png`, fullPage: true });
  await new Shell(page).switchLanguage("English");
});

test("a receipt picks a customer debit invoice: its list and view show Partial Paid and the receipt", async ({ page, request }) => {
  test.setTimeout(120_000);
  const { branch, post, customerName, customer, iqd } = await newCustomerWorld(page, request, "Fee customer");
  const fee = await post<{ id: number; invoice_no: number }>("accounting/customer-debit-invoice/", {
    branch: branch.id,
    customer: customer.id,
    currency: iqd.currency,
    amount: "6000",
    note: "Delivery fee",
  });

  await receiptChoosingInvoices(page, branch.name, customerName, iqd.name, "2500");
  await expect(page.getByRole("table", { name: "Open invoices" }).getByRole("row")).toHaveCount(2);
  await page.getByRole("button", { name: "Fill oldest first" }).click();
  await expect(page.getByRole("textbox", { name: `Amount for debit invoice ${fee.invoice_no}` })).toHaveValue(/2,?500/);
  const created = page.waitForResponse((r) => r.request().method() === "POST" && r.url().endsWith("/api/accounting/receipt/"));
  await page.getByRole("button", { name: "Save", exact: true }).click();
  const receipt = (await (await created).json()) as { invoice_no: number; allocations: { debit_invoice?: number; amount: string }[] };
  expect(receipt.allocations.map((a) => [a.debit_invoice, a.amount])).toEqual([[fee.id, "2500.00"]]);

  const list = new ListPage(page, "/accounting/customer-debit-invoice", "accounting/customer-debit-invoice/");
  await list.goto();
  await list.filterBy("Customer", customerName);
  await expect(list.rows(customerName)).toHaveCount(1);
  await expect(list.rows(customerName).getByText("Partial Paid")).toBeVisible();
  await page.goto(`/accounting/customer-debit-invoice/${fee.id}/view`);
  await expect(page.getByTestId("payment-status")).toHaveText("Partial Paid");
  await expect(page.getByRole("table", { name: "Receipts that settled it" })).toContainText(`#${receipt.invoice_no}`);
  await expect(page.getByRole("button", { name: "Edit" })).toHaveCount(0);
  await new Shell(page).switchLanguage("العربية");
  await page.screenshot({
    path: `${process.env.E2E_SHOTS_DIR ?? "/tmp/shots-acctdebit"}/customer-debit-invoice-paid-ar.png`,
    fullPage: true,
  });
  await new Shell(page).switchLanguage("English");
});
