import { expect, test, type Locator } from "@playwright/test";
import { LoginPage, Pagination, Shell } from "./support/pages";
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
  const english = new Pagination(page, "en");
  await expect(english.next()).toBeVisible();
  expect(await iconScaleX(english.next())).toBe(1);
  expect(await iconScaleX(english.previous())).toBe(1);

  await shell.switchLanguage("العربية");
  await shell.expectRightToLeft();
  await shell.expectSidebarInArabic();

  // Right to left: "next" points left, "previous" right, the back arrow right, log out's arrow left.
  const arabic = new Pagination(page, "ar");
  await expect(arabic.next()).toBeVisible();
  expect(await iconScaleX(arabic.next())).toBe(-1);
  expect(await iconScaleX(arabic.previous())).toBe(-1);
  await page.goto("/stock/print-stock");
  const back = page.getByRole("button", { name: "رجوع", exact: true });
  await expect(back).toBeVisible();
  expect(await iconScaleX(back)).toBe(-1);
  await shell.userMenu().click();
  expect(await iconScaleX(page.getByRole("menuitem", { name: "تسجيل الخروج" }))).toBe(-1);
});

test("Central Kurdish is right to left too: the pagination chevrons mirror", async ({ page }) => {
  await new LoginPage(page).signIn(ADMIN);
  await page.goto("/stock/item-group");
  await new Shell(page).switchLanguage("کوردی");
  await new Shell(page).expectRightToLeft();
  const kurdish = new Pagination(page, "ckb");
  await expect(kurdish.next()).toBeVisible();
  expect(await iconScaleX(kurdish.next())).toBe(-1);
  expect(await iconScaleX(kurdish.previous())).toBe(-1);
});
