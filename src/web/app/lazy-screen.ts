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

type ChunkModule<P> = { default: ComponentType<P> };

/** A component in a chunk of its own, and a way to start that chunk's download before it renders. */
export interface LazyChunk<P> {
  Component: LazyExoticComponent<ComponentType<P>>;
  preload: () => void;
  /** Starts the download if needed; resolves once the chunk is here or has failed (the render shows the failure). */
  arrived: () => Promise<void>;
}

/**
 * React.lazy with SPEC's rule: a chunk that fails to load (a new deployment replaced it) reloads the
 * page once (online only). sessionStorage remembers the reload so a chunk that is really gone does not
 * loop; the error screen shows instead. `preload` starts the same download early (asked once): the
 * component then renders from it, and a failure shows when it renders. A chunk already here renders
 * at once: React.lazy is handed a thenable that resolves synchronously, so the component does not
 * suspend (a fallback shown, then replaced no sooner than React's 300 ms reveal throttle allows).
 */
export function lazyChunk<P>(loader: () => Promise<ChunkModule<P>>): LazyChunk<P> {
  let loading: Promise<ChunkModule<P>> | undefined;
  let loaded: ChunkModule<P> | undefined;
  const load = () =>
    (loading ??= loadOrReload(loader).then((module) => {
      loaded = module;
      return module;
    }));
  const here = (module: ChunkModule<P>) => ({ then: (resolve: (value: ChunkModule<P>) => void) => resolve(module) });
  const Component = lazy(() => (loaded ? (here(loaded) as unknown as Promise<ChunkModule<P>>) : load()));
  const arrived = () =>
    load().then(
      () => undefined,
      () => undefined,
    );
  return { Component, preload: () => void arrived(), arrived };
}

/** Each lazy screen's `arrived`. */
const preloads = new WeakMap<object, () => Promise<void>>();

/**
 * Starts the screen's download now when it is a lazy screen (the router does, for the URL being
 * opened); resolves once it is here (at once for a screen that is not lazy).
 */
export function preloadScreen(screen: object): Promise<void> {
  return preloads.get(screen)?.() ?? Promise.resolve();
}

/** A route's screen as a lazy chunk (lazyChunk), which preloadScreen can ask for before it renders. */
export function lazyScreen(loader: () => Promise<ChunkModule<object>>): LazyExoticComponent<ComponentType> {
  const { Component, arrived } = lazyChunk(loader);
  preloads.set(Component, arrived);
  return Component;
}

async function loadOrReload<M>(loader: () => Promise<M>): Promise<M> {
  try {
    return await loader();
  } catch (error) {
    const now = Date.now();
    if (shouldReloadAfterChunkError(readLastReload(), now, navigator.onLine)) {
      sessionStorage.setItem(RELOAD_KEY, String(now));
      window.location.reload();
      // Never resolves: the page is going away.
      return new Promise<M>(() => undefined);
    }
    throw error;
  }
}
