import { expect, test } from "@playwright/test";
import { LoginPage, NotFoundPage } from "./support/pages";
import { CASHIER } from "./support/users";

test("cashier without item-group permission lands on the not-found page", async ({ page }) => {
  await new LoginPage(page).signIn(CASHIER);
  await page.goto("/stock/item-group");
  await new NotFoundPage(page).expectShown();
  await expect(page.getByRole("button", { name: "Add", exact: true })).toHaveCount(0);
});
