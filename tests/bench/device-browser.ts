import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type Browser, type BrowserContext } from "playwright-core";

/**
 * A new device for the browser benches: Chromium with a profile of its own on disk, as a tablet's
 * browser keeps IndexedDB, instead of an incognito context (`browser.newContext()`). Chromium keeps an
 * incognito context's IndexedDB in memory, and that backend's writes grow with what it holds: 100k
 * item records in 56 transactions cost the browser process about 63 s of CPU in memory against 14 s
 * on disk (Chromium 150, the same records and indexes; tests/bench/network-notes.md). The profile is
 * deleted when the device closes.
 */
export interface Device {
  browser: Browser;
  context: BrowserContext;
  close: () => Promise<void>;
}

export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

export async function launchDevice(options: { serviceWorkers?: "allow" | "block" } = {}): Promise<Device> {
  const profile = mkdtempSync(join(tmpdir(), "bench-device-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    args: ARGS,
    serviceWorkers: options.serviceWorkers ?? "allow",
  });
  const browser = context.browser();
  if (!browser) throw new Error("Chromium's persistent context has no browser to attach the DevTools protocol to");
  return {
    browser,
    context,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
