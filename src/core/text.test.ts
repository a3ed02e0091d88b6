import { describe, expect, it } from "vitest";
import { textOf } from "./text";

describe("textOf", () => {
  it("keeps strings and writes numbers, bigints and booleans", () => {
    expect(textOf("Erbil")).toBe("Erbil");
    expect(textOf("")).toBe("");
    expect(textOf(12.5)).toBe("12.5");
    expect(textOf(0)).toBe("0");
    expect(textOf(10n)).toBe("10");
    expect(textOf(false)).toBe("false");
  });

  it("gives the fallback for null, undefined and objects, never [object Object]", () => {
    expect(textOf(null)).toBe("");
    expect(textOf(undefined, "0")).toBe("0");
    expect(textOf({ id: 1 })).toBe("");
    expect(textOf([1, 2], "-")).toBe("-");
  });
});
