import { lazy, type ComponentType } from "react";

const RELOAD_KEY = "bo.chunkReloadAt";
/** A second failure within this window is not reloaded again: the error screen shows instead. */
export const RELOAD_GUARD_MS = 10_000;

/**
 * Pure: reload after a failed chunk load unless we already reloaded for one moments ago, or the
 * device is offline (a reload would replace the app with the browser's offline page when no
 * service worker controls it yet; the error screen with its retry is the better place to be).
 */
export function shouldReloadAfterChunkError(lastReloadAt: number | null, now: number, online = true): boolean {
  if (!online) return false;
  return lastReloadAt === null || Number.isNaN(lastReloadAt) || now - lastReloadAt > RELOAD_GUARD_MS;
}

function readLastReload(): number | null {
  const raw = sessionStorage.getItem(RELOAD_KEY);
  return raw === null ? null : Number(raw);
}

/**
 * React.lazy with SPEC's rule: a screen whose chunk fails to load (a new deployment replaced it)
 * reloads the page once (online only). sessionStorage remembers the reload so a chunk that is really gone does not
 * loop; the route's error screen shows instead.
 */
export function lazyScreen(loader: () => Promise<{ default: ComponentType }>) {
  return lazy(async () => {
    try {
      return await loader();
    } catch (error) {
      const now = Date.now();
      if (shouldReloadAfterChunkError(readLastReload(), now, navigator.onLine)) {
        sessionStorage.setItem(RELOAD_KEY, String(now));
        window.location.reload();
        // Never resolves: the page is going away.
        return new Promise<{ default: ComponentType }>(() => undefined);
      }
      throw error;
    }
  });
}
