import { mkdirSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { FormPage, LoginPage, NotFoundPage, Shell } from "./support/pages";
import { apiGet, pageToken } from "./support/offline";
import { signedIn, type Me } from "./support/session";
import { ADMIN, uniqueName } from "./support/users";

const SHOTS = process.env.SHOTS_DIR ?? "/tmp/shots-users";

/** Ticks options of the multi-select named `label` (its trigger and its list share the name). */
async function pick(page: Page, label: string, options: string[]) {
  await page.getByRole("button", { name: label, exact: true }).click();
  const list = page.getByRole("listbox", { name: label });
  for (const option of options) await list.getByText(option, { exact: true }).click();
  await page.keyboard.press("Escape");
}

test("the owner creates a cashier for branch 2 with the Cashier role; the cashier sees only branch 2", async ({
  page,
  browser,
}, testInfo) => {
  await signedIn(page, ADMIN);
  const username = uniqueName("cashier").replace(" ", "-");
  const password = "counter 2 pass";

  await page.goto("/setting/user");
  await expect(page).toHaveURL(/\/setting\.user$/);
  await page.getByRole("button", { name: "Add", exact: true }).click();
  await expect(page).toHaveURL(/\/setting\.user\/add$/);
  const form = new FormPage(page);
  await form.fill({ Username: username, "First name": "Branch two" });
  await page.getByLabel(/^Password/).fill(password);
  await pick(page, "Branches", ["Sulaymaniyah"]);
  await pick(page, "Roles", ["Cashier"]);
  // The Cashier role's codes show ticked in the matrix, as granted by the role.
  await expect(page.getByTestId("code-add_sale").locator("input")).toBeChecked();
  await form.save();
  await expect(page).toHaveURL(/\/setting\.user$/);
  await expect(page.getByRole("cell", { name: username, exact: true })).toBeVisible();

  // The cashier, on another device (a fresh browser context).
  const device = await browser.newContext();
  const cashierPage = await device.newPage();
  // Through the form: what the owner made must sign in as a cashier would.
  await new LoginPage(cashierPage).signIn({ username, password });
  const token = await pageToken(cashierPage);
  if (!token) throw new Error("the app stores no token once the cashier has signed in");
  const me = await apiGet<Me>(device.request, token, "user/me/");
  expect(me.branches.map((b) => b.name)).toEqual(["Sulaymaniyah"]);
  await cashierPage.goto("/profile");
  const badges = cashierPage.getByRole("main").getByText(/^(Sulaymaniyah|Erbil Main)$/);
  await expect(badges).toHaveText(["Sulaymaniyah"]);
  const permissions = await apiGet<string[]>(device.request, token, "user/auth-permissions/");
  expect(permissions).toContain("add_sale");
  await cashierPage.goto("/setting.user");
  await new NotFoundPage(cashierPage).expectShown();
  await device.close();

  // The Cashier role's permission matrix, in Arabic.
  await page.goto("/setting/role");
  await page.getByRole("cell", { name: "Cashier", exact: true }).dblclick();
  await expect(page.getByTestId("permission-matrix")).toBeVisible();
  await new Shell(page).switchLanguage("العربية");
  await new Shell(page).expectRightToLeft();
  await expect(
    page
      .getByRole("table", { name: "المبيعات" })
      .or(page.getByRole("table", { name: /بيع/ }))
      .first(),
  ).toBeVisible();
  await page.getByRole("textbox", { name: "البحث في الصلاحيات" }).fill("sale");
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/permission-matrix-ar.png`, fullPage: true });
  await page.screenshot({ path: testInfo.outputPath("permission-matrix-ar.png"), fullPage: true });
  await new Shell(page).switchLanguage("English");
});
