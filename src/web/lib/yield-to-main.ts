/**
 * Ends the current task and goes on in a new one, so the browser can paint and answer a press in
 * between. Start-up work done in one go is one long task (on a phone every task over 50 ms
 * blocks input, and Lighthouse counts it). `scheduler.yield` where the browser has it (the rest keeps
 * its place ahead of other queued work), else a zero-delay timeout.
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === "function") return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
