import { mkdir, readFile } from "node:fs/promises";
import { expect, test, type Page } from "@playwright/test";
import { apiGet } from "./support/offline";
import { DocumentFormPage, FormPage } from "./support/pages";
import { keepPrintWindowsOpen } from "./support/print-windows";
import { signedIn } from "./support/session";
import { ADMIN } from "./support/users";

interface TrialBalanceAnswer {
  rows: { account: string; code: string }[];
  totals: { debit: string; credit: string };
}

const SHOTS = "/tmp/shots-books";
const money = (value: string) => Number(value).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Prints the report on screen (all columns) and answers the print window's text. */
async function printedReport(page: Page): Promise<string> {
  const popup = page.waitForEvent("popup");
  await page.getByRole("button", { name: "Print A4" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Print", exact: true }).click();
  const printed = await popup;
  await expect(printed.locator("table")).toBeVisible();
  const text = await printed.locator("body").innerText();
  await printed.close();
  return text;
}

test("an accountant reads the books: the chart, the trial balance down to an account and a document, the journal export, profit and loss and the balance sheet printed", async ({
  page,
  request,
}) => {
  // Each screen loads its own chunk and asks the server; on a busy machine that takes a while.
  test.setTimeout(240_000);
  await mkdir(SHOTS, { recursive: true });
  await keepPrintWindowsOpen(page.context());
  const { token } = await signedIn(page, ADMIN);

  await page.goto("/accounting/chart-of-accounts");
  const chart = page.getByRole("table", { name: "Chart of Accounts" });
  await expect(chart.getByText("Cash and cashboxes")).toBeVisible({ timeout: 60_000 });
  await expect(chart.getByText("Sales revenue")).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/chart-en.png`, fullPage: true });

  await page.goto("/report/trial-balance");
  const tb = page.getByRole("table", { name: "Trial Balance" });
  await expect(tb.locator("tbody tr").first()).toBeVisible({ timeout: 60_000 });
  const answer = await apiGet<TrialBalanceAnswer>(request, token, "accounting/trial-balance/");
  expect(answer.totals.debit).toBe(answer.totals.credit);
  await page.screenshot({ path: `${SHOTS}/trial-balance-en.png`, fullPage: true });

  // Drill down from the trial balance: the inventory account's code opens its ledger over the same range.
  const inventory = answer.rows.find((r) => r.account === "inventory");
  expect(inventory).toBeTruthy();
  await tb.getByRole("link", { name: inventory!.code, exact: true }).click();
  await expect(page).toHaveURL(/\/report\/general-ledger\?.*account=inventory/, { timeout: 30_000 });
  // Then over every date, and on to the document of its first entry.
  await page.goto("/report/general-ledger?account=inventory&start_date=2020-01-01&end_date=2030-12-31");
  const ledger = page.getByRole("table", { name: "General Ledger" });
  // The period's opening row and the opening-balance documents' rows both read "Opening balance".
  await expect(ledger.getByText("Opening balance").first()).toBeVisible({ timeout: 60_000 });
  const documentLink = ledger.locator("tbody a").first();
  await expect(documentLink).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/general-ledger-en.png`, fullPage: true });
  // The journal of the same range, as plain-text ledger transactions an accountant's tools read.
  const download = page.waitForEvent("download");
  await page.getByTestId("export-journal").click();
  const journal = await download;
  expect(journal.suggestedFilename()).toMatch(/^journal.*\.ledger$/);
  const text = await readFile(await journal.path(), "utf8");
  expect(text).toMatch(/^\d{4}-\d{2}-\d{2} /m);
  expect(text).toContain("Inventory");
  await documentLink.click();
  await expect(page).toHaveURL(/\/\d+\/view$/, { timeout: 30_000 });

  await page.goto("/report/profit-and-loss");
  const pl = page.getByRole("table", { name: "Profit and Loss" });
  await expect(pl.getByText("Gross profit")).toBeVisible({ timeout: 60_000 });
  await expect(pl.locator("tfoot")).toContainText("Net profit");
  const printedPl = await printedReport(page);
  expect(printedPl).toContain("Profit and Loss");
  expect(printedPl).toContain("Net profit");
  await page.screenshot({ path: `${SHOTS}/profit-and-loss-en.png`, fullPage: true });

  await page.goto("/report/balance-sheet");
  const bs = page.getByRole("table", { name: "Balance Sheet" });
  await expect(bs.getByText("Total assets")).toBeVisible({ timeout: 60_000 });
  const sheet = await apiGet<{ total_assets: string; total_liabilities_and_equity: string }>(request, token, "accounting/balance-sheet/");
  expect(sheet.total_assets).toBe(sheet.total_liabilities_and_equity);
  await expect(bs.locator("tfoot")).toContainText(money(sheet.total_liabilities_and_equity));
  const printedBs = await printedReport(page);
  expect(printedBs).toContain("Total assets");
  expect(printedBs).toContain(money(sheet.total_liabilities_and_equity));
  await page.screenshot({ path: `${SHOTS}/balance-sheet-en.png`, fullPage: true });
});

