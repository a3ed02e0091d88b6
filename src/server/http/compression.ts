import { constants } from "node:zlib";
import type { FastifyInstance } from "fastify";
import compress from "@fastify/compress";

/** Answers smaller than this go out as they are: a few hundred bytes gain nothing worth a CPU's time. */
export const COMPRESS_THRESHOLD = 1024;

/**
 * Answers compressed by the client's Accept-Encoding, brotli first, then gzip (tablets on
 * slow links; a sync page of JSON shrinks about tenfold). Brotli at quality 4: quality 11, zlib's
 * default, costs tens of milliseconds per page for a few percent more; 4 is faster than gzip's
 * default for a smaller answer. The built web app is compressed once at build time instead (the
 * .br and .gz files beside each asset, served by @fastify/static's preCompressed), and the answers
 * that already carry a Content-Encoding (those files) are left alone by the plugin.
 *
 * Registered before the routes and before @fastify/static (the plugin's documented order). Request
 * bodies are never decompressed: no client sends them compressed, and refusing them keeps a small
 * compressed body from growing into a large one past the body limit's first look.
 */
export async function installCompression(app: FastifyInstance) {
  await app.register(compress, {
    global: true,
    globalDecompression: false,
    encodings: ["br", "gzip"],
    threshold: COMPRESS_THRESHOLD,
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } },
    zlibOptions: { level: 6 },
  });
}
