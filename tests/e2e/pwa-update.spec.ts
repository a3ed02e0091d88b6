import { expect, test, type Page } from "@playwright/test";
import { controlledByServiceWorker } from "./support/offline";
import { FormPage, LoginPage } from "./support/pages";
import { startRewritingProxy, type RewritingProxy } from "./support/rewriting-proxy";
import { ADMIN } from "./support/users";

/**
 * A new version is offered, never forced (DESIGN section 4): while a form is half filled, a new
 * service worker arrives and waits; the shell shows "Update available" and nothing reloads by itself.
 * Clicking it activates the new worker and reloads the page once.
 *
 * The app is opened through a proxy that, once asked, serves the real sw.js with a few lines
 * appended: a new version, whose lines answer a message with its number, so the spec can tell which
 * worker controls the page. (The browser checks a worker script for updates itself, out of reach of
 * Playwright's routing.)
 */

const VERSION_2 = `
self.addEventListener("message", (event) => {
  if (event.data && event.data.type === "E2E_VERSION") event.source.postMessage({ type: "E2E_VERSION", version: 2 });
});
`;

/** The controlling worker's version: 2 when it answers, 1 (the real one) when it stays silent. (While a
 * worker waits, the controller is the old one; the spec checks the waiting worker instead.) */
function controllerVersion(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const controller = navigator.serviceWorker.controller;
        if (!controller) return resolve(0);
        const onMessage = (event: MessageEvent) => {
          if ((event.data as { type?: string } | null)?.type !== "E2E_VERSION") return;
          navigator.serviceWorker.removeEventListener("message", onMessage);
          resolve((event.data as { version: number }).version);
        };
        navigator.serviceWorker.addEventListener("message", onMessage);
        controller.postMessage({ type: "E2E_VERSION" });
        setTimeout(() => resolve(1), 2_000);
      }),
  );
}

const hasWaitingWorker = (page: Page) => page.evaluate(async () => !!(await navigator.serviceWorker.getRegistration())?.waiting);

let proxy: RewritingProxy;
test.beforeAll(async ({ baseURL }) => {
  proxy = await startRewritingProxy(baseURL as string);
});
test.afterAll(async () => {
  await proxy.close();
});

/** Counts the documents loaded in a tab (a reload runs the init script again); -1 mid-reload. */
const loads = (page: Page) => page.evaluate(() => Number(sessionStorage.getItem("e2e.loads"))).catch(() => -1);
const updateButton = (page: Page) => page.getByRole("button", { name: "Update available" });

test("a new version waits for the user's click, then takes over with one reload, in every tab", async ({ browser }) => {
  test.setTimeout(90_000);
  const context = await browser.newContext({ baseURL: proxy.origin, locale: "en-US" });
  await context.addInitScript(() => {
    sessionStorage.setItem("e2e.loads", String(Number(sessionStorage.getItem("e2e.loads") ?? "0") + 1));
  });
  const page = await context.newPage();
  await new LoginPage(page).signIn(ADMIN);
  await controlledByServiceWorker(page);

  // A half-filled form, and a second tab on a list.
  await page.goto("/stock/item-group/add");
  const form = new FormPage(page);
  await form.field("Name").fill("Half typed");
  const other = await context.newPage();
  await other.goto("/stock/item-group");
  await expect(other.getByRole("table")).toBeVisible();
  const [loadsBefore, otherLoadsBefore] = [await loads(page), await loads(other)];

  // The server now has a new version of the worker; the app looks for it (as its hourly check does).
  proxy.rewrite("/sw.js", (body) => `${body}\n${VERSION_2}`);
  await page.evaluate(async () => {
    await (await navigator.serviceWorker.getRegistration())?.update();
  });

  // Offered, not forced: the new worker waits, the form keeps what was typed, nothing reloaded.
  await expect(updateButton(page)).toBeVisible({ timeout: 30_000 });
  await expect(updateButton(other)).toBeVisible();
  expect(await hasWaitingWorker(page)).toBe(true);
  await expect(form.field("Name")).toHaveValue("Half typed");
  expect(await loads(page)).toBe(loadsBefore);

  // The user's choice: the waiting worker takes over and this tab reloads, once.
  await updateButton(page).click();
  await expect.poll(() => loads(page), { timeout: 30_000 }).toBe(loadsBefore + 1);
  await expect(form.field("Name")).toHaveValue("");
  expect(await controllerVersion(page)).toBe(2);
  expect(await hasWaitingWorker(page)).toBe(false);
  await expect(updateButton(page)).toHaveCount(0);
  expect(await loads(page)).toBe(loadsBefore + 1);

  // The other tab was not reloaded under its user; its button now just reloads it onto the new version.
  expect(await loads(other)).toBe(otherLoadsBefore);
  await updateButton(other).click();
  await expect.poll(() => loads(other), { timeout: 30_000 }).toBe(otherLoadsBefore + 1);
  expect(await controllerVersion(other)).toBe(2);
  await expect(updateButton(other)).toHaveCount(0);
  await context.close();
});
