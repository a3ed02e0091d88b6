import { describe, expect, it } from "vitest";
import { codedDocumentNumber, formatDocumentNumber, normaliseShortCode, parseDocumentNumber, SHORT_CODE_PATTERN } from "./document-number";

describe("document numbers with the branch's short code", () => {
  it("reads the code before the number, or the bare number without a code", () => {
    expect(formatDocumentNumber("ERB", 241)).toBe("ERB-241");
    expect(formatDocumentNumber(null, 241)).toBe("241");
    expect(formatDocumentNumber("", "7")).toBe("7");
  });

  it("parses the code in either case, with or without its dash, and the bare number", () => {
    expect(parseDocumentNumber("ERB-241")).toEqual({ shortCode: "ERB", number: 241 });
    expect(parseDocumentNumber(" erb-241 ")).toEqual({ shortCode: "ERB", number: 241 });
    expect(parseDocumentNumber("sul241")).toEqual({ shortCode: "SUL", number: 241 });
    expect(parseDocumentNumber("241")).toEqual({ shortCode: null, number: 241 });
    expect(parseDocumentNumber("B2-15")).toEqual({ shortCode: "B2", number: 15 });
  });

  it("keeps a run of digits a number, and refuses what is no document number", () => {
    expect(parseDocumentNumber("12345")).toEqual({ shortCode: null, number: 12345 });
    expect(parseDocumentNumber("12-345")).toEqual({ shortCode: "12", number: 345 });
    expect(parseDocumentNumber("Ahmed")).toBeNull();
    expect(parseDocumentNumber("TOOLONG-1")).toBeNull();
    expect(parseDocumentNumber("")).toBeNull();
  });

  it("stores codes uppercase, 2 to 5 letters or digits", () => {
    expect(normaliseShortCode(" erb ")).toBe("ERB");
    expect(SHORT_CODE_PATTERN.test("ERB")).toBe(true);
    expect(SHORT_CODE_PATTERN.test("E")).toBe(false);
    expect(SHORT_CODE_PATTERN.test("ER-B")).toBe(false);
    expect(SHORT_CODE_PATTERN.test("ABCDEF")).toBe(false);
  });
});

describe("a document's number as it reads, from its branch", () => {
  const branches = [
    { id: 1, short_code: "ERB" },
    { id: 2, short_code: "" },
  ];

  it("puts the branch's short code before a plain number, given as a number or as digits", () => {
    expect(codedDocumentNumber(branches, 1, 241)).toBe("ERB-241");
    expect(codedDocumentNumber(branches, 1, "241")).toBe("ERB-241");
  });

  it("leaves the number as it is without a code, a known branch or a plain number", () => {
    expect(codedDocumentNumber(branches, 2, 241)).toBe("241");
    expect(codedDocumentNumber(branches, 9, 241)).toBe("241");
    expect(codedDocumentNumber(branches, null, 241)).toBe("241");
    expect(codedDocumentNumber(branches, 1, "Pending 3")).toBe("Pending 3");
  });
});
