import { describe, expect, it } from "vitest";
import { pickSearchResult, shouldSearch } from "./item-search-pick";

const a = { id: 1, barcode: "111" };
const b = { id: 2, barcode: "1112" };

describe("item search pick", () => {
  it("reports a miss", () => expect(pickSearchResult([], "x", false)).toEqual({ kind: "none" }));
  it("auto-selects a single result", () => expect(pickSearchResult([b], "111", true)).toEqual({ kind: "pick", item: b }));
  it("selects the single exact barcode match among several", () => {
    expect(pickSearchResult([a, b], "111", true)).toEqual({ kind: "pick", item: a });
    expect(pickSearchResult([a, b], "111", false)).toEqual({ kind: "choose", items: [a, b] });
    expect(pickSearchResult([a, b], "11", true)).toEqual({ kind: "choose", items: [a, b] });
  });
  it("searches only with a keyword", () => {
    expect(shouldSearch("  ")).toBe(false);
    expect(shouldSearch("12")).toBe(true);
  });
});
