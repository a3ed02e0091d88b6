import { expect, test, type Page } from "@playwright/test";
import {
  controlledByServiceWorker,
  interceptReplay,
  outboxEntriesNamed,
  pageToken,
  postponeOutboxEntry,
  serverItemGroupCount,
  serviceWorkerSync,
} from "./support/offline";
import { FormPage } from "./support/pages";
import { ADMIN, uniqueName } from "./support/users";
import { signedIn } from "./support/session";

/**
 * The service worker's background sync (sw/sw.ts, DESIGN section 4). A create queued offline
 * registers a sync with the "outbox" tag; the browser keeps it while offline and fires it when the
 * network returns; the worker's `sync` handler then tells the open pages to replay. The last part is
 * isolated from the page's own triggers (`online`, its backoff timer): the network comes back
 * without an `online` event (requests were failing through routing, not the offline switch), the
 * entry's next timed retry is put off by ten minutes, and the sync event is dispatched through the
 * DevTools protocol. However slow the machine, only the sync event can have sent it.
 * (With no page open the worker replays itself: background-sync-no-page.spec.ts.)
 */

const OUTBOX_TAG = "outbox";

/** The background sync tags of the page's registration (Chromium has `registration.sync`). */
const syncTags = (page: Page) =>
  page.evaluate(async () => {
    const registration = (await navigator.serviceWorker.ready) as ServiceWorkerRegistration & { sync?: { getTags(): Promise<string[]> } };
    return registration.sync ? registration.sync.getTags() : null;
  });

/** Counts the worker's "replay" messages this page receives, from now on. */
async function countReplayMessages(page: Page): Promise<() => Promise<number>> {
  await page.evaluate(() => {
    const w = window as { e2eReplayMessages?: number };
    w.e2eReplayMessages = 0;
    navigator.serviceWorker.addEventListener("message", (event) => {
      if ((event.data as { type?: string } | null)?.type === "replay") w.e2eReplayMessages = (w.e2eReplayMessages ?? 0) + 1;
    });
  });
  return () => page.evaluate(() => (window as { e2eReplayMessages?: number }).e2eReplayMessages ?? 0);
}

test("a create queued offline registers a background sync whose event replays it", async ({ page, context, request }) => {
  test.setTimeout(150_000);
  const name = uniqueName("Sync group");
  await signedIn(page, ADMIN);
  await controlledByServiceWorker(page);
  await page.goto("/stock/item-group/add");
  const form = new FormPage(page);
  await expect(form.field("Name")).toBeVisible();
  const replayMessages = await countReplayMessages(page);

  // Queued offline: a sync is registered and waits for the network.
  await context.setOffline(true);
  await form.fill({ Name: name });
  await form.save();
  await expect.poll(async () => (await outboxEntriesNamed(page, name)).length).toBe(1);
  await expect.poll(() => syncTags(page)).toEqual([OUTBOX_TAG]);
  expect(await replayMessages()).toBe(0);

  // The network returns but the server stays out of reach: the browser fires the sync, the worker
  // wakes the page (which tries, fails, and backs off), and the entry stays.
  const restore = await interceptReplay(page, (path) => path === "item-group/", null);
  await context.setOffline(false);
  await expect.poll(replayMessages).toBeGreaterThanOrEqual(1);
  await expect.poll(() => syncTags(page)).toEqual([]);
  expect(await outboxEntriesNamed(page, name)).toHaveLength(1);

  // The entry has failed once and backs off. Put its next timed retry far off: the page's timer
  // cannot be what sends it next. (Verified after a moment, in case a retry was in flight.)
  const [entry] = await outboxEntriesNamed(page, name);
  const retryAt = Date.now() + 10 * 60_000;
  await expect(async () => {
    await postponeOutboxEntry(page, entry.id, retryAt);
    await page.waitForTimeout(300);
    expect((await outboxEntriesNamed(page, name))[0]?.next_attempt_at).toBe(retryAt);
  }).toPass({ timeout: 30_000 });

  // The server is reachable again (no `online` event); a sync event reaches the worker.
  await restore();
  const dispatchSync = await serviceWorkerSync(context, page);
  const messagesBefore = await replayMessages();
  await dispatchSync(OUTBOX_TAG);

  // The worker told the page, which replayed at once although the entry was not due for minutes.
  const token = (await pageToken(page)) ?? "";
  await expect.poll(() => serverItemGroupCount(request, token, name), { timeout: 60_000 }).toBe(1);
  expect(Date.now()).toBeLessThan(retryAt);
  expect(await replayMessages()).toBe(messagesBefore + 1);
  await expect.poll(async () => (await outboxEntriesNamed(page, name)).length, { timeout: 30_000 }).toBe(0);
  expect(await serverItemGroupCount(request, token, name)).toBe(1);
});
