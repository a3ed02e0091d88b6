import { test } from "@playwright/test";
import { LoginPage, Shell } from "./support/pages";
import { ADMIN } from "./support/users";

test("admin switches the interface to Arabic, right to left", async ({ page }) => {
  await new LoginPage(page).signIn(ADMIN);
  const shell = new Shell(page);
  await shell.switchLanguage("العربية");
  await shell.expectRightToLeft();
  await shell.expectSidebarInArabic();
});
