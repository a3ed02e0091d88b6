import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fitWithin, printLogoUrl, rememberLogos } from "./print-info-cache";

/** A localStorage of this test's own (the unit tests run in Node); the app's modules read it as they load. */
const { memoryStorage } = vi.hoisted(() => {
  const make = (): Storage => {
    const map = new Map<string, string>();
    return {
      get length() {
        return map.size;
      },
      clear: () => map.clear(),
      getItem: (key) => map.get(key) ?? null,
      key: (i) => [...map.keys()][i] ?? null,
      removeItem: (key) => void map.delete(key),
      setItem: (key, value) => void map.set(key, String(value)),
    };
  };
  globalThis.localStorage = make();
  return { memoryStorage: make };
});

const png = () => new Response(new Blob([new Uint8Array([137, 80, 78, 71])], { type: "image/png" }));

describe("the branch logo kept on the device", () => {
  beforeEach(() => vi.stubGlobal("localStorage", memoryStorage()));
  afterEach(() => vi.unstubAllGlobals());

  it("is kept as a JPEG data URL made from the fetched image, and printed from it", async () => {
    const fetched = vi.fn(() => Promise.resolve(png()));
    vi.stubGlobal("fetch", fetched);
    const drawn: string[] = [];
    const toJpeg = (blob: Blob) => {
      drawn.push(blob.type);
      return Promise.resolve("data:image/jpeg;base64,/9j/AA==");
    };
    localStorage.setItem("bo.print-logo./media/logo-1/", "data:image/png;base64,iVBO");
    await rememberLogos([{ logo: "/media/logo-1/" }], toJpeg);
    expect(drawn).toEqual(["image/png"]);
    expect(localStorage.getItem("bo.print-logo./media/logo-1/")).toBeNull();
    expect(printLogoUrl("/media/logo-1/")).toBe("data:image/jpeg;base64,/9j/AA==");
    // Kept once: a media url never changes content.
    await rememberLogos([{ logo: "/media/logo-1/" }], toJpeg);
    expect(fetched).toHaveBeenCalledTimes(1);
  });

  it("keeps nothing the canvas could not make (printed from the server then), and no copy in the uploaded format", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(() => Promise.resolve(png())),
    );
    await rememberLogos([{ logo: "/media/logo-2/" }], () => Promise.resolve(null));
    expect(printLogoUrl("/media/logo-2/")).toMatch(/\/media\/logo-2\/$/);
    // Without a canvas (no document here) the default conversion keeps nothing either.
    await rememberLogos([{ logo: "/media/logo-3/" }]);
    expect(printLogoUrl("/media/logo-3/")).toMatch(/\/media\/logo-3\/$/);
    expect(localStorage.length).toBe(0);
  });

  it("draws a large logo at most 600 pixels on its longer side, keeping its shape", () => {
    expect(fitWithin(1200, 300)).toEqual({ width: 600, height: 150 });
    expect(fitWithin(200, 800)).toEqual({ width: 150, height: 600 });
    expect(fitWithin(120, 80)).toEqual({ width: 120, height: 80 });
  });
});
