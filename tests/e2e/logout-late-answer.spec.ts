import { expect, test } from "@playwright/test";
import { LoginPage, Shell } from "./support/pages";
import { ADMIN } from "./support/users";

/**
 * A call still on its way when the user logs out is answered 401 (its token was revoked): that answer
 * belongs to the ended session, so it must not navigate the signed-out device anywhere (api-client.ts).
 * Found by CI: the start-up refresh now runs after the first screen, so a quick logout overlaps it.
 */
test.use({ serviceWorkers: "block" });

test("a call answered 401 after logging out leaves the user on the sign-in page", async ({ page }) => {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let held = 0;
  // The start-up refresh's last call waits until the logout has revoked its token.
  await page.route("**/api/currency/all/", async (route) => {
    held += 1;
    await released;
    await route.continue();
  });
  const login = new LoginPage(page);
  await login.signIn(ADMIN);
  await expect.poll(() => held).toBeGreaterThan(0);

  const loggedOut = page.waitForResponse((response) => response.url().endsWith("/api/logout/"));
  await new Shell(page).chooseLogout();
  expect((await loggedOut).status()).toBe(200);
  await expect(page).toHaveURL(/\/login$/);

  const visited: string[] = [];
  page.on("framenavigated", (frame) => {
    if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname);
  });
  const late = page.waitForResponse((response) => response.url().endsWith("/api/currency/all/"));
  release();
  expect((await late).status()).toBe(401);
  // Give a wrong navigation the time to happen, then check none did.
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 500)));
  expect(visited).toEqual([]);
  await expect(page).toHaveURL(/\/login$/);
  await expect(login.username()).toBeVisible();
});
