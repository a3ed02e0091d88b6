import { useSyncExternalStore } from "react";
import { yieldToMain } from "../lib/yield-to-main";

/** A User Timing mark when the offline runtime has started (a trace shows it; the e2e tests read it). */
export const OFFLINE_STARTED_MARK = "bo:offline-started";

let started: Promise<void> | null = null;
let running = false;
const listeners = new Set<() => void>();

/**
 * Loads the offline runtime's chunk and starts it (app-offline.ts), once. The router asks at once for
 * a screen that needs the outbox (route-screen.tsx waits on the same promise before it shows such a
 * screen, so no create runs without the outbox); otherwise the shell asks once the first screen has
 * painted (app/first-screen.ts). A chunk that fails to load is logged: the screens read the cache
 * without the runtime, and a create says the offline layer is not started.
 */
export function bootOffline(): Promise<void> {
  started ??= import("./app-offline").then(
    // Its modules have just run: the device database, the start and the re-render of what shows its
    // state (a synchronous one) each have a task of their own, not one long task with them (the first screen's budget,
    // DESIGN section 6).
    async ({ startAppOffline, prepareOfflineDb }) => {
      await prepareOfflineDb();
      await yieldToMain();
      startAppOffline();
      performance.mark(OFFLINE_STARTED_MARK);
      await yieldToMain();
      running = true;
      for (const listener of listeners) listener();
    },
    (error: unknown) => {
      console.error("The offline layer did not load", error);
    },
  );
  return started;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Whether the offline runtime runs: what shows its state (the top bar's sync status) waits for it. */
export function useOfflineRunning(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => running,
    () => false,
  );
}
