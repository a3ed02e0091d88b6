/**
 * The first screen first (DESIGN section 6). What the first screen does not need, the offline layer's start
 * (the device database, the outbox's replay, the reference pull) and the start-up refresh of the
 * stored session, waits until that screen has painted: it then neither delays that paint nor shares
 * its tasks. A screen that needs the offline layer asks for it at once (route-screen.tsx). Should no
 * screen show (an error, a redirect to the sign-in page), the work starts after FALLBACK_MS anyway.
 */
const FALLBACK_MS = 3_000;

/** A User Timing mark when the first screen has painted (a trace shows it; the e2e tests read it). */
export const FIRST_SCREEN_MARK = "bo:first-screen-painted";

let painted: () => void = () => undefined;
const firstScreenPainted = new Promise<void>((resolve) => {
  painted = () => {
    if (performance.getEntriesByName(FIRST_SCREEN_MARK).length === 0) performance.mark(FIRST_SCREEN_MARK);
    resolve();
  };
  setTimeout(resolve, FALLBACK_MS);
});

/** Resolves once the first screen has painted (at once after that). */
export function afterFirstScreen(): Promise<void> {
  return firstScreenPainted;
}

/** A screen has committed: the first one has painted after the next frame. */
export function screenCommitted(): void {
  requestAnimationFrame(() => setTimeout(painted, 0));
}
