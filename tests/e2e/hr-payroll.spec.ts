import { mkdirSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { DocumentFormPage, FormPage, ListPage, Shell } from "./support/pages";
import { uniqueName } from "./support/users";
import { keepPrintWindowsOpen } from "./support/print-windows";
import { signedIn } from "./support/session";

const HR_USER = { username: "hr", password: "hr" } as const;
const SHOTS = process.env.E2E_SHOTS_DIR ?? "/tmp/shots-hr";
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");

test("an HR user adds an employee with a picture and a contract, runs the month's payroll and prints the payslips", async ({ page }) => {
  mkdirSync(SHOTS, { recursive: true });
  await keepPrintWindowsOpen(page.context());
  const form = new FormPage(page);
  const pick = new DocumentFormPage(page);
  const name = uniqueName("E2E Employee");
  const now = new Date();
  const month = String(now.getMonth() + 1).padStart(2, "0");
  await signedIn(page, HR_USER);

  // The employee, with a profile picture (images only) and a position.
  const employees = new ListPage(page, "/hr/employee", "hr/employee/");
  await employees.goto();
  await employees.addButton().click();
  await form.fill({ Name: name, Phone: "+964 750 123 0000" });
  await page.getByRole("combobox", { name: "Gender" }).selectOption("female");
  await pick.choose("Position", "Accountant");
  const uploaded = page.waitForResponse((r) => r.url().endsWith("/api/media/") && r.request().method() === "POST");
  await page.locator('input[type="file"]').setInputFiles({ name: "face.png", mimeType: "image/png", buffer: PNG });
  expect((await uploaded).status()).toBe(201);
  await expect(page.getByRole("img", { name: "Profile Picture" })).toBeVisible();
  await form.save();
  await employees.expectOpen();
  await employees.filterBy("Name", name);
  await expect(employees.rows(name)).toHaveCount(1);

  // A monthly IQD contract from the first of this month.
  await page.goto("/hr/employee-contract/add");
  await expect(page.getByRole("combobox", { name: /^Employee/ })).toBeVisible();
  await pick.choose("Employee", name);
  await form.fill({ "Start Date": `01/${month}/${now.getFullYear()}`, Salary: "400000" });
  await pick.choose("Currency", "IQD");
  await form.save();
  await expect(page).toHaveURL(/\/hr\/employee-contract\/?(\?.*)?$/);

  // This month's pay run from the branch's IQD cashbox: the form proposes every unpaid employee; pay the new one.
  await page.goto("/hr/payroll/add");
  await expect(page.getByRole("combobox", { name: /^Cashbox/ })).toBeVisible();
  await pick.choose("Cashbox", "Erbil Main IQD cashbox (IQD)");
  const lines = page.getByRole("table", { name: "Employees to pay" });
  await expect(lines.getByRole("row").filter({ hasText: name })).toHaveCount(1);
  await expect(lines.getByRole("textbox", { name: `${name} base` })).toHaveValue(/^400,?000(\.00)?$/);
  const others = lines
    .getByRole("row")
    .filter({ has: page.getByRole("button", { name: "Remove" }) })
    .filter({ hasNotText: name });
  while ((await others.count()) > 0) await others.first().getByRole("button", { name: "Remove" }).click();
  await lines.getByRole("textbox", { name: `${name} bonus` }).fill("25000");
  await expect(page.getByTestId("payroll-net-total")).toHaveText("425,000.00");
  await page.screenshot({ path: `${SHOTS}/payroll-form-en.png`, fullPage: true });
  await form.save();
  const runs = new ListPage(page, "/hr/payroll", "hr/payroll/");
  await runs.expectOpen();
  await expect(runs.rows("425,000.00")).toHaveCount(1);
  // The table may still settle after its first load: open until the view shows.
  await expect(async () => {
    await runs.rows("425,000.00").first().dblclick();
    await expect(page).toHaveURL(/\/hr\/payroll\/\d+\/view$/, { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await expect(page.getByRole("table", { name: "Employees paid" })).toContainText(name);

  // The payslips print, one per employee, with the net.
  const popup = page.waitForEvent("popup");
  await page.getByRole("button", { name: "Print Payslips" }).click();
  const printed = await popup;
  await expect(printed.locator(".payslip")).toHaveCount(1);
  await expect(printed.locator("body")).toContainText(name);
  await expect(printed.locator("body")).toContainText("425,000.00");
  await printed.screenshot({ path: `${SHOTS}/payslip-en.png`, fullPage: true });
  await printed.close();

  // In Arabic, right to left: the run, its payslips, the payroll list and the employee's card.
  await new Shell(page).switchLanguage("العربية");
  await new Shell(page).expectRightToLeft();
  await page.reload();
  await expect(page.getByRole("button", { name: "طباعة قسائم الرواتب" })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/payroll-view-ar.png`, fullPage: true });
  const arPopup = page.waitForEvent("popup");
  await page.getByRole("button", { name: "طباعة قسائم الرواتب" }).click();
  const arSlip = await arPopup;
  await expect(arSlip.locator("body")).toContainText("قسيمة الراتب");
  await arSlip.screenshot({ path: `${SHOTS}/payslip-ar.png`, fullPage: true });
  await arSlip.close();
  await page.goto("/hr/payroll-list");
  await expect(page.getByRole("table", { name: "قائمة الرواتب" })).toContainText(name);
  await page.screenshot({ path: `${SHOTS}/payroll-list-ar.png`, fullPage: true });
  await page.goto("/hr/employee");
  await expect(employees.rows(name)).toHaveCount(1);
  await expect(async () => {
    await employees.rows(name).first().dblclick();
    await expect(page).toHaveURL(/\/hr\/employee\/\d+\/view$/, { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await expect(page.getByRole("img", { name: "الصورة الشخصية" })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/employee-view-ar.png`, fullPage: true });
  await page.goto("/hr/payroll/add");
  await expect(page.getByRole("table", { name: "الموظفون المستحقون للدفع" })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/payroll-form-ar.png`, fullPage: true });
});
