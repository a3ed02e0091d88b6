let started: Promise<void> | null = null;

/**
 * Loads the offline runtime's chunk and starts it (app-offline.ts), once: main.tsx asks at start-up,
 * before anything renders, and the shell waits on the same promise before it shows a screen, so no
 * screen runs without the outbox. A chunk that fails to load is logged: the screens read the cache
 * without the runtime, and a create says the offline layer is not started.
 */
export function bootOffline(): Promise<void> {
  started ??= import("./app-offline").then(
    ({ startAppOffline }) => {
      startAppOffline();
    },
    (error: unknown) => {
      console.error("The offline layer did not load", error);
    },
  );
  return started;
}
