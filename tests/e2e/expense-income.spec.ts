import { expect, test } from "@playwright/test";
import { DocumentFormPage, FormPage, ListPage } from "./support/pages";
import { ADMIN, uniqueName } from "./support/users";
import { signedIn } from "./support/session";

test("admin adds an expense type, takes an income into a new cashbox, is refused an expense above its balance, then spends within it", async ({
  page,
}) => {
  const form = new FormPage(page);
  const pick = new DocumentFormPage(page);
  const typeName = uniqueName("E2E expense type");
  const boxName = uniqueName("E2E box");
  const note = uniqueName("E2E expense");

  await signedIn(page, ADMIN);

  // A new expense type and a new, empty USD cashbox.
  const types = new ListPage(page, "/accounting/expense-type", "accounting/expense-type/");
  await types.goto();
  await types.addButton().click();
  await form.fill({ Name: typeName });
  await form.save();
  await types.expectOpen();
  const boxes = new ListPage(page, "/accounting/cashbox", "accounting/cashbox/");
  await boxes.goto();
  await boxes.addButton().click();
  await form.fill({ Name: boxName });
  await expect(page.getByRole("combobox", { name: "Currency" })).toBeVisible();
  await pick.choose("Branch", "Erbil Main");
  await pick.choose("Currency", "USD");
  await form.save();
  await boxes.expectOpen();
  // The signed-in user's cashboxes are read when the app starts: reload to offer the new one.
  await page.reload();

  // An income of 100 into it.
  await page.goto("/accounting/income/add");
  await expect(page.getByRole("combobox", { name: "Income Type" })).toBeVisible();
  await pick.choose("Branch", "Erbil Main");
  await pick.choose("Income Type", "Commission");
  await pick.choose("Cashbox", `${boxName} (USD)`);
  await form.fill({ Amount: "100" });
  await form.save();
  await expect(page).toHaveURL(/\/accounting\/income\/?(\?.*)?$/);

  // An expense of 150 is refused; 60 is booked.
  await page.goto("/accounting/expense/add");
  await expect(page.getByRole("combobox", { name: "Expense Type" })).toBeVisible();
  await pick.choose("Branch", "Erbil Main");
  await pick.choose("Expense Type", typeName);
  await pick.choose("Cashbox", `${boxName} (USD)`);
  await form.fill({ Amount: "150", Note: note });
  await form.save();
  await expect(page.getByText("Cashbox balance is not enough")).toBeVisible();
  await form.fill({ Amount: "60" });
  await form.save();
  const expenses = new ListPage(page, "/accounting/expense", "accounting/expense/");
  await expenses.expectOpen();
  await expenses.filterBy("Note", note);
  await expect(expenses.rows(note)).toHaveCount(1);
  await expenses.openForEdit(note);
  await expect(page).toHaveURL(/\/accounting\/expense\/\d+\/view\/?$/);
  await expect(page.getByText(typeName)).toBeVisible();

  await boxes.goto();
  await boxes.filterBy("Name", boxName);
  await expect(boxes.rows(boxName)).toContainText("40.00");
});
