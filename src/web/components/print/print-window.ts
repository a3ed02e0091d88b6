import { TIMINGS } from "../../lib/timings";
import { buildPrintHtml, type PrintOptions } from "./print-html";

/** Delay before printing so images (logo) load (SPEC section 9). */
export const PRINT_DELAY_MS = TIMINGS.printDelayMs;

/** Opens the 800x900 popup, prints after 500 ms, then closes it. */
export function openPrintWindow(options: PrintOptions): void {
  const popup = window.open("", "_blank", "width=800,height=900");
  if (!popup) return;
  popup.document.open();
  popup.document.write(buildPrintHtml(options));
  popup.document.close();
  window.setTimeout(() => {
    popup.focus();
    popup.print();
    popup.close();
  }, PRINT_DELAY_MS);
}
