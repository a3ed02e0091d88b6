import { gzipSync } from "node:zlib";
import type { Plugin } from "vite";

/** DESIGN section 6: the JavaScript of the first screen, gzipped. */
export const INITIAL_JS_BUDGET_KIB = 300;

/** One chunk of a build: its file, size, the chunks it imports statically, its source module. */
export interface ChunkInfo {
  file: string;
  code: string | Uint8Array;
  imports: readonly string[];
  isEntry: boolean;
  /** The module the chunk was built from (a dynamic import's target), when there is one. */
  facadeModuleId?: string | null;
  /** Every module in the chunk: a dynamic import's target may share a chunk without being its facade. */
  moduleIds?: readonly string[];
}

/** Whether the chunk holds the module whose path ends with `modulePath`. */
const holds = (chunk: ChunkInfo, modulePath: string) =>
  [chunk.facadeModuleId, ...(chunk.moduleIds ?? [])].some((id) => id?.replaceAll("\\", "/").endsWith(modulePath));

/** A first screen: the entry's script plus the lazy chunks the screen waits for (the app, the sign-in page or the shell). */
export interface FirstScreen {
  name: string;
  /** Ends of the module paths whose chunks the screen loads before it shows, e.g. "src/web/app/shell-layout.tsx". */
  lazyModules: readonly string[];
}

export interface ScreenSize {
  name: string;
  files: string[];
  rawBytes: number;
  gzipBytes: number;
}

/** The chunks a chunk loads before it runs: itself and its static imports, transitively. */
export function staticClosure(chunks: ReadonlyMap<string, ChunkInfo>, start: string): string[] {
  const seen = new Set<string>();
  const stack = [start];
  while (stack.length > 0) {
    const file = stack.pop()!;
    if (seen.has(file)) continue;
    const chunk = chunks.get(file);
    if (!chunk) continue;
    seen.add(file);
    stack.push(...chunk.imports);
  }
  return [...seen];
}

const gzipped = (code: string | Uint8Array) => gzipSync(code, { level: 9 }).length;
const rawSize = (code: string | Uint8Array) => (typeof code === "string" ? Buffer.byteLength(code) : code.length);

/** Raw and gzipped bytes of the JavaScript each first screen loads: the entry's closure plus its lazy chunks'. */
export function measureFirstScreens(chunkList: readonly ChunkInfo[], screens: readonly FirstScreen[]): ScreenSize[] {
  const chunks = new Map(chunkList.map((chunk) => [chunk.file, chunk]));
  const entries = chunkList.filter((chunk) => chunk.isEntry);
  if (entries.length !== 1) throw new Error(`js-budget: expected one entry chunk, found ${entries.length}`);
  const entryFiles = staticClosure(chunks, entries[0].file);
  return screens.map((screen) => {
    const files = new Set(entryFiles);
    for (const lazyModule of screen.lazyModules) {
      const lazy = chunkList.find((chunk) => holds(chunk, lazyModule));
      if (!lazy) throw new Error(`js-budget: no chunk built from ${lazyModule} (the ${screen.name} screen)`);
      for (const file of staticClosure(chunks, lazy.file)) files.add(file);
    }
    const list = [...files].sort();
    return {
      name: screen.name,
      files: list,
      rawBytes: list.reduce((sum, file) => sum + rawSize(chunks.get(file)!.code), 0),
      gzipBytes: list.reduce((sum, file) => sum + gzipped(chunks.get(file)!.code), 0),
    };
  });
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

/** The lines the build prints, and the error naming each screen over the budget (null when all fit). */
export function budgetReport(sizes: readonly ScreenSize[], budgetKiB: number): { lines: string[]; error: string | null } {
  const lines = sizes.map(
    (s) =>
      `initial JS of ${s.name}: ${kib(s.gzipBytes)} gzipped (${kib(s.rawBytes)} raw, ${s.files.length} chunks), budget ${budgetKiB} KiB`,
  );
  const over = sizes.filter((s) => s.gzipBytes > budgetKiB * 1024);
  const error =
    over.length === 0
      ? null
      : `Initial JavaScript over its budget of ${budgetKiB} KiB gzipped (DESIGN section 6): ` +
        over.map((s) => `${s.name} loads ${kib(s.gzipBytes)} (${s.files.join(", ")})`).join("; ") +
        ". Move what the first screen does not need behind a dynamic import (lazy route, lazy component).";
  return { lines, error };
}

/**
 * The screens a device can open first: the sign-in page (a new device) and the dashboard (signed in).
 * The entry (main.tsx) is small: without a session it loads the sign-in page alone; with one, the
 * app (start-app.tsx: React, the router), the shell's chunk and the dashboard's chunk (the router asks
 * for the opened URL's screen with the app), at once, so all count. Neither loads Chakra's components
 * or theme system (lib/chakra-on-demand.tsx), nor the offline layer with Dexie (offline/app-offline.ts):
 * they come after the dashboard has painted (app/first-screen.ts), or with the first screen that needs them.
 */
export const FIRST_SCREENS: readonly FirstScreen[] = [
  { name: "the sign-in page", lazyModules: ["src/web/features/auth/first-sign-in.tsx"] },
  {
    name: "the signed-in dashboard",
    lazyModules: ["src/web/app/start-app.tsx", "src/web/app/shell-layout.tsx", "src/web/features/dashboard/dashboard-page.tsx"],
  },
];

/**
 * Vite plugin: after the chunks are minified, measures the JavaScript each first screen loads and
 * fails the build when one passes the budget, naming the size and the chunks.
 */
export function jsBudget(options: { budgetKiB?: number; screens?: readonly FirstScreen[] } = {}): Plugin {
  const budgetKiB = options.budgetKiB ?? INITIAL_JS_BUDGET_KIB;
  let log: (line: string) => void = (line) => console.info(line);
  return {
    name: "js-budget",
    apply: "build",
    configResolved(config) {
      log = (line) => config.logger.info(line);
    },
    generateBundle(_output, bundle) {
      const chunks: ChunkInfo[] = [];
      for (const item of Object.values(bundle)) {
        if (item.type === "chunk") {
          chunks.push({
            file: item.fileName,
            code: item.code,
            imports: item.imports,
            isEntry: item.isEntry,
            facadeModuleId: item.facadeModuleId,
            moduleIds: item.moduleIds,
          });
        }
      }
      // The service worker's own build (vite-plugin-pwa) has none of the app's screens.
      const screens = options.screens ?? FIRST_SCREENS;
      const isAppBuild = chunks.some((chunk) =>
        screens.some((screen) => screen.lazyModules.some((lazyModule) => holds(chunk, lazyModule))),
      );
      if (!isAppBuild) return;
      const { lines, error } = budgetReport(measureFirstScreens(chunks, screens), budgetKiB);
      for (const line of lines) log(line);
      if (error) this.error(error);
    },
  };
}
