import { expect, test } from "@playwright/test";
import { DocumentFormPage, FormPage, ListPage, LoginPage } from "./support/pages";
import { ADMIN } from "./support/users";

test("admin takes a receipt from a customer: the server settles the oldest open sale, the view shows it and prints", async ({ page }) => {
  const list = new ListPage(page, "/accounting/receipt", "accounting/receipt/");
  const form = new FormPage(page);
  const pick = new DocumentFormPage(page);
  const note = `E2E receipt ${Date.now()}`;

  await new LoginPage(page).signIn(ADMIN);
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
  await list.expectOpen();

  await list.filterBy("Note", note);
  await expect(list.rows(note)).toHaveCount(1);
  await list.openForEdit(note);
  await expect(page).toHaveURL(new RegExp(`/accounting/receipt/${receipt.id}/view/?$`));
  await expect(page.getByText(`Receipt #${receipt.receipt_no}`)).toBeVisible();
  await expect(page.getByText("Aram Market")).toBeVisible();
  if (receipt.allocations.length > 0) {
    await expect(page.getByRole("table", { name: "Settled invoices" })).toBeVisible();
  }
  const popup = page.waitForEvent("popup");
  await page.getByRole("button", { name: "Print A4" }).click();
  const printed = await popup;
  await expect(printed.locator("body")).toContainText("Aram Market");
});
