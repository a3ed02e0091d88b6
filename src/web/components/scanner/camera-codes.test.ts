import { describe, expect, it } from "vitest";
import { codeOfFrame } from "./camera-codes";

describe("codeOfFrame", () => {
  it("hands over the first code of a counter format, trimmed", () => {
    expect(codeOfFrame([{ rawValue: " 2154321012506 ", format: "ean_13" }])).toBe("2154321012506");
    expect(codeOfFrame([{ rawValue: "96385074", format: "ean_8" }])).toBe("96385074");
    expect(codeOfFrame([{ rawValue: "BOX-17", format: "code_128" }])).toBe("BOX-17");
    expect(codeOfFrame([{ rawValue: "ERB-241", format: "qr_code" }])).toBe("ERB-241");
  });
  it("skips other formats and empty reads", () => {
    expect(
      codeOfFrame([
        { rawValue: "x", format: "pdf417" },
        { rawValue: "", format: "ean_13" },
      ]),
    ).toBeNull();
    expect(
      codeOfFrame([
        { rawValue: "x", format: "aztec" },
        { rawValue: "123", format: "code_128" },
      ]),
    ).toBe("123");
    expect(codeOfFrame([])).toBeNull();
  });
});
