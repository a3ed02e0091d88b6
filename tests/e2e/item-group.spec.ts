import { expect, test } from "@playwright/test";
import { FormPage, ListPage } from "./support/pages";
import { ADMIN, uniqueName } from "./support/users";
import { signedIn } from "./support/session";

test("admin adds, filters, sorts, edits and deletes an item group", async ({ page }) => {
  const list = new ListPage(page, "/stock/item-group", "item-group/");
  const form = new FormPage(page);
  const name = uniqueName("E2E group");
  const renamed = `${name} renamed`;

  await signedIn(page, ADMIN);
  await list.goto();
  await list.expectOpen();

  // add
  await list.addButton().click();
  await expect(page).toHaveURL(/\/stock\/item-group\/add\/?$/);
  await form.fill({ Name: name });
  await form.save();
  await list.expectOpen();

  // filter by the new name, then sort by name
  await list.filterBy("Name", name);
  await expect(list.rows(name)).toHaveCount(1);
  await list.sortBy("Name", "name");
  await expect(list.rows(name)).toHaveCount(1);

  // edit: double-click opens the edit screen
  await list.openForEdit(name);
  await expect(page).toHaveURL(/\/stock\/item-group\/\d+\/edit\/?$/);
  await expect(form.field("Name")).toHaveValue(name);
  await form.fill({ Name: renamed });
  await form.save();
  await list.expectOpen();
  await list.filterBy("Name", renamed);
  await expect(list.rows(renamed)).toHaveCount(1);

  // delete with confirmation
  await list.deleteRow(renamed);
  await expect(list.rows(renamed)).toHaveCount(0);
  await page.reload();
  await list.filterBy("Name", name);
  await expect(list.rows(name)).toHaveCount(0);
});
