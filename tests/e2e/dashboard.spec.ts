import { mkdirSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { apiGet } from "./support/offline";
import { DashboardPage, Shell } from "./support/pages";
import { signedIn } from "./support/session";
import { ADMIN } from "./support/users";

const SHOTS = process.env.E2E_SHOTS_DIR ?? "/tmp/shots-dashboard";

interface Dashboard {
  sales?: { today: string; this_month: string; by_day: unknown[]; top_items: { item_name: string }[] };
  min_quantity?: { count: number };
}

/** Whole amounts as the cards show them: thousands separators, no decimals. */
const whole = (value: string) => Math.round(Number(value)).toLocaleString("en-US");

test("the manager's dashboard shows the day's figures and charts in English and in Kurdish; a card opens its report", async ({
  page,
  request,
}) => {
  mkdirSync(SHOTS, { recursive: true });
  await page.setViewportSize({ width: 1366, height: 1000 });
  const { token } = await signedIn(page, ADMIN);
  const expected = await apiGet<Dashboard>(request, token, "dashboard/");
  expect(expected.sales?.by_day.length, "the demo has sales in the last 30 days").toBeGreaterThan(0);
  expect(expected.min_quantity?.count, "the demo has items under their minimum").toBeGreaterThan(0);

  const dashboard = new DashboardPage(page);
  await dashboard.goto();
  await expect(dashboard.cards()).toBeVisible();
  await expect(dashboard.cardLink("Sales this month")).toBeVisible();
  await expect(dashboard.cards()).toContainText(whole(expected.sales!.this_month));
  await expect(dashboard.cardLink("Items at minimum quantity")).toHaveAttribute("href", "/report/min-quantity-item");
  await expect(await dashboard.chart("Sales over the last 30 days by branch")).toBeVisible();
  await expect(await dashboard.chart("Top ten items of the last 30 days")).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/dashboard-en.png`, fullPage: true });

  // Offline, the dashboard shows the figures kept on the device, marked as such.
  await dashboard.cardLink("Items at minimum quantity").click();
  await expect(page).toHaveURL(/\/report\/min-quantity-item$/);
  await expect(page.locator("tbody tr").first()).toBeVisible();
  await page.context().setOffline(true);
  await page.goBack();
  await expect(dashboard.cards()).toContainText(whole(expected.sales!.this_month));
  await expect(page.getByText(/^Figures of .+, kept on this device$/)).toBeVisible();
  await page.context().setOffline(false);
  await expect(page.getByText(/^Figures of [^,]+$/)).toBeVisible();

  const shell = new Shell(page);
  await shell.switchLanguage("کوردی");
  await shell.expectRightToLeft();
  await expect(dashboard.cards("ژمارەکانی ئەمڕۆ")).toBeVisible();
  await expect(page.getByRole("link", { name: "فرۆشتنی ئەمڕۆ", exact: true })).toBeVisible();
  await expect(await dashboard.chart("فرۆشتنی ٣٠ ڕۆژی ڕابردوو بەپێی لق")).toBeVisible();
  await expect(await dashboard.chart("دە باشترین کاڵای ٣٠ ڕۆژی ڕابردوو")).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/dashboard-ckb.png`, fullPage: true });

  await page.getByRole("link", { name: "کاڵای گەیشتوو بە کەمترین بڕ", exact: true }).click();
  await expect(page).toHaveURL(/\/report\/min-quantity-item$/);
  await expect(page.locator("tbody tr").first()).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/min-quantity-ckb.png`, fullPage: true });
});

/** Chakra's theme system puts its tokens on <html> as CSS variables once it is built. */
const chakraBuilt = (page: import("@playwright/test").Page) =>
  page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue("--chakra-colors-bg").trim() !== "");

test("on a phone the dashboard and the shell draw without Chakra; its theme system is built when a popup needs it", async ({ page }) => {
  await page.setViewportSize({ width: 412, height: 823 });
  await signedIn(page, ADMIN);
  const dashboard = new DashboardPage(page);
  await dashboard.goto();
  await expect(dashboard.cardLink("Sales today")).toBeVisible();
  // The menu drawer is the browser's modal dialog: it opens, lists the areas, and Escape closes it.
  await page.getByRole("button", { name: "Toggle menu" }).click();
  const drawer = page.getByRole("dialog", { name: "Menu" });
  await expect(drawer.getByRole("link", { name: "Dashboard" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(drawer).toBeHidden();
  // Nothing on the first screen asked for Chakra (the charts are below the fold).
  await page.waitForTimeout(1000);
  expect(await chakraBuilt(page)).toBe(false);

  const shell = new Shell(page);
  await shell.userMenu().click();
  await expect(page.getByRole("menuitem", { name: "Profile" })).toBeVisible();
  expect(await chakraBuilt(page)).toBe(true);
});

test("a toast raised on the dashboard shows, though the first screen had not loaded Chakra", async ({ page }) => {
  await page.setViewportSize({ width: 412, height: 823 });
  await signedIn(page, ADMIN);
  await page.route("**/api/dashboard/", (route) =>
    route.fulfill({ status: 503, contentType: "application/json", body: JSON.stringify({ message: "The server is busy" }) }),
  );
  const dashboard = new DashboardPage(page);
  await dashboard.goto();
  await expect(page.getByText("The server is busy").first()).toBeVisible();
  expect(await chakraBuilt(page)).toBe(true);
});

/** When the first screen painted and when the offline layer started (User Timing marks), in ms since the page opened. */
const startMarks = (page: import("@playwright/test").Page) =>
  page.evaluate(() => {
    const at = (name: string) => performance.getEntriesByName(name)[0]?.startTime ?? null;
    return { firstScreen: at("bo:first-screen-painted"), offline: at("bo:offline-started") };
  });

test("the dashboard paints before the offline layer starts; a screen that keys documents shows only once it runs", async ({ page }) => {
  await signedIn(page, ADMIN);
  const dashboard = new DashboardPage(page);
  await dashboard.goto();
  await expect(dashboard.cardLink("Sales today")).toBeVisible();
  // The sync status reads the device's database: it comes with the offline layer, after the first paint.
  await expect(page.getByTestId("sync-status-button")).toBeVisible();
  const onDashboard = await startMarks(page);
  expect(onDashboard.firstScreen).not.toBeNull();
  expect(onDashboard.offline).not.toBeNull();
  expect(onDashboard.offline).toBeGreaterThanOrEqual(onDashboard.firstScreen);

  // Opened directly, a screen of the outbox's kind waits for the offline layer (route-screen.tsx).
  await page.goto("/report/min-quantity-item");
  await expect(page.locator("tbody tr").first()).toBeVisible();
  const elsewhere = await startMarks(page);
  expect(elsewhere.offline).not.toBeNull();
  expect(elsewhere.firstScreen).not.toBeNull();
  expect(elsewhere.offline).toBeLessThan(elsewhere.firstScreen);
});

test("at /, the dashboard's chunk is asked for by the entry, beside the app's, not after the router has started", async ({ page }) => {
  await signedIn(page, ADMIN);
  const scripts: string[] = [];
  page.on("request", (asked) => {
    const chunk = /\/assets\/(dashboard-page|start-app)-[^/]*\.js$/.exec(asked.url())?.[1];
    if (chunk) scripts.push(chunk);
  });
  await new DashboardPage(page).goto();
  await expect(page.getByRole("heading", { name: "Your branches" })).toBeVisible();
  // main.tsx asks for the dashboard before the app: the router (in start-app) would ask only once it runs.
  expect(scripts.slice(0, 2)).toEqual(["dashboard-page", "start-app"]);
});

test("opened at /, the app knows the other screens from its first navigation: a card's link, the back button, an unknown path", async ({
  page,
}) => {
  await signedIn(page, ADMIN);
  const dashboard = new DashboardPage(page);
  await dashboard.goto();
  await expect(page.getByRole("heading", { name: "Your branches" })).toBeVisible();
  // The router started with the dashboard's route alone (app/router.tsx): the first link adds the rest.
  await dashboard.cardLink("Items at minimum quantity").click();
  await expect(page).toHaveURL(/\/report\/min-quantity-item$/);
  await expect(page.locator("tbody tr").first()).toBeVisible();
  await page.goBack();
  await expect(page.getByRole("heading", { name: "Your branches" })).toBeVisible();
  // A path no screen has still ends on not-found, in the app (a history entry the router is told of).
  await page.evaluate(() => {
    window.history.pushState(null, "", "/no-such-screen");
    window.dispatchEvent(new PopStateEvent("popstate"));
  });
  await expect(page).toHaveURL(/\/not-found$/);
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
});

/** Holds the app's chunk until the returned function is called (the page shows what it draws before the app). */
async function holdApp(page: import("@playwright/test").Page): Promise<() => void> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.unroute(/\/assets\/start-app-[^/]*\.js$/);
  await page.route(/\/assets\/start-app-[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

test.describe("the dashboard kept as it last looked", () => {
  // The app's chunk is held below; a service worker would answer it from its cache, past page.route.
  test.use({ serviceWorkers: "block" });

  test("at /, a returning user sees the dashboard as it last looked before the app has loaded; the app replaces it; logout forgets it", async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 412, height: 823 });
    const { token } = await signedIn(page, ADMIN);
    const expected = await apiGet<Dashboard>(request, token, "dashboard/");
    const dashboard = new DashboardPage(page);
    await dashboard.goto();
    await expect(page.getByText(/^Figures of [^,]+$/)).toBeVisible();
    // Kept in idle time once the fresh figures have drawn.
    await expect.poll(() => page.evaluate(() => localStorage.getItem("bo.kept-screen")?.length ?? 0)).toBeGreaterThan(1000);

    // The next start, with the app's chunk held: the kept copy shows, inert, with the day's figures.
    let releaseApp = await holdApp(page);
    await page.reload();
    const copy = page.locator("#root > .kept-screen");
    await expect(copy).toHaveAttribute("inert", "");
    await expect(copy.locator("h1")).toHaveText(/^Welcome, /);
    await expect(copy.locator(".dash-grid").first()).toContainText(whole(expected.sales!.this_month));
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: `${SHOTS}/dashboard-kept-copy.png` });
    // Inert: a press on it does nothing (the app is not there to answer it).
    await copy.getByText("Items at minimum quantity").first().click({ force: true });
    await expect(copy).toBeVisible();
    expect(new URL(page.url()).pathname).toBe("/");
    // Its chart frames and sync status are kept as empty boxes (they draw with Chakra or live data).
    await expect(copy.locator("[data-kept='empty']").first()).toBeAttached();
    for (const part of await copy.locator("[data-kept='empty']").all()) expect(await part.innerHTML()).toBe("");

    releaseApp();
    await expect(page.getByRole("heading", { name: /^Welcome, / })).toBeVisible();
    await expect(copy).toHaveCount(0);
    await page.screenshot({ path: `${SHOTS}/dashboard-after-copy.png` });
    await dashboard.cardLink("Items at minimum quantity").click();
    await expect(page).toHaveURL(/\/report\/min-quantity-item$/);

    // In Kurdish the copy is taken again, and drawn right to left before the app's catalog is here.
    await page.goBack();
    const shell = new Shell(page);
    await shell.switchLanguage("کوردی");
    await expect
      .poll(() => page.evaluate(() => (JSON.parse(localStorage.getItem("bo.kept-screen") ?? "{}") as { lang?: string }).lang))
      .toBe("ckb");
    releaseApp = await holdApp(page);
    await page.reload();
    await expect(copy.locator("h1")).toHaveText(/^بەخێربێیت، /);
    expect(await page.evaluate(() => document.documentElement.dir)).toBe("rtl");
    releaseApp();
    await expect(page.getByRole("heading", { name: /^بەخێربێیت، / })).toBeVisible();
    await expect(copy).toHaveCount(0);
    await shell.switchLanguage("English");

    // Logout forgets it with the session; the sign-in page never draws it.
    await shell.chooseLogout();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem("bo.kept-screen"))).toBeNull();
  });
});
