import { expect, test } from "@playwright/test";
import { DocumentFormPage, LoginPage, Shell } from "./support/pages";
import { ADMIN } from "./support/users";

/**
 * The purchase and stock screens in Arabic (right to left): labels translated, screenshots in
 * test-results for a look.
 */
test("purchase form and stock list in Arabic", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await new LoginPage(page).signIn(ADMIN);
  await new DocumentFormPage(page).open("/purchase/purchase/add");
  await new Shell(page).switchLanguage("العربية");
  await new Shell(page).expectRightToLeft();
  await expect(page.getByRole("textbox", { name: "امسح الباركود" })).toBeVisible();
  await expect(page.getByRole("radio", { name: "نقدي" })).toBeVisible();
  await page.screenshot({ path: "test-results/e2e/purchase-add-ar.png", fullPage: true });

  await page.goto("/purchase/purchase");
  await expect(page.getByRole("columnheader", { name: "حالة الدفع" }).first()).toBeVisible();
  await page.screenshot({ path: "test-results/e2e/purchase-list-ar.png", fullPage: true });

  await page.goto("/stock/stock");
  await expect(page.getByRole("row").nth(3)).toBeVisible();
  await page.screenshot({ path: "test-results/e2e/stock-list-ar.png", fullPage: true });
});
