import { useSyncExternalStore } from "react";
import { Workbox } from "workbox-window";

/**
 * Service worker registration (workbox-window). A new version is offered, never forced: when one
 * is waiting, `updateAvailable` turns true and the shell shows an "Update available" button whose
 * click calls `applyUpdate()` (the waiting worker takes over, then the page reloads once).
 */

let workbox: Workbox | null = null;
let updateAvailable = false;
const listeners = new Set<() => void>();

function setUpdateAvailable(value: boolean) {
  updateAvailable = value;
  for (const listener of listeners) listener();
}

/** Registers /sw.js (production builds only; the dev server has no service worker). */
export function registerPwa(): void {
  if (workbox || typeof navigator === "undefined" || !("serviceWorker" in navigator) || !import.meta.env.PROD) return;
  workbox = new Workbox("/sw.js", { scope: "/" });
  workbox.addEventListener("waiting", () => setUpdateAvailable(true));
  void workbox.register().catch((error: unknown) => console.warn("Service worker registration failed", error));
  // Look for a new version now and then (a tablet may stay open for days).
  setInterval(() => void workbox?.update(), 60 * 60_000);
}

export function isUpdateAvailable(): boolean {
  return updateAvailable;
}

export function subscribeUpdateAvailable(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useUpdateAvailable(): boolean {
  return useSyncExternalStore(subscribeUpdateAvailable, isUpdateAvailable, () => false);
}

/**
 * Activates the waiting version and reloads once it controls the page. When nothing waits any more
 * (the user chose "Update" in another tab, whose new worker now serves this one too), just reloads,
 * so this tab runs the code that worker has cached.
 */
export async function applyUpdate(): Promise<void> {
  if (!workbox) return;
  const registration = await navigator.serviceWorker.getRegistration();
  if (!registration?.waiting) {
    window.location.reload();
    return;
  }
  workbox.addEventListener("controlling", () => window.location.reload());
  workbox.messageSkipWaiting();
}
