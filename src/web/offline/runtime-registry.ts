import type { OfflineRuntime } from "./offline-runtime";

/**
 * The running offline layer, apart from the code that runs it: the shell's sync badge reads it without
 * loading the outbox, the reference sync and their dependencies, which stay out of the first screen's
 * script (DESIGN section 6) and arrive in the runtime's own chunk (boot.ts).
 */
let current: OfflineRuntime | null = null;

export function getOfflineRuntime(): OfflineRuntime | null {
  return current;
}

export function setOfflineRuntime(runtime: OfflineRuntime | null): void {
  current = runtime;
}
