/**
 * The precache bundle: every precached file of a build in one file (`precache.bin`, written by the
 * build: scripts/sw-artifacts.ts), so a new device installs the app in one request instead of one per
 * file (over a branch link each costs a round trip; install-precache.ts). Layout: a 4-byte big-endian
 * length, that many bytes of JSON (the files: url as in the precache list, its revision, its content
 * type and size), then the files' bytes one after the other in that order. Pure: the build (Node) and
 * the service worker share it.
 */
export const PRECACHE_BUNDLE = "precache.bin";

export interface BundledFile {
  url: string;
  revision: string | null;
  type: string;
  size: number;
}

export interface BundleFile extends Omit<BundledFile, "size"> {
  bytes: Uint8Array;
}

export function encodeBundle(files: readonly BundleFile[]): Uint8Array {
  const header = new TextEncoder().encode(JSON.stringify(files.map(({ bytes, ...file }) => ({ ...file, size: bytes.length }))));
  const out = new Uint8Array(4 + header.length + files.reduce((sum, file) => sum + file.bytes.length, 0));
  new DataView(out.buffer).setUint32(0, header.length);
  out.set(header, 4);
  let offset = 4 + header.length;
  for (const file of files) {
    out.set(file.bytes, offset);
    offset += file.bytes.length;
  }
  return out;
}

/** The files of a bundle, each with a view of its bytes (no copy). Throws on a truncated or foreign file. */
export function decodeBundle(buffer: ArrayBuffer): Array<BundledFile & { bytes: Uint8Array<ArrayBuffer> }> {
  if (buffer.byteLength < 4) throw new Error("Precache bundle: too short");
  const headerLength = new DataView(buffer).getUint32(0);
  if (4 + headerLength > buffer.byteLength) throw new Error("Precache bundle: truncated header");
  const files = JSON.parse(new TextDecoder().decode(new Uint8Array(buffer, 4, headerLength))) as BundledFile[];
  let offset = 4 + headerLength;
  return files.map((file) => {
    if (offset + file.size > buffer.byteLength) throw new Error(`Precache bundle: ${file.url} truncated`);
    const bytes = new Uint8Array(buffer, offset, file.size);
    offset += file.size;
    return { ...file, bytes };
  });
}

/** Content types of the precached files, by extension (the cache answers with them, as the server did). */
const TYPES: Record<string, string> = {
  js: "text/javascript; charset=utf-8",
  mjs: "text/javascript; charset=utf-8",
  css: "text/css; charset=utf-8",
  html: "text/html; charset=utf-8",
  json: "application/json; charset=utf-8",
  webmanifest: "application/manifest+json; charset=utf-8",
  svg: "image/svg+xml",
  png: "image/png",
  ico: "image/x-icon",
  woff2: "font/woff2",
  woff: "font/woff",
  wav: "audio/wav",
};

export const contentTypeOf = (url: string) => TYPES[/\.([a-z0-9]+)$/i.exec(url)?.[1]?.toLowerCase() ?? ""] ?? "application/octet-stream";
