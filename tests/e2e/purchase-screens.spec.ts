import { expect, test } from "@playwright/test";
import { DocumentFormPage, Shell } from "./support/pages";
import { ADMIN } from "./support/users";
import { signedIn } from "./support/session";

/**
 * The purchase and stock screens in Arabic (right to left): labels translated, screenshots in
 * test-results for a look.
 */
test("purchase form and stock list in Arabic", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signedIn(page, ADMIN);
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

test("the supplier form's branches open on a mouse click, right after leaving an empty required field", async ({ page }) => {
  await signedIn(page, ADMIN);
  await page.goto("/purchase/supplier/add");
  // Leaving the empty name shows its error on the press, which moved the trigger from under the mouse.
  await page.getByRole("textbox", { name: "Name" }).focus();
  await page.getByRole("button", { name: "Branches" }).click();
  const list = page.getByRole("listbox", { name: "Branches" });
  await list.getByText("Sulaymaniyah", { exact: true }).click();
  // Its own option is ticked (inside the form's field every option's input had one id: the first was ticked).
  await expect(list.getByRole("checkbox", { name: "Sulaymaniyah" })).toBeChecked();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("button", { name: "Branches" })).toContainText("Sulaymaniyah");
});
