import { mkdir } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { apiGet } from "./support/offline";
import { signedIn } from "./support/session";
import { ADMIN } from "./support/users";

interface TrialBalanceAnswer {
  rows: { account: string; code: string }[];
  totals: { debit: string; credit: string };
}

const SHOTS = "/tmp/shots-books";
const money = (value: string) => Number(value).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

test("an accountant reads the books: the chart, the trial balance, an account's ledger and a document, profit and loss, the balance sheet", async ({
  page,
  request,
}) => {
  // Each screen loads its own chunk and asks the server; on a busy machine that takes a while.
  test.setTimeout(240_000);
  await mkdir(SHOTS, { recursive: true });
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

  // Drill down: the inventory account's ledger, then the document of its first entry.
  const inventory = answer.rows.find((r) => r.account === "inventory");
  expect(inventory).toBeTruthy();
  await page.goto("/report/general-ledger?account=inventory&start_date=2020-01-01&end_date=2030-12-31");
  const ledger = page.getByRole("table", { name: "General Ledger" });
  // The period's opening row and the opening-balance documents' rows both read "Opening balance".
  await expect(ledger.getByText("Opening balance").first()).toBeVisible({ timeout: 60_000 });
  const documentLink = ledger.locator("tbody a").first();
  await expect(documentLink).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/general-ledger-en.png`, fullPage: true });
  await documentLink.click();
  await expect(page).toHaveURL(/\/\d+\/view$/, { timeout: 30_000 });

  await page.goto("/report/profit-and-loss");
  const pl = page.getByRole("table", { name: "Profit and Loss" });
  await expect(pl.getByText("Gross profit")).toBeVisible({ timeout: 60_000 });
  await expect(pl.locator("tfoot")).toContainText("Net profit");
  await page.screenshot({ path: `${SHOTS}/profit-and-loss-en.png`, fullPage: true });

  await page.goto("/report/balance-sheet");
  const bs = page.getByRole("table", { name: "Balance Sheet" });
  await expect(bs.getByText("Total assets")).toBeVisible({ timeout: 60_000 });
  const sheet = await apiGet<{ total_assets: string; total_liabilities_and_equity: string }>(request, token, "accounting/balance-sheet/");
  expect(sheet.total_assets).toBe(sheet.total_liabilities_and_equity);
  await expect(bs.locator("tfoot")).toContainText(money(sheet.total_liabilities_and_equity));
  await page.screenshot({ path: `${SHOTS}/balance-sheet-en.png`, fullPage: true });
});
