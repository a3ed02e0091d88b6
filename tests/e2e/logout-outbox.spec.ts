import { expect, test } from "@playwright/test";
import { controlledByServiceWorker, outboxEntriesNamed, pageToken, serverItemGroupCount } from "./support/offline";
import { FormPage, LoginPage, Shell } from "./support/pages";
import { ADMIN, uniqueName } from "./support/users";

/**
 * Logging out with unsynced entries asks first and keeps them (DESIGN section 4): cancelling keeps
 * the session; choosing "Log out anyway" logs out, the entry stays on the device and does not go while nobody is
 * signed in; once the same user signs in again it syncs, exactly once.
 */
test("logout with an unsynced entry: asks, keeps it, and it syncs once after signing in again", async ({ page, context, request }) => {
  test.setTimeout(90_000);
  const name = uniqueName("Logout group");
  const login = new LoginPage(page);
  const shell = new Shell(page);
  await login.signIn(ADMIN);
  // As on a tablet after its first visit: the service worker serves every screen offline.
  await controlledByServiceWorker(page);
  const userId = await page.evaluate(() => (JSON.parse(localStorage.getItem("bo.user") ?? "null") as { id: number } | null)?.id);
  expect(userId).toEqual(expect.any(Number));

  // Saved offline: it waits in the outbox.
  await page.goto("/stock/item-group/add");
  const form = new FormPage(page);
  await expect(form.field("Name")).toBeVisible();
  await context.setOffline(true);
  await form.fill({ Name: name });
  await form.save();
  await expect.poll(async () => (await outboxEntriesNamed(page, name)).map((entry) => entry.status)).toEqual(["pending"]);

  // The logout asks first; cancelling keeps the user signed in.
  const question = page.getByRole("alertdialog");
  await shell.chooseLogout();
  await expect(question).toContainText("1 entry is not synced yet");
  await question.getByRole("button", { name: "Cancel" }).click();
  await expect(question).toBeHidden();
  await expect(page).not.toHaveURL(/\/login/);
  expect(await pageToken(page)).not.toBeNull();

  // "Log out anyway" logs out, and the entry stays on the device.
  await shell.chooseLogout();
  await question.getByRole("button", { name: "Log out anyway" }).click();
  await expect(page).toHaveURL(/\/login/);
  expect(await pageToken(page)).toBeNull();
  expect((await outboxEntriesNamed(page, name)).map((entry) => entry.user_id)).toEqual([userId]);

  // Back online, signed out: nothing is sent for a user who is not there.
  await context.setOffline(false);
  const answer = await request.post("/api/login/", { data: ADMIN });
  expect(answer.status()).toBe(200);
  const { token } = (await answer.json()) as { token: string };
  expect(await serverItemGroupCount(request, token, name)).toBe(0);
  expect(await outboxEntriesNamed(page, name)).toHaveLength(1);

  // The same user signs in again: the entry syncs, once.
  await login.signIn(ADMIN);
  await expect.poll(async () => (await outboxEntriesNamed(page, name)).length, { timeout: 30_000 }).toBe(0);
  expect(await serverItemGroupCount(request, token, name)).toBe(1);
});
