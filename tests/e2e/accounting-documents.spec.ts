import { mkdirSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { DocumentFormPage, FormPage, ListPage, Shell } from "./support/pages";
import { ADMIN, uniqueName } from "./support/users";
import { signedIn } from "./support/session";

const SHOTS = process.env.E2E_SHOTS_DIR ?? "/tmp/shots-accounting";

/** "1,234,567.89 IQD" -> 1234567.89 */
const amountOf = (text: string) => Number(text.replace(/[^\d.-]/g, ""));

test("admin converts dollars into dinars at the latest rate and counts a cashbox at the end of a shift", async ({ page }) => {
  test.setTimeout(180_000);
  mkdirSync(SHOTS, { recursive: true });
  const form = new FormPage(page);
  const pick = new DocumentFormPage(page);
  const note = uniqueName("E2E conversion");
  const conversions = new ListPage(page, "/accounting/cashbox/money-conversion", "accounting/money-conversion/");

  await signedIn(page, ADMIN);
  await page.goto("/accounting/cashbox/money-conversion/add");
  await expect(page.getByRole("combobox", { name: /^From Cashbox/ })).toBeVisible();
  await pick.choose("From Cashbox", "Erbil Main USD cashbox (USD)");
  await pick.choose("To Cashbox", "Erbil Main IQD cashbox (IQD)");
  // The demo's latest dollar rate is 1320: proposed, and the amount in follows the amount out.
  await expect(page.getByRole("textbox", { name: "Exchange Rate", exact: true })).toHaveValue(/^1,?320/);
  await form.fill({ "Amount Out": "10", Note: note });
  await expect(page.getByTestId("amount-in")).toContainText("13,200.00 IQD");
  await form.save();
  await conversions.expectOpen();
  await conversions.filterBy("Note", note);
  await expect(conversions.rows(note)).toHaveCount(1);
  await conversions.openForEdit(note);
  await expect(page).toHaveURL(/\/accounting\/cashbox\/money-conversion\/\d+\/view\/?$/);
  await expect(page.getByTestId("document-fields")).toContainText("13,200.00 IQD");

  // The evening count: the ledger's balance is shown, 1,000 less is counted, the shortage is booked.
  await page.goto("/accounting/cashbox/count/add");
  await expect(page.getByRole("combobox", { name: /^Cashbox/ })).toBeVisible();
  await pick.choose("Cashbox", "Erbil Main IQD cashbox (IQD)");
  const figures = page.getByTestId("count-figures");
  await expect(figures.locator("p").nth(1)).toContainText("IQD", { timeout: 10_000 });
  const expected = amountOf(await figures.locator("p").nth(1).innerText());
  await form.fill({ Shift: "Evening", "Counted Cash": String(expected - 1000) });
  await expect(figures).toContainText("-1,000.00 IQD");
  await form.save();
  await expect(page).toHaveURL(/\/accounting\/cashbox\/count\/?$/);
  await expect(page.getByRole("row").filter({ hasText: "Evening" }).first()).toContainText("-1,000.00");
  await page.getByRole("row").filter({ hasText: "Evening" }).first().dblclick();
  await expect(page).toHaveURL(/\/accounting\/cashbox\/count\/\d+\/view\/?$/);
  await page.getByRole("link", { name: /Booked as cashbox adjustment/ }).click();
  await expect(page).toHaveURL(/\/accounting\/cashbox\/adjustment\/\d+\/view\/?$/);
  await expect(page.getByTestId("document-fields")).toContainText("Cashbox count: Evening");

  // Every new screen in Arabic, right to left.
  await new Shell(page).switchLanguage("العربية");
  await new Shell(page).expectRightToLeft();
  for (const [name, path] of [
    ["conversion", "/accounting/cashbox/money-conversion"],
    ["adjustment", "/accounting/cashbox/adjustment"],
    ["count", "/accounting/cashbox/count"],
    ["capital", "/accounting/capital"],
    ["supplier-debit-invoice", "/accounting/supplier-debit-invoice"],
    ["customer-debit-invoice", "/accounting/customer-debit-invoice"],
  ] as const)
    await shootScreens(page, name, path);
});

/** The list, the view of its newest document with its History open, and the add form, in the shown language. */
async function shootScreens(page: Page, name: string, path: string): Promise<void> {
  await page.goto(path);
  // A row with a date: loaded data, not the filter row or the loading skeleton.
  const newest = page
    .getByRole("row")
    .filter({ hasText: /\d{2}\/\d{2}\/\d{4}/ })
    .first();
  await expect(newest).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/${name}-list-ar.png`, fullPage: true });
  await newest.dblclick();
  await expect(page).toHaveURL(/\/\d+\/view\/?$/);
  await page.getByRole("button", { name: "السجل" }).click();
  await expect(page.getByTestId("history-panel").getByRole("button", { name: "السجل" })).toHaveAttribute("aria-expanded", "true");
  await page.screenshot({ path: `${SHOTS}/${name}-view-ar.png`, fullPage: true, animations: "disabled" });
  await page.goto(`${path}/add`);
  await expect(page.getByRole("button", { name: "حفظ" })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/${name}-form-ar.png`, fullPage: true });
}
