import { expect, test } from "@playwright/test";
import { DocumentFormPage, FormPage } from "./support/pages";
import { keepPrintWindowsOpen, receiptPageSize } from "./support/print-windows";
import { signedIn } from "./support/session";
import { ADMIN, uniqueName } from "./support/users";

/** "1,234,567.89 IQD" -> 1234567.89 */
const amountOf = (text: string) => Number(text.replace(/[^\d.-]/g, ""));

test("a cashbox count shows its shift's Z report, previewed before counting, and prints it on an 80 mm roll", async ({ page }) => {
  test.setTimeout(180_000);
  await keepPrintWindowsOpen(page.context());
  const form = new FormPage(page);
  const pick = new DocumentFormPage(page);
  const shift = uniqueName("Z shift");
  await signedIn(page, ADMIN);

  await page.goto("/accounting/cashbox/count/add");
  await expect(page.getByRole("combobox", { name: /^Cashbox/ })).toBeVisible();
  await pick.choose("Cashbox", "Erbil Main IQD cashbox (IQD)");
  // The open shift's preview: opening, the kinds that moved money, the expected balance the figures show.
  const preview = page.getByTestId("z-report");
  await expect(preview.getByRole("row", { name: /^Expected/ })).toContainText("IQD", { timeout: 10_000 });
  const figures = page.getByTestId("count-figures");
  await expect(figures.locator("p").nth(1)).toContainText("IQD");
  const expected = amountOf(await figures.locator("p").nth(1).innerText());
  expect(amountOf(await preview.getByRole("row", { name: /^Expected/ }).innerText())).toBe(expected);
  await expect(preview.getByRole("button", { name: "Print Z report" })).toHaveCount(0);
  await form.fill({ Shift: shift, "Counted Cash": String(expected - 250) });
  await form.save();
  await expect(page).toHaveURL(/\/accounting\/cashbox\/count\/?$/);
  await page.getByRole("row").filter({ hasText: shift }).first().dblclick();
  await expect(page).toHaveURL(/\/accounting\/cashbox\/count\/\d+\/view\/?$/);

  const report = page.getByTestId("z-report");
  await expect(report.getByRole("row", { name: /^Opening/ })).toBeVisible();
  expect(amountOf(await report.getByRole("row", { name: /^Expected/ }).innerText())).toBe(expected);
  await expect(report.getByRole("row", { name: /^Difference/ })).toContainText("-250.00 IQD");

  const popup = page.waitForEvent("popup");
  await report.getByRole("button", { name: "Print Z report" }).click();
  const printed = await popup;
  await expect(printed.locator("body")).toContainText("Z Report");
  await expect(printed.locator("body")).toContainText(shift);
  await expect(printed.locator("body")).toContainText("-250.00 IQD");
  expect(await receiptPageSize(printed)).toMatch(/^80mm \d+mm$/);
});
