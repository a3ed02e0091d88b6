import { existsSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { Plugin } from "vite";
import { contentTypeOf, encodeBundle, PRECACHE_BUNDLE, type BundleFile } from "../sw/precache-bundle";

/**
 * What the build writes for the service worker once vite-plugin-pwa has built sw.js and injected its
 * precache list (its closeBundle, after the build's compression pass; this runs last, "post",
 * sequential, on the final files):
 * - precache.bin, every file of that list in one (sw/precache-bundle.ts), which a new device's install
 *   fetches instead of one request per file (sw/install-precache.ts);
 * - sw.js and precache.bin as .br and .gz beside them, as the compression pass writes every other
 *   asset (served by @fastify/static's preCompressed, no CPU per request).
 */
export function serviceWorkerArtifacts(file = "sw.js"): Plugin {
  let outDir = "";
  return {
    name: "service-worker-artifacts",
    apply: "build",
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: "post",
      sequential: true,
      async handler() {
        const worker = join(outDir, file);
        if (!existsSync(worker)) return; // no service worker in this build
        const source = await readFile(worker);
        const files: BundleFile[] = [];
        for (const entry of precacheList(source.toString("utf8"))) {
          files.push({ ...entry, type: contentTypeOf(entry.url), bytes: await readFile(join(outDir, entry.url)) });
        }
        const bundle = join(outDir, PRECACHE_BUNDLE);
        await writeFile(bundle, encodeBundle(files));
        await precompress(worker);
        await precompress(bundle);
      },
    },
  };
}

/** The precache list as injected into the built worker (a JSON array of { revision, url }). */
export function precacheList(worker: string): Array<{ url: string; revision: string | null }> {
  const start = worker.indexOf('[{"revision":');
  const end = worker.indexOf("}]", start);
  if (start < 0 || end < 0) throw new Error("service-worker-artifacts: no precache list found in the built service worker");
  return JSON.parse(worker.slice(start, end + 2)) as Array<{ url: string; revision: string | null }>;
}

async function precompress(path: string): Promise<void> {
  const source = await readFile(path);
  await writeFile(`${path}.br`, brotliCompressSync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }));
  await writeFile(`${path}.gz`, gzipSync(source, { level: constants.Z_BEST_COMPRESSION }));
}
