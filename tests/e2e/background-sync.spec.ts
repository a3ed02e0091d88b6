import { expect, test, type Page } from "@playwright/test";
import { controlledByServiceWorker, outboxEntriesNamed, pageToken, serverItemGroupCount } from "./support/offline";
import { FormPage, LoginPage } from "./support/pages";
import { ADMIN, uniqueName } from "./support/users";

/**
 * The service worker's background sync (sw/sw.ts, DESIGN section 4). A create queued offline
 * registers a sync with the "outbox" tag; the browser keeps it while offline and fires it when the
 * network returns; the worker's `sync` handler then tells the open pages to replay. The last part is
 * isolated from the page's own triggers (`online`, its backoff timer): the network comes back
 * without an `online` event (requests were failing through routing, not the offline switch), and the
 * sync event is dispatched through the DevTools protocol well before the entry's next timed retry.
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
  const name = uniqueName("Sync group");
  await new LoginPage(page).signIn(ADMIN);
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
  const creates = (url: URL) => url.pathname === "/api/item-group/";
  await page.route(creates, (route) => (route.request().method() === "POST" ? route.abort("connectionrefused") : route.fallback()));
  await context.setOffline(false);
  await expect.poll(replayMessages).toBeGreaterThanOrEqual(1);
  await expect.poll(() => syncTags(page)).toEqual([]);
  expect(await outboxEntriesNamed(page, name)).toHaveLength(1);

  // Wait for a backoff long enough that the page's own timer cannot be what sends it next.
  let retryAt = 0;
  await expect
    .poll(async () => {
      retryAt = (await outboxEntriesNamed(page, name))[0]?.next_attempt_at ?? 0;
      return retryAt - Date.now();
    }, { timeout: 30_000 })
    .toBeGreaterThan(4_000);

  // The server is reachable again (no `online` event); a sync event reaches the worker.
  await page.unroute(creates);
  const cdp = await context.newCDPSession(page);
  const registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] = [];
  cdp.on("ServiceWorker.workerRegistrationUpdated", (event) => registrations.push(...event.registrations));
  await cdp.send("ServiceWorker.enable");
  const origin = new URL(page.url()).origin;
  await expect.poll(() => registrations.some((r) => r.scopeURL === `${origin}/` && !r.isDeleted)).toBe(true);
  const registration = registrations.find((r) => r.scopeURL === `${origin}/` && !r.isDeleted)!;
  const messagesBefore = await replayMessages();
  const sent = page.waitForResponse((response) => creates(new URL(response.url())) && response.request().method() === "POST");
  await cdp.send("ServiceWorker.dispatchSyncEvent", { origin, registrationId: registration.registrationId, tag: OUTBOX_TAG, lastChance: false });

  // The worker told the page, which replayed at once: before the timed retry was due.
  expect((await sent).status()).toBe(201);
  expect(Date.now()).toBeLessThan(retryAt);
  expect(await replayMessages()).toBe(messagesBefore + 1);
  await expect.poll(async () => (await outboxEntriesNamed(page, name)).length).toBe(0);
  expect(await serverItemGroupCount(request, (await pageToken(page)) ?? "", name)).toBe(1);
});
