/// <reference lib="webworker" />
import type { PrecacheController, PrecacheEntry } from "workbox-precaching";
import { decodeBundle, PRECACHE_BUNDLE } from "./precache-bundle";

/**
 * The service worker's install (issue 12). Workbox's own install fetches its entries one after another:
 * over a branch link each file costs a round trip (330 files: 34 s on the good link's 80 ms, 120 s on
 * the poor one's 300 ms). Here:
 * 1. when much is missing (a new device; an update that changed most files), the whole precache comes in
 *    one request, the build's bundle (precache-bundle.ts), and each file of it whose revision is the
 *    list's goes into workbox's cache under workbox's key;
 * 2. then every entry through workbox's own strategy, PRECACHE_IN_FLIGHT at a time: an entry already
 *    cached costs a cache lookup, one missing (an update's few files, or no bundle) is fetched as
 *    workbox would, and a failed fetch fails the install as before.
 */

/** Six: what Chromium opens to one host over HTTP/1.1. */
export const PRECACHE_IN_FLIGHT = 6;

/** The bundle is fetched when at least this share of the entries is missing from the cache. */
const BUNDLE_WHEN_MISSING = 0.25;

declare const self: ServiceWorkerGlobalScope;

type Manifest = ReadonlyArray<string | PrecacheEntry>;

export async function installPrecache(controller: PrecacheController, manifest: Manifest, event: ExtendableEvent): Promise<void> {
  const entries = [...controller.getURLsToCacheKeys()];
  const cache = await self.caches.open(controller.strategy.cacheName);
  const cached = new Set((await cache.keys()).map((request) => request.url));
  const missing = entries.filter(([, cacheKey]) => !cached.has(cacheKey));
  if (missing.length > 0 && missing.length >= entries.length * BUNDLE_WHEN_MISSING) {
    // Best effort: whatever the bundle does not give (no bundle, another revision) step 2 fetches.
    await putFromBundle(cache, new Map(missing), manifest).catch((error: unknown) => console.warn("Precache bundle not used", error));
  }
  const revisioned = new Set(manifest.filter((entry) => typeof entry !== "string" && entry.revision).map((entry) => absolute(entry)));
  let next = 0;
  const fetchInTurn = async () => {
    while (next < entries.length) {
      const [url, cacheKey] = entries[next++];
      // As workbox's install: an entry with a revision bypasses the HTTP cache.
      const request = new Request(url, { cache: revisioned.has(url) ? "reload" : "default", credentials: "same-origin" });
      await Promise.all(controller.strategy.handleAll({ params: { cacheKey }, request, event }));
    }
  };
  await Promise.all(Array.from({ length: Math.min(PRECACHE_IN_FLIGHT, entries.length) }, fetchInTurn));
}

const absolute = (entry: string | PrecacheEntry) => new URL(typeof entry === "string" ? entry : entry.url, self.location.href).href;

/** Puts the bundle's files that `missing` (url -> cache key) wants, at the manifest's revision. */
async function putFromBundle(cache: Cache, missing: ReadonlyMap<string, string>, manifest: Manifest): Promise<void> {
  const response = await fetch(new URL(PRECACHE_BUNDLE, self.location.href), { cache: "no-store", credentials: "same-origin" });
  if (!response.ok) throw new Error(`${PRECACHE_BUNDLE}: HTTP ${response.status}`);
  const revisions = new Map(manifest.map((entry) => [absolute(entry), typeof entry === "string" ? null : (entry.revision ?? null)]));
  const puts: Promise<void>[] = [];
  for (const file of decodeBundle(await response.arrayBuffer())) {
    const url = absolute(file.url);
    const cacheKey = missing.get(url);
    if (!cacheKey || revisions.get(url) !== file.revision) continue;
    puts.push(cache.put(cacheKey, new Response(file.bytes, { headers: { "content-type": file.type } })));
  }
  await Promise.all(puts);
}
