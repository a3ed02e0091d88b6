import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { apiGet } from "./support/offline";
import { ListPage, StatementPage } from "./support/pages";
import { keepPrintWindowsOpen } from "./support/print-windows";
import { signedIn, type Paged } from "./support/session";
import { ADMIN } from "./support/users";

interface Statement {
  opening_balance: string;
  closing_balance: string;
  rows: { document_type: string; document_no: number | null; balance: string }[];
}

/** Money as the screens show it: thousands separators, two decimals. */
const money = (value: string) => Number(value).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

test("the customer statement of a demo customer with receipts shows the API's opening balance, rows and closing balance; it prints and exports", async ({
  page,
  request,
}) => {
  await keepPrintWindowsOpen(page.context());
  const { token } = await signedIn(page, ADMIN);
  const base = await apiGet<{ id: number; code: string }>(request, token, "currency/base-currency/");
  const receipts = await apiGet<Paged<{ customer: number; customer_name: string; currency_code: string; input_date: string }>>(
    request,
    token,
    "accounting/receipt/?page_size=100",
  );
  // The screen opens on this month in the base currency: a customer with a receipt in it, else any with receipts (all dates).
  const now = new Date();
  const firstOfMonth = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, "0")}-01`;
  const inBase = receipts.results.filter((r) => r.currency_code === base.code);
  expect(inBase.length, "the demo has receipts in the base currency").toBeGreaterThan(0);
  const thisMonth = inBase.find((r) => r.input_date >= firstOfMonth);
  const customer = thisMonth ?? inBase[0];

  const statement = new StatementPage(page, "customer");
  await statement.goto();
  await expect(statement.accountSelect()).toBeVisible();
  // Nothing is asked before a customer is chosen.
  await expect(page.getByText("Choose a customer to see their statement.")).toBeVisible();
  if (!thisMonth) await statement.choosePreset("Clear");
  const answered = statement.nextStatement();
  await statement.chooseAccount(customer.customer_name);
  const response = await answered;
  expect(response.status()).toBe(200);
  const query = new URL(response.url()).search;
  expect(query).toContain(`customer=${customer.customer}`);
  expect(query).toContain(`currency=${base.id}`);

  // The same statement asked independently of the page.
  const expected = await apiGet<Statement>(request, token, `accounting/statement/customer/${query}`);
  expect(expected.rows.some((r) => r.document_type === "receipt")).toBe(true);
  await expect(statement.opening()).toContainText(money(expected.opening_balance));
  await expect(statement.closing()).toContainText(money(expected.closing_balance));
  await expect(statement.entries()).toHaveCount(expected.rows.length);
  const last = expected.rows[expected.rows.length - 1];
  await expect(statement.entries().last()).toContainText(money(last.balance));
  await expect(statement.entries().filter({ hasText: "Receipt" }).first()).toBeVisible();
  // A receipt's number links to its view.
  await expect(statement.entries().filter({ hasText: "Receipt" }).first().getByRole("link")).toHaveAttribute(
    "href",
    /\/accounting\/receipt\/\d+\/view$/,
  );
  const words = (await statement.inWords().innerText()).split(":").slice(1).join(":").trim();
  expect(words.length).toBeGreaterThan(0);

  const popup = page.waitForEvent("popup");
  await statement.printButton().click();
  const printed = await popup;
  await expect(printed.locator("body")).toContainText(customer.customer_name);
  await expect(printed.locator("body")).toContainText(words);
  await expect(printed.locator("body")).toContainText(money(expected.closing_balance));
  await printed.close();

  const download = page.waitForEvent("download");
  await statement.exportButton().click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.csv$/);
  const csv = await readFile(await file.path(), "utf8");
  expect(csv.charCodeAt(0)).toBe(0xfeff);
  expect(csv.trim().split("\r\n")).toHaveLength(expected.rows.length + 3);

  // Offline the screen says it needs the network.
  await page.context().setOffline(true);
  await expect(page.getByText("Statements need a connection: they are read from the server's ledger")).toBeVisible();
  await page.context().setOffline(false);
});

test("the cashbox statement's closing balance is the balance the cashbox list shows", async ({ page, request }) => {
  const name = "Erbil Main IQD cashbox";
  const { token } = await signedIn(page, ADMIN);
  const boxes = await apiGet<Paged<{ id: number; name: string; balance: string }>>(
    request,
    token,
    `accounting/cashbox/?name=${encodeURIComponent(name)}`,
  );
  const box = boxes.results.find((b) => b.name === name);
  expect(box, "the demo's Erbil IQD cashbox").toBeTruthy();

  const list = new ListPage(page, "/accounting/cashbox", "accounting/cashbox/");
  await list.goto();
  await list.filterBy("Name", name);
  const shown = money(box!.balance);
  await expect(list.rows(name).first()).toContainText(shown);

  const statement = new StatementPage(page, "cashbox");
  await statement.goto();
  await expect(statement.accountSelect()).toBeVisible();
  const answered = statement.nextStatement();
  await statement.chooseAccount(`${name} (IQD)`);
  const response = await answered;
  expect(response.status()).toBe(200);
  // The currency follows the cashbox's.
  await expect(page.getByRole("combobox", { name: /^Currency/ })).toHaveValue("IQD");
  await expect(statement.closing()).toContainText(shown);
});
