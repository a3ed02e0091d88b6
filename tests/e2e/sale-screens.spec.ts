import { expect, test } from "@playwright/test";
import { Shell } from "./support/pages";
import { CASHIER } from "./support/users";
import { signedIn } from "./support/session";

/**
 * The sale screen in English and in Arabic (right to left): the scan field has focus, the labels
 * are translated, and screenshots of both land in test-results for a look.
 */
test("sale screen in English and Arabic", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signedIn(page, CASHIER);
  await page.goto("/sale/sale/add");
  await expect(page.getByRole("textbox", { name: "Scan barcode" })).toBeFocused();
  await expect(page.getByRole("radio", { name: "Cash" })).toBeVisible();
  await page.screenshot({ path: "test-results/e2e/sale-add-en.png", fullPage: true });

  await new Shell(page).switchLanguage("العربية");
  await new Shell(page).expectRightToLeft();
  await expect(page.getByRole("textbox", { name: "امسح الباركود" })).toBeVisible();
  await expect(page.getByRole("radio", { name: "نقدي" })).toBeVisible();
  await page.screenshot({ path: "test-results/e2e/sale-add-ar.png", fullPage: true });

  await page.goto("/sale/sale");
  await expect(page.getByRole("columnheader", { name: "حالة الدفع" }).first()).toBeVisible();
  await page.screenshot({ path: "test-results/e2e/sale-list-ar.png", fullPage: true });

  // A demo sale's printable view: the document as it prints, amount in words, print buttons.
  await page.getByRole("row").nth(2).dblclick();
  await expect(page).toHaveURL(/\/sale\/sale\/\d+\/view$/);
  await expect(page.getByTestId("amount-in-words")).toContainText(/دینار|دۆلار/);
  await expect(page.getByRole("button", { name: "طباعة A5" })).toBeEnabled();
  await page.screenshot({ path: "test-results/e2e/sale-view-ar.png", fullPage: true });
});
