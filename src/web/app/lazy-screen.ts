import { lazy, type ComponentType, type LazyExoticComponent } from "react";

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

type ScreenModule = { default: ComponentType };

/** Each lazy screen's way to start its download before it renders. */
const preloads = new WeakMap<object, () => void>();

/** Starts the screen's download now when it is a lazy screen (the router does, for the URL being opened). */
export function preloadScreen(screen: object): void {
  preloads.get(screen)?.();
}

/**
 * React.lazy with SPEC's rule: a screen whose chunk fails to load (a new deployment replaced it)
 * reloads the page once (online only). sessionStorage remembers the reload so a chunk that is really gone does not
 * loop; the route's error screen shows instead. `preloadScreen` starts the same download early; the
 * screen then renders from it.
 */
export function lazyScreen(loader: () => Promise<ScreenModule>): LazyExoticComponent<ComponentType> {
  let loading: Promise<ScreenModule> | undefined;
  const load = () => (loading ??= loadOrReload(loader));
  const screen = lazy(load);
  // A failure shows when the screen renders (React.lazy gets the same promise).
  preloads.set(screen, () => void load().catch(() => undefined));
  return screen;
}

async function loadOrReload(loader: () => Promise<ScreenModule>): Promise<ScreenModule> {
  try {
    return await loader();
  } catch (error) {
    const now = Date.now();
    if (shouldReloadAfterChunkError(readLastReload(), now, navigator.onLine)) {
      sessionStorage.setItem(RELOAD_KEY, String(now));
      window.location.reload();
      // Never resolves: the page is going away.
      return new Promise<ScreenModule>(() => undefined);
    }
    throw error;
  }
}
