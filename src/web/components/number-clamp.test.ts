import { describe, expect, it } from "vitest";
import { canStepDown, canStepUp, clampNumberText, sanitizeCurrencyText, stepNumberText } from "./number-clamp";

describe("number field clamping", () => {
  it("clamps to min and max", () => {
    expect(clampNumberText("-3", { min: 0 })).toBe("0");
    expect(clampNumberText("120", { min: 0, max: 100 })).toBe("100");
    expect(clampNumberText("42.5", { min: 0, max: 100 })).toBe("42.5");
  });
  it("leaves empty and partial input for validation", () => {
    expect(clampNumberText("", { min: 1 })).toBe("");
    expect(clampNumberText("abc", { min: 1 })).toBe("abc");
  });
  it("steps without float drift and stops at bounds", () => {
    expect(stepNumberText("0.1", 0.2, {})).toBe("0.3");
    expect(stepNumberText("9", 5, { max: 10 })).toBe("10");
    expect(stepNumberText("1", -5, { min: 0 })).toBe("0");
    expect(stepNumberText("", 1, {})).toBe("1");
  });
  it("disables plus and minus at the bounds", () => {
    expect(canStepUp("10", { max: 10 })).toBe(false);
    expect(canStepUp("9", { max: 10 })).toBe(true);
    expect(canStepDown("0", { min: 0 })).toBe(false);
    expect(canStepDown("", { min: 0 })).toBe(false);
    expect(canStepDown("1", { min: 0 })).toBe(true);
  });
  it("keeps currency input to two decimals", () => {
    expect(sanitizeCurrencyText("12.345")).toBe("12.34");
    expect(sanitizeCurrencyText("1a2.3.4")).toBe("12.34");
    expect(sanitizeCurrencyText("5.5", 0)).toBe("55");
    expect(sanitizeCurrencyText("-5", 2)).toBe("5");
    expect(sanitizeCurrencyText("-5", 2, true)).toBe("-5");
  });
});
