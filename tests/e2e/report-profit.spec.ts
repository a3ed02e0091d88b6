import { mkdir, readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { format } from "date-fns";
import { readSheet } from "read-excel-file/node";
import { apiGet } from "./support/offline";
import { Shell } from "./support/pages";
import { signedIn } from "./support/session";
import { ADMIN } from "./support/users";

interface ProfitAnswer {
  rows: { key: string; profit: string }[];
  totals: { revenue: string; profit: string };
}

const SHOTS = "/tmp/shots-report";
/** Money as the screens show it: thousands separators, two decimals. */
const money = (value: string) => Number(value).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

test("the profit report over six months of demo sales: chart and table agree with the API, export to XLSX and CSV reads back, in English and Kurdish", async ({
  page,
  request,
}) => {
  await mkdir(SHOTS, { recursive: true });
  const { token } = await signedIn(page, ADMIN);
  await page.goto("/report/profit");
  await expect(page.getByRole("heading", { name: "Gross Profit" })).toBeVisible();

  // This month first (the default range), then Last 6 months: the demo's history, several sales a day in both branches.
  const table = page.getByRole("table", { name: /^Gross profit by/ });
  await expect(table).toBeVisible();
  const answered = page.waitForResponse((r) => new URL(r.url()).pathname.endsWith("/api/report/profit/") && r.status() === 200);
  await page.getByRole("button", { name: "Date presets", exact: true }).click();
  await page.getByRole("menuitem", { name: "Last 6 months", exact: true }).click();
  const response = await answered;
  const query = new URL(response.url()).search;
  const expected = await apiGet<ProfitAnswer>(request, token, `report/profit/${query}`);
  expect(expected.rows.length, "the demo has months of sales").toBeGreaterThan(60);
  expect(Number(expected.totals.profit)).toBeGreaterThan(0);

  const chart = page.getByRole("img", { name: "Gross profit over time" });
  await expect(chart.locator("svg .recharts-area").first()).toBeVisible();
  await expect(table.locator("tbody tr")).toHaveCount(expected.rows.length);
  await expect(table.locator("tfoot")).toContainText(money(expected.totals.profit));
  await page.screenshot({ path: `${SHOTS}/profit-en.png`, fullPage: true });

  // XLSX: a head, one row a day, the totals; amounts are numbers.
  const xlsxDownload = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export XLSX", exact: true }).click();
  const xlsx = await xlsxDownload;
  expect(xlsx.suggestedFilename()).toMatch(/^Gross Profit-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const sheet = await readSheet(await xlsx.path());
  expect(sheet[0]).toEqual(["Day", "Revenue", "Cost of goods", "Returns", "Discount", "Gross profit"]);
  expect(sheet).toHaveLength(expected.rows.length + 2);
  const footer = sheet[sheet.length - 1];
  expect(footer[0]).toBe("Total");
  expect(footer[5]).toBeCloseTo(Number(expected.totals.profit), 2);
  expect(footer[1]).toBeCloseTo(Number(expected.totals.revenue), 2);

  // CSV: UTF-8 with a BOM, the same lines.
  const csvDownload = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export CSV", exact: true }).click();
  const csv = await readFile(await (await csvDownload).path(), "utf8");
  expect(csv.charCodeAt(0)).toBe(0xfeff);
  const lines = csv.trim().split("\r\n");
  expect(lines).toHaveLength(expected.rows.length + 2);
  expect(lines[lines.length - 1]).toContain(`"${money(expected.totals.profit)}"`);

  // By branch: a bar chart of both branches.
  const byBranch = page.waitForResponse(
    (r) => new URL(r.url()).pathname.endsWith("/api/report/profit/") && r.url().includes("group_by=branch"),
  );
  await page.getByLabel("Group by").selectOption("branch");
  const branches = (await (await byBranch).json()) as ProfitAnswer;
  expect(branches.totals).toEqual(expected.totals);
  await expect(table.locator("tbody tr")).toHaveCount(2);
  await expect(page.getByRole("img", { name: "The ten most profitable" }).locator("svg .recharts-bar-rectangle").first()).toBeVisible();

  // Kurdish: right to left, the chart mirrored, the same figures.
  await page.getByLabel("Group by").selectOption("day");
  await new Shell(page).switchLanguage("کوردی");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.locator("svg .recharts-area").first()).toBeVisible();
  await expect(page.locator("tfoot").first()).toContainText(money(expected.totals.profit));
  await page.screenshot({ path: `${SHOTS}/profit-ckb.png`, fullPage: true });

  // Sale detail: one row per sold line, linking to its invoice, with the sums footer; it opens on this
  // month, newest first, the range in the URL, and a range given in the URL is the one it shows.
  await new Shell(page).switchLanguage("English");
  const pageAsked = page.waitForRequest((r) => new URL(r.url()).pathname.endsWith("/api/report/sale-detail/"));
  await page.goto("/report/sale-detail");
  const asked = new URL((await pageAsked).url()).searchParams;
  const today = format(new Date(), "yyyy-MM-dd");
  expect([asked.get("input_date_after"), asked.get("input_date_before"), asked.get("ordering")]).toEqual([
    `${today.slice(0, 8)}01`,
    today,
    "-input_date",
  ]);
  await expect(page).toHaveURL(new RegExp(`start_date=${today.slice(0, 8)}01&end_date=${today}`));
  const saleLines = page.getByRole("table", { name: "Sale Detail" });
  await expect(saleLines.locator("tbody tr").first().getByRole("link")).toHaveAttribute("href", /\/sale\/sale\/\d+\/view$/);
  await expect(saleLines.locator("tfoot")).toContainText("Total");
  const rangeAsked = page.waitForRequest((r) => new URL(r.url()).pathname.endsWith("/api/report/sale-detail/"));
  await page.goto("/report/sale-detail?start_date=2020-01-01&end_date=2020-01-31");
  expect(new URL((await rangeAsked).url()).searchParams.get("input_date_before")).toBe("2020-01-31");
  await expect(page.getByText("No results found")).toBeVisible();
  await page.goto("/report/sale-detail");
  await expect(saleLines.locator("tbody tr").first().getByRole("link")).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/sale-detail-en.png`, fullPage: true });
});
