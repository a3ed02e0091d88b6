import { readFile, writeFile } from "node:fs/promises";
import { expect, test, type Page } from "@playwright/test";
import { apiGet, controlledByServiceWorker, firstPullDone, scannableCachedStock, storeRows } from "./support/offline";
import { DocumentFormPage, Shell } from "./support/pages";
import { signedInWithDeviceCache, type Me } from "./support/session";
import { openSignedIn } from "./support/stored-session";
import { CASHIER } from "./support/users";

/**
 * The device's safety net, end to end (src/web/offline/outbox-file.ts): a cashier keys a sale
 * offline; signing out warns that it has not synced and offers to save it to a file; another device
 * (a fresh browser context: nothing in its storage) signs in, loads the file, and the sale is booked on
 * the server once. The same file loaded again books nothing twice, a file of another business is
 * refused, and the first device syncing its own copy later books nothing more (each entry by its form_token).
 */

interface OutboxRow {
  resource: string;
  body: { form_token: string };
}
interface SavedFile {
  version: number;
  business: string | null;
  entries: { resource: string; body: { form_token: string } }[];
}

/** Device two signs in as signedInWithDeviceCache does, waiting longer for its first screen: device one's page is open beside it. */
async function signedInAgain(page: Page): Promise<string> {
  const answer = await page.request.post("/api/login/", { data: { username: CASHIER.username, password: CASHIER.password } });
  expect(answer.status()).toBe(200);
  const { token } = (await answer.json()) as { token: string };
  await openSignedIn(page, { token, user: await apiGet<Me>(page.request, token, "user/me/") });
  await expect(new Shell(page).userMenu()).toBeVisible({ timeout: 60_000 });
  await controlledByServiceWorker(page);
  await firstPullDone(page);
  return token;
}

const saleCount = async (page: Page, token: string) => (await apiGet<{ count: number }>(page.request, token, "sale/?page_size=1")).count;

test("unsynced sale: saved to a file at sign-out, loaded on another device, booked once", async ({
  page,
  context,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(300_000);
  // Device one, after its first visit: the service worker serves the screens offline, the cache holds the stock.
  const { token, branch } = await signedInWithDeviceCache(page, CASHIER);
  const business = (await apiGet<{ key: string; value: string }[]>(page.request, token, "setting/")).find(
    (s) => s.key === "business_id",
  )?.value;
  expect(business).toMatch(/^[0-9a-f-]{36}$/);
  const found = await scannableCachedStock(page, branch.inventories[0].id);
  expect(found, "the demo data has stock with a barcode in the cashier's inventory").toBeTruthy();
  const salesBefore = await saleCount(page, token);

  // Offline: a sale keyed and saved; it waits in the outbox.
  await context.setOffline(true);
  await page.reload();
  await expect(new Shell(page).sidebar()).toBeVisible();
  const scan = await new DocumentFormPage(page).open("/sale/sale/add", 30_000);
  await scan.click();
  await scan.pressSequentially(found!.barcode, { delay: 5 });
  await scan.press("Enter");
  await expect(page.getByText(found!.barcode, { exact: false }).first()).toBeVisible();
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Saved, will sync").first()).toBeVisible();
  await expect.poll(async () => (await storeRows<OutboxRow>(page, "outbox")).filter((e) => e.resource === "sale/").length).toBe(1);
  const [waiting] = (await storeRows<OutboxRow>(page, "outbox")).filter((e) => e.resource === "sale/");

  // Signing out warns that it has not synced, and saves it to a file.
  await new Shell(page).chooseLogout();
  const question = page.getByRole("alertdialog");
  await expect(question).toContainText("1 entry is not synced yet");
  await expect(question.getByRole("button", { name: "Log out anyway" })).toBeVisible();
  const download = page.waitForEvent("download");
  await question.getByRole("button", { name: "Save to file" }).click();
  const saved = await download;
  expect(saved.suggestedFilename()).toMatch(/^unsynced-cashier-\d{12}\.json$/);
  await expect(question.getByRole("status")).toHaveText("1 entry saved to a file.");
  await expect(question.getByRole("button", { name: "Log out", exact: true })).toBeVisible();
  const path = testInfo.outputPath("unsynced.json");
  await saved.saveAs(path);
  const file = JSON.parse(await readFile(path, "utf8")) as SavedFile;
  expect(file).toMatchObject({ version: 2, business });
  expect(file.entries.map((e) => [e.resource, e.body.form_token])).toEqual([["sale/", waiting.body.form_token]]);
  // Device one stays offline with its copy (as a lost tablet would).
  await question.getByRole("button", { name: "Cancel" }).click();
  await expect(question).toBeHidden();

  // Device two: fresh storage, online.
  const other = await browser.newContext({ baseURL });
  const two = await other.newPage();
  try {
    const session = { token: await signedInAgain(two) };
    const openPanel = async () => {
      const panel = two.getByTestId("sync-panel");
      if (!(await panel.isVisible())) await two.getByTestId("sync-status-button").click();
      await expect(panel).toBeVisible();
      return panel;
    };
    const load = async (filePath: string) => {
      const panel = await openPanel();
      await panel.locator("input[type=file]").setInputFiles(filePath);
      return panel.getByTestId("load-outcome");
    };

    // A file of another business (another id, at this same address) is refused and queues nothing.
    const foreign = testInfo.outputPath("foreign.json");
    await writeFile(foreign, JSON.stringify({ ...file, business: "0b7e2d14-3c5a-4f69-8e12-7a9d6c4b1e83" }));
    await expect(await load(foreign)).toHaveText("This file belongs to another business: it was not loaded.");
    expect(await storeRows(two, "outbox")).toHaveLength(0);

    // The file: its sale joins this device's outbox and syncs, booked once.
    await expect(await load(path)).toHaveText("1 entry added; it syncs now.");
    await expect.poll(() => saleCount(two, session.token), { timeout: 60_000 }).toBe(salesBefore + 1);
    await expect.poll(async () => (await storeRows(two, "outbox")).length, { timeout: 60_000 }).toBe(0);

    // The same file again: nothing queued, nothing booked twice.
    await expect(await load(path)).toHaveText("No new entries: this file was loaded already.");
    expect(await storeRows(two, "outbox")).toHaveLength(0);
    expect(await saleCount(two, session.token)).toBe(salesBefore + 1);
  } finally {
    await other.close();
  }

  // Device one comes back: its own copy syncs, and the server still holds the sale once.
  await context.setOffline(false);
  await expect.poll(async () => (await storeRows(page, "outbox")).length, { timeout: 60_000 }).toBe(0);
  expect(await saleCount(page, token)).toBe(salesBefore + 1);
});
