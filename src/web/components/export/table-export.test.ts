import { describe, expect, it } from "vitest";
import { buildCsv, csvCell } from "./csv-export";

describe("csv export", () => {
  it("quotes cells with commas, quotes and line breaks", () => {
    expect(csvCell("plain")).toBe("plain");
    expect(csvCell("a,b")).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
  });
  it("writes a BOM, the head and the rows", () => {
    expect(buildCsv(["Name", "Price"], [["Rice", "1,000.00"]])).toBe('\uFEFFName,Price\r\nRice,"1,000.00"\r\n');
  });
});
