let started: Promise<void> | null = null;

/**
 * Loads the offline runtime's chunk and starts it (app-offline.ts), once. The shell waits on the same
 * promise before it shows a screen (it starts the runtime if nothing has), so no screen runs without
 * the outbox; the dashboard, which reads only the server, starts it when idle after its figures show
 * (bootOfflineWhenIdle), so the runtime's chunk and Dexie's work stay out of the first screen's way.
 * A chunk that fails to load is logged: the screens read the cache without the runtime, and a create
 * says the offline layer is not started.
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

/** bootOffline when the browser is idle (within two seconds at most; a timer where idle callbacks are missing). */
export function bootOfflineWhenIdle(): void {
  if (started) return;
  const start = () => void bootOffline();
  if (typeof requestIdleCallback === "function") requestIdleCallback(start, { timeout: 2000 });
  else setTimeout(start, 200);
}
