/// <reference lib="webworker" />
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from "workbox-precaching";
import { NavigationRoute, registerRoute } from "workbox-routing";

/**
 * The service worker (DESIGN section 4): the app shell and every lazy chunk are precached, so the
 * app opens and reloads offline; navigations fall back to index.html (the router picks the screen),
 * except the API and media, which must reach the server. Data never goes through a cache here: the
 * screens read IndexedDB and creates go through the outbox. Background sync only wakes the pages:
 * the outbox replays in a page, where the token and the Web Lock are.
 */

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<string | { url: string; revision: string | null }> };

/** The Background Sync API's event (Chromium); not in TypeScript's lib yet. */
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
}

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

registerRoute(
  new NavigationRoute(createHandlerBoundToURL("index.html"), {
    denylist: [/^\/api\//, /^\/media\//],
  }),
);

/** Tag the page registers when it queues an entry (offline-runtime.ts). */
const OUTBOX_SYNC_TAG = "outbox";

self.addEventListener("sync", (event) => {
  const sync = event as SyncEvent;
  if (sync.tag !== OUTBOX_SYNC_TAG) return;
  sync.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((clients) => {
      for (const client of clients) client.postMessage({ type: "replay" });
    }),
  );
});

// A new version waits until the page asks (the user chose "Update"), never mid-form.
self.addEventListener("message", (event) => {
  if ((event.data as { type?: string } | null)?.type === "SKIP_WAITING") void self.skipWaiting();
});
