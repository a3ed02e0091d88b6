import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { addDays, format } from "date-fns";
import { DocumentFormPage } from "./support/pages";
import { signedIn } from "./support/session";
import { ADMIN } from "./support/users";

/**
 * The date fields' calendar is the app's own: its weeks start on Sunday even in a browser whose locale
 * starts them on Monday, it is worked with the keyboard, screen readers can name it (axe finds nothing
 * serious in it), and the day picked fills the field as typed dates do.
 */
test.use({ locale: "de-DE" });

test("the calendar opens from a date field, weeks from Sunday, and Enter on a day fills the field", async ({ page }) => {
  await signedIn(page, ADMIN);
  const form = new DocumentFormPage(page);
  await form.open("/sale/sale-quotation/add");
  const date = form.date();
  await date.fill("18/11/2026");
  await date.locator("..").getByRole("button", { name: "Open calendar" }).click();

  const calendar = page.getByRole("grid");
  await expect(calendar).toBeVisible();
  await expect(calendar.getByRole("columnheader").first()).toHaveAttribute("abbr", "Sunday");
  await expect(page.getByRole("button", { name: "Wednesday, November 18, 2026" })).toBeFocused();

  const { violations } = await new AxeBuilder({ page })
    .include('[data-testid="date-calendar"]')
    .options({ resultTypes: ["violations"] })
    .analyze();
  expect(violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);

  // A week on, then a day back: Tuesday the 24th.
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowLeft");
  await expect(page.getByRole("button", { name: "Tuesday, November 24, 2026" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(calendar).toHaveCount(0);
  await expect(date).toHaveValue("24/11/2026");

  // Escape closes it and keeps the date (after a look at December).
  await date.locator("..").getByRole("button", { name: "Open calendar" }).click();
  await page.getByRole("button", { name: "Next month" }).click();
  await expect(page.getByText("December 2026")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("grid")).toHaveCount(0);
  await expect(date).toHaveValue("24/11/2026");

  // Today is marked, and the field starts from it on a new form.
  const today = new Date();
  await form.open("/sale/sale-quotation/add");
  await expect(form.date()).toHaveValue(format(today, "dd/MM/yyyy"));
  await form.date().locator("..").getByRole("button", { name: "Open calendar" }).click();
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("Enter");
  await expect(form.date()).toHaveValue(format(addDays(today, 1), "dd/MM/yyyy"));
});
