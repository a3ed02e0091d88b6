import { readFile } from "node:fs/promises";
import { expect, test, type Page } from "@playwright/test";
import { apiGet } from "./support/offline";
import { ListPage } from "./support/pages";
import { signedIn, type Paged } from "./support/session";
import { ADMIN, uniqueName } from "./support/users";

/** Downloads the chosen kind's CSV template from the import screen and answers its lines. */
async function downloadTemplate(page: Page): Promise<string[]> {
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Template (CSV)" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.csv$/);
  return (await readFile(await file.path(), "utf8"))
    .replace(/^\uFEFF/, "")
    .trimEnd()
    .split("\r\n");
}

async function previewAndImport(page: Page, fileName: string, lines: string[], expected: RegExp): Promise<void> {
  await page.getByLabel("File (CSV or XLSX)").setInputFiles({
    name: fileName,
    mimeType: "text/csv",
    buffer: Buffer.from(`${lines.join("\r\n")}\r\n`),
  });
  await page.getByRole("button", { name: "Preview" }).click();
  const preview = page.getByTestId("import-preview");
  await expect(preview).toContainText("Preview: nothing is saved yet.");
  await expect(preview).toContainText(expected);
  await page.getByRole("button", { name: "Import", exact: true }).click();
  await expect(preview).toContainText("Imported.");
}

test("an administrator imports items from the template, then their opening stock, and finds them", async ({ page, request }) => {
  const { token } = await signedIn(page, ADMIN);
  const name = uniqueName("E2E imported");
  const code = name.split(" ").at(-1)!;
  await page.goto("/setting/import");
  await expect(page.getByLabel("What to import")).toHaveValue("item");

  const [head] = await downloadTemplate(page);
  expect(head.split(",")).toEqual(
    expect.arrayContaining(["code", "barcode", "name", "item_group", "measurement", "item_type", "sale_price"]),
  );
  const columns = head.split(",");
  const row = (values: Record<string, string>) => columns.map((c) => values[c] ?? "").join(",");
  await previewAndImport(
    page,
    "items.csv",
    [
      head,
      row({ code: `${code}-1`, name: `${name} tea`, item_type: "Goods", sale_price: "3.25" }),
      row({ code: `${code}-2`, name: `${name} rice`, item_type: "Goods" }),
    ],
    /2 rows: 2 new, 0 to update, 0 unchanged, 0 errors/,
  );

  const list = new ListPage(page, "/stock/item", "item/");
  await list.goto();
  await list.filterBy("Name", name);
  await expect(list.rows(name)).toHaveCount(2);

  // The opening stock of one of them, into the first inventory of the first branch.
  const [inventory] = (await apiGet<Paged<{ name: string; branch: number }>>(request, token, "inventory/?page_size=1")).results;
  const branches = await apiGet<Paged<{ id: number; name: string }>>(request, token, "branch/?page_size=100");
  const branch = branches.results.find((b) => b.id === inventory.branch)!.name;
  await page.goto("/setting/import");
  await page.getByLabel("What to import").selectOption("opening-stock");
  const [stockHead] = await downloadTemplate(page);
  expect(stockHead).toBe("branch,inventory,item,batch_number,expire_date,quantity,cost");
  await previewAndImport(
    page,
    "stock.csv",
    [stockHead, `${branch},${inventory.name},${code}-1,,,7,2.00`],
    /1 rows: 1 new, 0 to update, 0 unchanged, 0 errors/,
  );
});
