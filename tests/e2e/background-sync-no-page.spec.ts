import { expect, test } from "@playwright/test";
import {
  controlledByServiceWorker,
  deviceSession,
  outboxEntriesNamed,
  pageToken,
  serverItemGroupCount,
  serviceWorkerSync,
} from "./support/offline";
import { FormPage, Shell } from "./support/pages";
import { ADMIN, uniqueName } from "./support/users";
import { signedIn } from "./support/session";

/**
 * Background sync with no page of the app open (sw/sw.ts, worker-replay.ts): the worker replays the
 * outbox itself, with the session copy the app keeps in IndexedDB (the worker cannot read
 * localStorage). The copy is written at sign-in and deleted at logout.
 */

const OUTBOX_TAG = "outbox";

test("with every tab of the app closed, the sync event makes the worker replay the outbox, once", async ({ page, context, request }) => {
  test.setTimeout(150_000);
  const name = uniqueName("Closed tab group");
  await signedIn(page, ADMIN);
  await controlledByServiceWorker(page);
  const token = (await pageToken(page)) ?? "";
  const userId = await page.evaluate(() => (JSON.parse(localStorage.getItem("bo.user") ?? "null") as { id: number } | null)?.id);
  await expect.poll(() => deviceSession(page)).toEqual({ token, user_id: userId });

  // Saved offline, then the tab leaves the app: no window of the origin is left.
  await page.goto("/stock/item-group/add");
  const form = new FormPage(page);
  await expect(form.field("Name")).toBeVisible();
  const dispatchSync = await serviceWorkerSync(context, page);
  await context.setOffline(true);
  await form.fill({ Name: name });
  await form.save();
  await expect.poll(async () => (await outboxEntriesNamed(page, name)).length).toBe(1);
  await page.goto("about:blank");
  expect(await serverItemGroupCount(request, token, name)).toBe(0);

  // The network returns (the browser may fire the sync itself); the sync event reaches the worker.
  // A sync that runs before the worker sees the network back fails, and the browser would fire it
  // again minutes later: the test fires it again while nothing is booked (no page exists to replay).
  await context.setOffline(false);
  await expect
    .poll(
      async () => {
        const booked = await serverItemGroupCount(request, token, name);
        if (booked === 0) await dispatchSync(OUTBOX_TAG);
        return booked;
      },
      { timeout: 60_000, intervals: [1_000, 2_000, 5_000] },
    )
    .toBe(1);

  // Back in the app: the entry has left the outbox, and was booked once.
  await page.goto("/stock/item-group");
  await expect.poll(async () => (await outboxEntriesNamed(page, name)).length, { timeout: 30_000 }).toBe(0);
  expect(await serverItemGroupCount(request, token, name)).toBe(1);

  // Logging out deletes the copy: a signed-out device sends nothing.
  await new Shell(page).chooseLogout();
  await expect(page).toHaveURL(/\/login/);
  await expect.poll(() => deviceSession(page)).toBeNull();
});
