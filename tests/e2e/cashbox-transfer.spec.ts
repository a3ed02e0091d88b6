import { expect, test } from "@playwright/test";
import { DocumentFormPage, FormPage, ListPage } from "./support/pages";
import { storeRows, type OutboxRow } from "./support/offline";
import { ADMIN, uniqueName } from "./support/users";
import { signedIn } from "./support/session";

test("admin moves money between two USD cashboxes; more than the source holds is refused", async ({ page }) => {
  const form = new FormPage(page);
  const pick = new DocumentFormPage(page);
  const note = uniqueName("E2E transfer");
  const list = new ListPage(page, "/accounting/cashbox/transfer", "accounting/cashbox-transfer/");

  await signedIn(page, ADMIN);
  await list.goto();
  await list.expectOpen();
  await list.addButton().click();
  await expect(page).toHaveURL(/\/accounting\/cashbox\/transfer\/add\/?$/);
  await expect(page.getByRole("combobox", { name: "From Cashbox" })).toBeVisible();
  await pick.choose("From Cashbox", "Erbil Main USD cashbox (USD)");
  await pick.choose("To Cashbox", "Sulaymaniyah USD cashbox (USD)");
  await form.fill({ Amount: "1000000", Note: note });
  await form.save();
  await expect(page.getByText("Cashbox balance is not enough")).toBeVisible();
  await form.fill({ Amount: "1" });
  await form.save();
  await list.expectOpen();
  await list.filterBy("Note", note);
  await expect(list.rows(note)).toHaveCount(1);
  await list.openForEdit(note);
  await expect(page).toHaveURL(/\/accounting\/cashbox\/transfer\/\d+\/view\/?$/);
  await expect(page.getByText("Sulaymaniyah USD cashbox")).toBeVisible();
});

test("a transfer saved after the network dropped stays in its form, says it needs the network and queues nothing", async ({
  page,
  context,
}) => {
  const form = new FormPage(page);
  const pick = new DocumentFormPage(page);
  const note = uniqueName("E2E offline transfer");
  await signedIn(page, ADMIN);
  await page.goto("/accounting/cashbox/transfer/add");
  await expect(page.getByRole("combobox", { name: "From Cashbox" })).toBeVisible();
  await pick.choose("From Cashbox", "Erbil Main USD cashbox (USD)");
  await pick.choose("To Cashbox", "Sulaymaniyah USD cashbox (USD)");
  await form.fill({ Amount: "1", Note: note });
  await context.setOffline(true);
  await form.save();
  await expect(page.locator('[data-scope="toast"]').getByText("This needs a connection: it cannot be saved offline")).toBeVisible();
  await expect(page).toHaveURL(/\/accounting\/cashbox\/transfer\/add\/?$/);
  await expect(form.field("Note")).toHaveValue(note);
  await expect(form.field("Amount")).toHaveValue("1");
  expect((await storeRows<OutboxRow>(page, "outbox")).filter((e) => e.body.note === note)).toEqual([]);
  // Back online, the same form saves.
  await context.setOffline(false);
  await form.save();
  await expect(page).toHaveURL(/\/accounting\/cashbox\/transfer\/?$/);
});
