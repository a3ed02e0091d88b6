import { expect, test, type Locator } from "@playwright/test";
import { LoginPage, Shell } from "./support/pages";
import { ADMIN } from "./support/users";

/** The horizontal scale of a control's icon: -1 when mirrored, 1 when not. */
const iconScaleX = (control: Locator) =>
  control.locator("svg").evaluate((svg) => {
    const transform = getComputedStyle(svg).transform;
    return transform === "none" ? 1 : new DOMMatrixReadOnly(transform).a;
  });

test("admin switches the interface to Arabic, right to left", async ({ page }) => {
  await new LoginPage(page).signIn(ADMIN);
  const shell = new Shell(page);

  // Left to right: the chevrons and the back arrow point the way they are drawn.
  await page.goto("/stock/item-group");
  await expect(page.getByRole("button", { name: "Next page" })).toBeVisible();
  expect(await iconScaleX(page.getByRole("button", { name: "Next page" }))).toBe(1);
  expect(await iconScaleX(page.getByRole("button", { name: "Previous page" }))).toBe(1);

  await shell.switchLanguage("العربية");
  await shell.expectRightToLeft();
  await shell.expectSidebarInArabic();

  // Right to left: "next" points left, "previous" right, the back arrow right, log out's arrow left.
  await expect(page.getByRole("button", { name: "الصفحة التالية" })).toBeVisible();
  expect(await iconScaleX(page.getByRole("button", { name: "الصفحة التالية" }))).toBe(-1);
  expect(await iconScaleX(page.getByRole("button", { name: "الصفحة السابقة" }))).toBe(-1);
  await page.goto("/stock/print-stock");
  const back = page.getByRole("button", { name: "رجوع", exact: true });
  await expect(back).toBeVisible();
  expect(await iconScaleX(back)).toBe(-1);
  await shell.userMenu().click();
  expect(await iconScaleX(page.getByRole("menuitem", { name: "تسجيل الخروج" }))).toBe(-1);
});
