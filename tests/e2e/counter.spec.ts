import { expect, test, type Page } from "@playwright/test";
import { apiGet, singleBatchRows } from "./support/offline";
import { Shell } from "./support/pages";
import { type Paged, signedIn } from "./support/session";
import { CASHIER } from "./support/users";

/**
 * The counter on a tablet (src/web/features/sale/counter/): at 800x1280 and 1280x800, in English and
 * in Kurdish, a cashier scans three items, nothing on the counter runs off the viewport, pays with
 * dollars and dinars together, gets change in dinars, and a new sale starts; the server holds the
 * sale paid from both cashboxes.
 */

interface StockRow {
  id: number;
  item: { id: number; barcode: string | null; item_type: number };
  expired?: boolean;
}
interface SaleRow {
  id: number;
  payment_status: string;
  payments?: { cashbox: number; amount: string }[];
  change?: { amount: string } | null;
}

/** Elements of the counter that reach past the viewport's sides or its bottom (none may). */
async function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const height = window.innerHeight;
    const out: string[] = [];
    if (document.documentElement.scrollWidth > width + 1)
      out.push(`page scrolls sideways: ${document.documentElement.scrollWidth} > ${width}`);
    for (const el of Array.from(document.querySelectorAll<HTMLElement>("[data-testid=counter] *"))) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      // Lines scroll inside their own box; what is inside it counts only up to that box.
      if (el.closest("[data-testid=counter-lines]")) continue;
      if (r.left < -1 || r.right > width + 1 || r.bottom > height + 1)
        out.push(
          `${el.tagName.toLowerCase()}${el.dataset.testid ? `[${el.dataset.testid}]` : ""} ${Math.round(r.left)}..${Math.round(r.right)} / ${Math.round(r.bottom)}`,
        );
    }
    return out.slice(0, 10);
  });
}

for (const viewport of [
  { width: 800, height: 1280 },
  { width: 1280, height: 800 },
]) {
  for (const language of ["en", "ckb"] as const) {
    test.describe(`counter at ${viewport.width}x${viewport.height} in ${language}`, () => {
      test.use({ viewport, hasTouch: true });

      test("three scans, nothing off screen, USD and IQD handed over with change in IQD, then a new sale", async ({ page, request }) => {
        test.setTimeout(180_000);
        const { token, branch } = await signedIn(page, CASHIER);
        if (language === "ckb") await new Shell(page).switchLanguage("کوردی");
        const inventoryId = branch.inventories[0].id;
        const stock = await apiGet<Paged<StockRow>>(
          request,
          token,
          `stock/?inventory=${inventoryId}&quantity__gt=2&page_size=200&ordering=id`,
        );
        const goods = stock.results.filter((row) => row.item.barcode && row.item.item_type !== 2 && !row.expired);
        const picked = await singleBatchRows(request, token, inventoryId, goods, 3);
        expect(picked).toHaveLength(3);
        const salesBefore = (await apiGet<{ count: number }>(request, token, "sale/?page_size=1")).count;

        await page.goto("/sale/pos");
        const scan = page.locator("input[name=scan]");
        await expect(scan).toBeFocused({ timeout: 30_000 });
        for (const row of picked) {
          await scan.pressSequentially(row.item.barcode as string, { delay: 5 });
          await scan.press("Enter");
        }
        await expect(page.getByTestId("counter-line")).toHaveCount(3, { timeout: 20_000 });
        // The last scanned line is highlighted, and the scan field has the focus back.
        await expect(page.getByTestId("counter-line").last()).toHaveAttribute("data-active", "true");
        await expect(scan).toBeFocused();
        if (language === "ckb") await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe("rtl");
        expect(await overflowing(page)).toEqual([]);
        await expect(page.getByTestId("counter-pay")).toBeInViewport();

        // A tap on the stepper raises the quantity and gives the focus back to the scan field.
        await page.getByTestId("counter-line").first().getByRole("button").nth(2).tap();
        await expect(page.getByTestId("counter-line").first().getByTestId("line-quantity")).toHaveText("2");
        await expect(scan).toBeFocused();

        await page.getByTestId("counter-pay").tap();
        const dialog = page.getByTestId("pay-dialog");
        await expect(dialog).toBeVisible();
        // The exact amount in dinars and one dollar on top: the dollar comes back as change in dinars.
        await dialog.locator("[data-testid^=quick-IQD-]").first().tap();
        await dialog.locator("input[name=tender-USD]").fill("1");
        await expect(dialog.getByTestId("pay-remaining")).toHaveText(/^0 /);
        await expect(dialog.getByTestId("pay-change")).not.toHaveText(/^0 /);
        await expect(dialog.getByTestId("pay-change")).toContainText("IQD");
        expect(await overflowing(page)).toEqual([]);
        await dialog.getByTestId("pay-confirm").tap();

        // A new sale starts, with the scan field focused.
        await expect(page.getByTestId("counter-line")).toHaveCount(0, { timeout: 30_000 });
        await expect(scan).toBeFocused();
        await expect
          .poll(async () => (await apiGet<{ count: number }>(request, token, "sale/?page_size=1")).count, { timeout: 30_000 })
          .toBe(salesBefore + 1);
        const latest = await apiGet<Paged<SaleRow>>(request, token, "sale/?page_size=1&ordering=-id");
        const sale = await apiGet<SaleRow>(request, token, `sale/${latest.results[0].id}/`);
        expect(sale.payment_status).toBe("paid");
        expect(sale.payments).toHaveLength(2);
        expect(Number(sale.change?.amount)).toBeGreaterThan(0);
      });
    });
  }
}
