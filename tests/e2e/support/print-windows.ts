import type { BrowserContext } from "@playwright/test";

/**
 * Print windows stay open, with no print dialog and no close, so a test can read them. Without it the
 * popup's print() runs in the renderer it shares with the page that opened it, and on a loaded machine that
 * page stops answering (a click, an offline event) for seconds.
 */
export async function keepPrintWindowsOpen(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    if (window.opener) {
      window.print = () => undefined;
      window.close = () => undefined;
    }
  });
}
