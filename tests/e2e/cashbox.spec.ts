import { expect, test } from "@playwright/test";
import { DocumentFormPage, FormPage, ListPage } from "./support/pages";
import { ADMIN, uniqueName } from "./support/users";
import { signedIn } from "./support/session";

test("admin adds a cashbox, sees its balance, renames it, deletes it; a cashbox with entries refuses delete", async ({ page }) => {
  const list = new ListPage(page, "/accounting/cashbox", "accounting/cashbox/");
  const form = new FormPage(page);
  const pick = new DocumentFormPage(page);
  const name = uniqueName("E2E till");
  const renamed = `${name} renamed`;

  await signedIn(page, ADMIN);
  await list.goto();
  await list.expectOpen();

  await list.addButton().click();
  await expect(page).toHaveURL(/\/accounting\/cashbox\/add\/?$/);
  await form.fill({ Name: name });
  await expect(page.getByRole("combobox", { name: "Currency" })).toBeVisible();
  await pick.choose("Branch", "Erbil Main");
  await pick.choose("Currency", "USD");
  await form.save();
  await list.expectOpen();

  await list.filterBy("Name", name);
  await expect(list.rows(name)).toHaveCount(1);
  await expect(list.rows(name)).toContainText("USD");
  await expect(list.rows(name)).toContainText("0");

  await list.openForEdit(name);
  await expect(page).toHaveURL(/\/accounting\/cashbox\/\d+\/edit\/?$/);
  await expect(form.field("Name")).toHaveValue(name);
  await form.fill({ Name: renamed });
  await form.save();
  await list.expectOpen();
  await list.filterBy("Name", renamed);
  await expect(list.rows(renamed)).toHaveCount(1);
  await list.deleteRow(renamed);
  await expect(list.rows(renamed)).toHaveCount(0);

  // The demo's Erbil IQD cashbox took cash from demo sales: its delete is refused with the reason.
  await list.filterBy("Name", "Erbil Main IQD cashbox");
  await list.deleteRow("Erbil Main IQD cashbox");
  await expect(page.getByText("The cashbox has entries and cannot be deleted")).toBeVisible();
  // The confirmation stays open after a refusal: cancel it, the row is still there.
  await page.getByRole("button", { name: "Cancel", exact: true }).click();
  await expect(list.rows("Erbil Main IQD cashbox")).toHaveCount(1);
});
