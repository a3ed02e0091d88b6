import { expect, test, type Page } from "@playwright/test";
import { apiGet, gotoOffline, storeRows } from "./support/offline";
import { DocumentFormPage, FormPage, Shell } from "./support/pages";
import { type Paged, signedInWithDeviceCache } from "./support/session";
import { ADMIN } from "./support/users";

/**
 * A receipt keyed offline: a customer owes one credit sale; offline, the admin keys
 * a receipt for it: "Saved, will sync", it waits in the receipt list under a provisional number and
 * the cashbox list shows the balance with it. Back online the outbox sends it once: the server has
 * one receipt of that note and the sale is Paid. A screenshot of the pending receipt list in Arabic.
 */

const SHOTS = process.env.E2E_SHOTS_DIR ?? "/tmp/shots-acctoff";

/** A route change inside the running app (the router follows popstate), so the page stays offline as it is. */
async function navigateInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState({}, "", to);
    window.dispatchEvent(new PopStateEvent("popstate"));
  }, path);
  await expect(page).toHaveURL(new RegExp(`${path}$`));
}

test("a receipt keyed offline against a sale syncs once and the sale turns Paid", async ({ page, context, request }) => {
  test.setTimeout(240_000);
  const { token, branch } = await signedInWithDeviceCache(page, ADMIN);
  const post = async <T>(path: string, body: Record<string, unknown>): Promise<T> => {
    const answer = await request.post(`/api/${path}`, {
      headers: { Authorization: `Bearer ${token}` },
      data: { ...body, form_token: `e2e-${path}-${Date.now()}-${Math.random()}` },
    });
    expect(answer.status(), path).toBe(201);
    return (await answer.json()) as T;
  };
  const stamp = Date.now();
  const customerName = `Offline receipt customer ${stamp}`;
  const customer = await post<{ id: number }>("customer/", { name: customerName, branch: branch.id });
  const [service] = (await apiGet<Paged<{ id: number }>>(request, token, "item/?item_type=2&page_size=1")).results;
  const cashboxes = await apiGet<{ id: number; name: string; branch: number; currency: number; currency_code: string }[]>(
    request,
    token,
    "accounting/cashbox/all/",
  );
  const cashbox = cashboxes.find((c) => c.branch === branch.id && c.currency_code === "IQD")!;
  const sale = await post<{ id: number; payment_status: string }>("sale/", {
    branch: branch.id,
    inventory: branch.inventories[0].id,
    customer: customer.id,
    currency: cashbox.currency,
    payment_type: "debit",
    paid_amount: "0",
    discount: "0",
    items: [{ item: service.id, price: "25000" }],
  });
  expect(sale.payment_status).toBe("unpaid");
  // The device caches the new customer (the offline customer selector reads the cache).
  await page.reload();
  await expect
    .poll(async () => (await storeRows<{ name: string }>(page, "customer")).some((c) => c.name === customerName), { timeout: 60_000 })
    .toBe(true);

  const note = `E2E offline receipt ${stamp}`;
  // Offline from here on. Transfers need the network: the Add button says why.
  await gotoOffline(page, context, "/accounting/cashbox/transfer");
  await expect(page.getByTestId("add-needs-network")).toBeVisible({ timeout: 30_000 });

  // Within the app from now (a new document would see the network flicker back on: gotoOffline).
  await navigateInApp(page, "/accounting/receipt/add");
  const pick = new DocumentFormPage(page);
  await expect(page.getByRole("combobox", { name: "Customer" })).toBeVisible({ timeout: 30_000 });
  await pick.choose("Branch", branch.name);
  await pick.choose("Customer", customerName);
  await pick.choose("Cashbox", `${cashbox.name} (IQD)`);
  await new FormPage(page).fill({ Amount: "25000", Note: note });
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Saved, will sync").first()).toBeVisible();
  await expect(page).toHaveURL(/\/accounting\/receipt$/);
  const pending = page.getByTestId("pending-money-document").filter({ hasText: note });
  await expect(pending).toHaveCount(1);
  await expect(pending).toContainText(customerName);
  await expect(pending).toContainText("25,000");
  expect((await storeRows<{ resource: string }>(page, "outbox")).filter((e) => e.resource === "accounting/receipt/")).toHaveLength(1);

  // The cashbox list opens offline and counts what waits.
  await navigateInApp(page, "/accounting/cashbox");
  await expect(page.getByRole("row").filter({ hasText: cashbox.name }).getByText("incl. pending")).toBeVisible({ timeout: 30_000 });

  await navigateInApp(page, "/accounting/receipt");
  await new Shell(page).switchLanguage("العربية");
  await new Shell(page).expectRightToLeft();
  await expect(page.getByTestId("pending-money-document").filter({ hasText: note })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/receipt-offline-pending-ar.png`, fullPage: true });

  await context.setOffline(false);
  await expect.poll(async () => (await storeRows<unknown>(page, "outbox")).length, { timeout: 60_000 }).toBe(0);
  const booked = await apiGet<Paged<{ id: number }>>(request, token, `accounting/receipt/?note=${encodeURIComponent(note)}`);
  expect(booked.count).toBe(1);
  expect((await apiGet<{ payment_status: string }>(request, token, `sale/${sale.id}/`)).payment_status).toBe("paid");
  await expect(page.getByTestId("pending-money-document")).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/receipt-offline-synced-ar.png`, fullPage: true });
  await new Shell(page).switchLanguage("English");
});
