import { expect, test, type APIRequestContext } from "@playwright/test";
import { apiGet, singleBatchRows } from "./support/offline";
import { type Paged, signedInWithDeviceCache } from "./support/session";
import { ADMIN, CASHIER } from "./support/users";

/**
 * A customer with a credit limit at the counter: the cashier picks them, the counter shows what they
 * owe and warns (without blocking) when the sale on account would take them past the limit; paid in
 * full in the Pay dialog, the warning is gone there.
 */

interface StockRow {
  id: number;
  item: { id: number; barcode: string | null; item_type: number };
  expired?: boolean;
}

async function apiPost<T>(request: APIRequestContext, token: string, path: string, data: Record<string, unknown>): Promise<T> {
  const answer = await request.post(`/api/${path}`, {
    data: { ...data, form_token: `1-${Date.now()}-${crypto.randomUUID()}` },
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(answer.ok(), `POST ${path}: ${await answer.text()}`).toBe(true);
  return (await answer.json()) as T;
}

test.use({ viewport: { width: 1280, height: 800 }, hasTouch: true });

test("the counter shows the customer's balance and warns past their credit limit", async ({ page, request }) => {
  test.setTimeout(180_000);
  const tokenOf = async (user: typeof ADMIN | typeof CASHIER) =>
    ((await (await request.post("/api/login/", { data: user })).json()) as { token: string }).token;
  const admin = await tokenOf(ADMIN);
  const cashierMe = await apiGet<{ default_branch_id: number | null; branches: { id: number }[] }>(
    request,
    await tokenOf(CASHIER),
    "user/me/",
  );
  const branchId = cashierMe.default_branch_id ?? cashierMe.branches[0].id;
  const currencies = await apiGet<{ id: number; code: string }[] | Paged<{ id: number; code: string }>>(request, admin, "currency/all/");
  const iqd = (Array.isArray(currencies) ? currencies : currencies.results).find((c) => c.code === "IQD")!.id;
  const name = `Limited ${Date.now()}`;
  const customer = await apiPost<{ id: number }>(request, admin, "customer/", { name, branch: branchId, credit_limit: "1000" });
  await apiPost(request, admin, "accounting/customer-debit-invoice/", {
    branch: branchId,
    currency: iqd,
    customer: customer.id,
    amount: "600",
    note: "e2e",
  });

  const { token, branch } = await signedInWithDeviceCache(page, CASHIER);
  const inventoryId = branch.inventories[0].id;
  const stock = await apiGet<Paged<StockRow>>(
    request,
    token,
    `stock/?inventory=${inventoryId}&quantity__gt=2&sale_price__gt=1000&page_size=200&ordering=id`,
  );
  const goods = stock.results.filter((row) => row.item.barcode && row.item.item_type !== 2 && !row.expired);
  const [picked] = await singleBatchRows(request, token, inventoryId, goods, 1);
  expect(picked).toBeTruthy();

  await page.goto("/sale/pos");
  const scan = page.locator("input[name=scan]");
  await expect(scan).toBeFocused({ timeout: 30_000 });
  await scan.pressSequentially(picked.item.barcode as string, { delay: 5 });
  await scan.press("Enter");
  await expect(page.getByTestId("counter-line")).toHaveCount(1, { timeout: 20_000 });

  const box = page.getByRole("combobox", { name: /^Customer/ });
  await box.click();
  await box.fill(name);
  await page.getByRole("option", { name, exact: true }).first().click();

  await expect(page.getByTestId("customer-balance")).toHaveText("Balance: 600 IQD", { timeout: 20_000 });
  await expect(page.getByTestId("customer-credit-limit")).toHaveText("Credit limit: 1,000 IQD");
  await expect(page.getByTestId("credit-limit-warning")).toContainText("past their credit limit of 1,000 IQD");
  // A warning, not a block.
  await expect(page.getByTestId("counter-pay")).toBeEnabled();

  await page.getByTestId("counter-pay").tap();
  const dialog = page.getByTestId("pay-dialog");
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId("credit-limit-warning")).toBeVisible();
  await dialog.locator("[data-testid^=quick-IQD-]").first().tap();
  await expect(dialog.getByTestId("pay-remaining")).toHaveText(/^0 /);
  await expect(dialog.getByTestId("credit-limit-warning")).toHaveCount(0);
});
