import { createElement, Suspense } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { lazyChunk, lazyScreen, preloadScreen, RELOAD_GUARD_MS, shouldReloadAfterChunkError } from "./lazy-screen";

describe("shouldReloadAfterChunkError", () => {
  it("reloads the first time", () => {
    expect(shouldReloadAfterChunkError(null, 1000)).toBe(true);
  });
  it("does not reload again right after a reload", () => {
    expect(shouldReloadAfterChunkError(1000, 1000 + RELOAD_GUARD_MS - 1)).toBe(false);
  });
  it("reloads again once the guard window has passed", () => {
    expect(shouldReloadAfterChunkError(1000, 1000 + RELOAD_GUARD_MS + 1)).toBe(true);
  });
  it("does not reload while offline: the error screen shows instead of the browser's offline page", () => {
    expect(shouldReloadAfterChunkError(null, 1000, false)).toBe(false);
    expect(shouldReloadAfterChunkError(null, 1000, true)).toBe(true);
  });
});

describe("lazy chunks asked for early", () => {
  it("download once, however often they are preloaded; a route's screen is preloaded by preloadScreen", async () => {
    const screen = () => null;
    const loader = vi.fn(() => Promise.resolve({ default: screen }));
    const Screen = lazyScreen(loader);
    expect(loader).not.toHaveBeenCalled();
    void preloadScreen(Screen);
    void preloadScreen(Screen);
    await Promise.resolve();
    expect(loader).toHaveBeenCalledTimes(1);
  });

  it("preloadScreen leaves a screen that is not lazy alone", () => {
    expect(() => preloadScreen(() => null)).not.toThrow();
  });

  it("a popup's chunk is asked for once by its preload and its first render alike", () => {
    const loader = vi.fn(() => Promise.resolve({ default: () => null }));
    const chunk = lazyChunk(loader);
    chunk.preload();
    chunk.preload();
    expect(loader).toHaveBeenCalledTimes(1);
  });

  it("a chunk already here renders at once; one on its way shows the fallback", async () => {
    const render = (chunk: ReturnType<typeof lazyChunk<object>>) =>
      renderToString(createElement(Suspense, { fallback: createElement("i", null, "waiting") }, createElement(chunk.Component)));
    const screen = () => createElement("p", null, "the screen");
    const early = lazyChunk<object>(() => Promise.resolve({ default: screen }));
    await early.arrived();
    expect(render(early)).toContain("the screen");
    expect(render(early)).not.toContain("waiting");
    const late = lazyChunk<object>(() => Promise.resolve({ default: screen }));
    expect(render(late)).toContain("waiting");
  });

  it("preloadScreen resolves once the screen's chunk is here", async () => {
    let arrive: (module: { default: () => null }) => void = () => undefined;
    const Screen = lazyScreen(() => new Promise((resolve) => (arrive = resolve)));
    let done = false;
    const ready = preloadScreen(Screen).then(() => (done = true));
    await Promise.resolve();
    expect(done).toBe(false);
    arrive({ default: () => null });
    await ready;
    expect(done).toBe(true);
  });
});
