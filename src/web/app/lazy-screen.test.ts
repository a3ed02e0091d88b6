import { describe, expect, it } from "vitest";
import { RELOAD_GUARD_MS, shouldReloadAfterChunkError } from "./lazy-screen";

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
