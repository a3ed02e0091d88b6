import type { BrowserContext, Page } from "@playwright/test";

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

/** The page size a print window asks for ("80mm 143mm"): its last @page rule's. */
export function receiptPageSize(printWindow: Page): Promise<string> {
  return printWindow.evaluate(
    () =>
      Array.from(document.styleSheets)
        .flatMap((sheet) => Array.from(sheet.cssRules))
        .filter((rule): rule is CSSPageRule => rule instanceof CSSPageRule)
        // Chromium keeps `size` out of the rule's style declaration; its text has it.
        .map((rule) => /size:\s*([^;]+);/.exec(rule.cssText)?.[1]?.trim() ?? "")
        .at(-1) ?? "",
  );
}
