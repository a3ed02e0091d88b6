/// <reference lib="webworker" />
import { cleanupOutdatedCaches, PrecacheController, PrecacheRoute } from "workbox-precaching";
import { NavigationRoute, registerRoute } from "workbox-routing";
import { prepareOfflineDb } from "../src/web/offline/db";
import { replayUnfinished, replayWithoutPage } from "../src/web/offline/worker-replay";
import { installPrecache } from "./install-precache";

/**
 * The service worker (DESIGN section 4): the app shell and every lazy chunk are precached, so the
 * app opens and reloads offline; navigations fall back to index.html (the router picks the screen),
 * except the API and media, which must reach the server. Data never goes through a cache here: the
 * screens read IndexedDB and creates go through the outbox. Background sync wakes the open pages,
 * which replay; with no page open the worker replays the outbox itself (worker-replay.ts).
 */

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<string | { url: string; revision: string | null }> };

/** The Background Sync API's event (Chromium); not in TypeScript's lib yet. */
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
}

// Workbox's precache, installed several files at a time (install-precache.ts) instead of one by one.
const manifest = self.__WB_MANIFEST; // named once: the build injects the list at this one place
const precache = new PrecacheController();
precache.addToCacheList(manifest);
// A first install (no version before it) takes the open page at once: the screens it loads after the
// sign-in come from the cache just filled, not over the link again, and it opens offline from then on.
// An update never does: it waits for the user's click (pwa.ts), which reloads the page.
let firstInstall = false;
self.addEventListener("install", (event) => {
  firstInstall = !self.registration.active;
  event.waitUntil(installPrecache(precache, manifest, event));
});
self.addEventListener("activate", (event) => {
  void precache.activate(event);
  if (firstInstall) event.waitUntil(self.clients.claim());
});
registerRoute(new PrecacheRoute(precache));
cleanupOutdatedCaches();

registerRoute(
  new NavigationRoute(precache.createHandlerBoundToURL("index.html"), {
    denylist: [/^\/api\//, /^\/media\//],
  }),
);

/** Tag the page registers when it queues an entry (offline-runtime.ts). */
const OUTBOX_SYNC_TAG = "outbox";

/** Server origin: the page's SERVER_BASE (api-client.ts), same origin unless a dev build says otherwise. */
const SERVER_BASE = ((import.meta.env.VITE_SERVER_URL as string | undefined) ?? "").replace(/\/$/, "");

/**
 * Open pages replay themselves when told (their timers and state follow). With none open, the
 * worker replays; while the server is still out of reach the event fails, so the browser keeps the
 * sync and fires it again later.
 */
async function replayOutbox(): Promise<void> {
  const clients = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  if (clients.length > 0) {
    for (const client of clients) client.postMessage({ type: "replay" });
    return;
  }
  // Declared by what the device holds: at the current version, its schema alone (db.ts).
  const report = await replayWithoutPage({ db: await prepareOfflineDb(), baseUrl: SERVER_BASE });
  if (replayUnfinished(report))
    throw new Error(`The outbox still waits for the server (${report.stoppedBy ?? `${report.retryLater} to retry`})`);
}

self.addEventListener("sync", (event) => {
  const sync = event as SyncEvent;
  if (sync.tag !== OUTBOX_SYNC_TAG) return;
  sync.waitUntil(replayOutbox());
});

// A new version waits until the page asks (the user chose "Update"), never mid-form.
self.addEventListener("message", (event) => {
  if ((event.data as { type?: string } | null)?.type === "SKIP_WAITING") void self.skipWaiting();
});
