import { describe, expect, it } from "vitest";
import { contentTypeOf, decodeBundle, encodeBundle } from "../sw/precache-bundle";
import { precacheList } from "./sw-artifacts";

const bytes = (text: string) => new TextEncoder().encode(text);
const text = (view: Uint8Array) => new TextDecoder().decode(view);

describe("precache bundle", () => {
  const files = [
    { url: "index.html", revision: "abc", type: "text/html; charset=utf-8", bytes: bytes("<!doctype html><div id=root></div>") },
    { url: "assets/app-x1.js", revision: null, type: "text/javascript; charset=utf-8", bytes: bytes("export const a = 'é';") },
    { url: "assets/empty-x2.css", revision: null, type: "text/css; charset=utf-8", bytes: new Uint8Array(0) },
    { url: "pwa-192x192.png", revision: "def", type: "image/png", bytes: new Uint8Array([137, 80, 78, 71, 0, 255]) },
  ];

  it("gives back every file with its url, revision, type and exact bytes, in order", () => {
    const encoded = encodeBundle(files);
    const decoded = decodeBundle(encoded.buffer as ArrayBuffer);
    expect(decoded.map(({ url, revision, type, size }) => ({ url, revision, type, size }))).toEqual(
      files.map(({ url, revision, type, bytes: b }) => ({ url, revision, type, size: b.length })),
    );
    decoded.forEach((file, i) => expect([...file.bytes]).toEqual([...files[i].bytes]));
    expect(text(decoded[1].bytes)).toBe("export const a = 'é';");
  });

  it("refuses a truncated bundle instead of caching a cut file", () => {
    const encoded = encodeBundle(files);
    expect(() => decodeBundle(encoded.slice(0, encoded.length - 1).buffer)).toThrow(/pwa-192x192.png truncated/);
    expect(() => decodeBundle(encoded.slice(0, 10).buffer)).toThrow(/truncated header/);
    expect(() => decodeBundle(new ArrayBuffer(2))).toThrow(/too short/);
  });

  it("names the content type the server sends for each precached kind of file", () => {
    expect(contentTypeOf("assets/index-AbC.js")).toMatch(/^text\/javascript/);
    expect(contentTypeOf("assets/index-AbC.css")).toMatch(/^text\/css/);
    expect(contentTypeOf("manifest.webmanifest")).toMatch(/^application\/manifest\+json/);
    expect(contentTypeOf("assets/roboto-latin-400-normal-x.woff2")).toBe("font/woff2");
    expect(contentTypeOf("sounds/alert.WAV")).toBe("audio/wav");
    expect(contentTypeOf("LICENSE")).toBe("application/octet-stream");
  });
});

describe("precacheList", () => {
  it("reads the list vite-plugin-pwa injected into the built worker", () => {
    const worker = `const a=1;const m=[{"revision":"4eaa","url":"pwa-512x512.png"},{"revision":null,"url":"assets/x-AB.js"}];new P().addToCacheList(m);const z=[{a:1}];`;
    expect(precacheList(worker)).toEqual([
      { revision: "4eaa", url: "pwa-512x512.png" },
      { revision: null, url: "assets/x-AB.js" },
    ]);
  });

  it("fails the build when the worker has no list (the bundle would silently be empty)", () => {
    expect(() => precacheList("const m=self.__WB_MANIFEST;")).toThrow(/no precache list/);
  });
});
