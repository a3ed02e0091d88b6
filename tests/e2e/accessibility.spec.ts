// axe-core on one screen of each shape (sign-in, dashboard, list, form, view, report, statement), left to
// right and right to left: no serious or critical violation, and none of the two the review found on every
// signed-in screen (a shell control whose name leaves out its visible text, empty headers in a list's filter
// row). One sign-in per language; the screens are visited on the same page.
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { apiGet } from "./support/offline";
import { signedIn, type Paged } from "./support/session";
import { ADMIN } from "./support/users";

type Language = "en" | "ckb";

/** Rules that fail whatever their impact: the review's two findings (label-content-name-mismatch is off by default). */
const ALWAYS_FAIL = ["label-content-name-mismatch", "empty-table-header"];

/** Waits until the screen has drawn its data: nothing busy, no skeleton, fonts in. */
async function settled(page: Page): Promise<void> {
  await page.waitForLoadState("load");
  await expect(page.locator("main, .sign-in").first()).toBeVisible();
  await expect
    .poll(() => page.locator('[aria-busy="true"], .chakra-skeleton, .dash-skeleton, [data-loading]').count(), { timeout: 20_000 })
    .toBe(0);
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

/** The violations that fail the run, one line each (rule, impact, the first elements' selectors). */
async function violations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    // Only the violations are gathered: the passes of a long table are most of axe's time.
    .options({ resultTypes: ["violations"], rules: { "label-content-name-mismatch": { enabled: true } } })
    .analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical" || ALWAYS_FAIL.includes(v.id))
    .map(
      (v) =>
        `${v.id} (${v.impact ?? "?"}): ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(" "))
          .join(" | ")}`,
    );
}

async function expectAccessible(page: Page, screen: string, path: string, ready?: () => Promise<void>): Promise<void> {
  await test.step(screen, async () => {
    await page.goto(path);
    await settled(page);
    await ready?.();
    const started = Date.now();
    const found = await violations(page);
    console.log(`${screen}: axe ${Date.now() - started} ms`);
    expect(found, `${screen} (${path})`).toEqual([]);
  });
}

for (const language of ["en", "ckb"] as const satisfies readonly Language[]) {
  test(`no serious accessibility violation on any shape of screen, in ${language}`, async ({ page }) => {
    // Seven screens and seven axe passes on one page: minutes on a loaded two-core machine.
    test.setTimeout(540_000);
    // The language the device keeps (bo.language), set before the app runs.
    await page.goto("/favicon.svg");
    await page.evaluate((lang) => localStorage.setItem("bo.language", JSON.stringify(lang)), language);
    await expectAccessible(page, "sign-in", "/login", async () => {
      await expect(page.locator("html")).toHaveAttribute("lang", language);
    });

    const session = await signedIn(page, ADMIN);
    const sales = await apiGet<Paged<{ id: number }>>(page.request, session.token, "sale/?page_size=1");
    expect(sales.results.length, "the demo has sales").toBeGreaterThan(0);

    await expectAccessible(page, "dashboard", "/", async () => {
      await expect(page.locator(".dash-card, .dash-alert").first()).toBeVisible();
    });
    await expectAccessible(page, "list", "/stock/item", async () => {
      await expect(page.getByRole("table").locator("tbody tr").first()).toBeVisible();
    });
    await expectAccessible(page, "form", "/sale/customer/add", async () => {
      await expect(page.getByRole("textbox").first()).toBeVisible();
    });
    await expectAccessible(page, "view", `/sale/sale/${sales.results[0].id}/view`, async () => {
      await expect(page.getByRole("table").first()).toBeVisible();
    });
    await expectAccessible(page, "report", "/report/profit", async () => {
      await expect(page.getByRole("table").first()).toBeVisible();
    });
    await expectAccessible(page, "statement", "/accounting/customer/detail-account-statement", async () => {
      await expect(page.getByRole("combobox").or(page.getByRole("button")).first()).toBeVisible();
    });
  });
}
