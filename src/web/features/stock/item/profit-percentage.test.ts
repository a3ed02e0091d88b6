import { describe, expect, it } from "vitest";
import { profitPercentage } from "./profit-percentage";

describe("item profit percentage", () => {
  it("is the margin on the purchase price", () => {
    expect(profitPercentage("100", "125")).toBe("25.00");
    expect(profitPercentage("3", "4")).toBe("33.33");
    expect(profitPercentage("100", "90")).toBe("-10.00");
  });
  it("is empty without a positive purchase price or a sale price", () => {
    expect(profitPercentage("0", "10")).toBe("");
    expect(profitPercentage("", "10")).toBe("");
    expect(profitPercentage("10", "")).toBe("");
    expect(profitPercentage("abc", "10")).toBe("");
  });
});