interface PeriodLockRow {
  branch: number | null;
  branch_name: string | null;
  lock_date: string | null;
}

/** DD/MM/YYYY, as the date fields are typed, and YYYY-MM-DD, as the API answers, of today less `days`. */
function daysAgo(days: number): { typed: string; iso: string } {
  const d = new Date();
  d.setDate(d.getDate() - days);
  const [dd, mm, yyyy] = [d.getDate(), d.getMonth() + 1, d.getFullYear()].map((n) => String(n).padStart(2, "0"));
  return { typed: `${dd}/${mm}/${yyyy}`, iso: `${yyyy}-${mm}-${dd}` };
}

/** Sets a branch's lock date (DD/MM/YYYY, or "" for none) on the period lock screen. */
async function lockOnScreen(page: Page, branch: number, date: string): Promise<void> {
  await page.goto("/accounting/period-lock");
  const row = page.getByTestId(`period-lock-${branch}`);
  await row.getByRole("textbox", { name: "Lock date" }).fill(date);
  await row.getByTestId(`lock-save-${branch}`).click();
  await expect(page.getByText("Updated successfully")).toBeVisible();
}

/** Keys an expense of 1 IQD of rent from Erbil Main's IQD cashbox on `date` (DD/MM/YYYY) and saves it. */
async function keyRent(page: Page, date: string): Promise<void> {
  const pick = new DocumentFormPage(page);
  const form = new FormPage(page);
  await page.goto("/accounting/expense/add");
  await expect(page.getByRole("combobox", { name: "Expense Type" })).toBeVisible();
  await pick.choose("Branch", "Erbil Main");
  await pick.choose("Expense Type", "Rent");
  await pick.choose("Cashbox", "Erbil Main IQD cashbox (IQD)");
  await form.fill({ Date: date, Amount: "1" });
  await form.save();
}

test("an accountant locks a branch's past: a backdated expense in it is refused, and lifting the lock lets it in", async ({
  page,
  request,
}) => {
  const { token } = await signedIn(page, ADMIN);
  const locks = await apiGet<PeriodLockRow[]>(request, token, "accounting/period-lock/");
  const erbil = locks.find((r) => r.branch_name === "Erbil Main");
  expect(erbil, "the demo's Erbil Main branch").toBeTruthy();
  const lockDate = daysAgo(100);
  const expenseDate = daysAgo(120);
  const restore = () =>
    request.put("/api/accounting/period-lock/", {
      headers: { Authorization: `Bearer ${token}` },
      data: { branch: erbil!.branch, lock_date: erbil!.lock_date },
    });
  try {
    await lockOnScreen(page, erbil!.branch!, lockDate.typed);
    const kept = await apiGet<PeriodLockRow[]>(request, token, "accounting/period-lock/");
    expect(kept.find((r) => r.branch === erbil!.branch)?.lock_date).toBe(lockDate.iso);

    await keyRent(page, expenseDate.typed);
    await expect(page.getByText("This period is closed")).toBeVisible();
    await expect(page).toHaveURL(/\/accounting\/expense\/add/);

    // Put back as it was (the demo locks nothing), the same expense goes in.
    expect(erbil!.lock_date).toBeNull();
    await lockOnScreen(page, erbil!.branch!, "");
    await keyRent(page, expenseDate.typed);
    await expect(page).toHaveURL(/\/accounting\/expense\/?(\?.*)?$/);
  } finally {
    expect((await restore()).status()).toBe(200);
  }
  const after = await apiGet<PeriodLockRow[]>(request, token, "accounting/period-lock/");
  expect(after.find((r) => r.branch === erbil!.branch)?.lock_date ?? null).toBe(erbil!.lock_date);
});
